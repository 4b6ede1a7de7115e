// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// The output formats of `pageinfo pages`.
public enum PageListFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people; `wide` adds every box in full.
    case table
    /// One JSON document per file: `{"file", "pageCount", …, "pages": [...]}`; an array of
    /// them for several files.
    case json
    /// One page object per line, each with a `file` field; streamed.
    case jsonl
    /// JSON lines as ``jsonl`` writes them, except that a file's page records come as chunk
    /// records of at most `PageListEncoder/columnChunkPages` pages, each member an array of one
    /// value per page (`{"record":"pages","file","count","columns":{…}}`, docs/records.md,
    /// "Columns"): the same numbers, parsed several times faster by a reader such as CPython's
    /// `json`. Streamed, one chunk at a time.
    case columns
    /// One row per page with a header row; RFC 4180 quoting.
    case csv
}

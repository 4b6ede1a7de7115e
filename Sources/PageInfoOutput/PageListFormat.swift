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
    /// One row per page with a header row; RFC 4180 quoting.
    case csv
}

// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoGrammar
import PageInfoSystem
import PageInfoPoppler
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// Reads PDF files into the records of `docs/records.md`: the document summary, one
/// `PageEntry` per position of the page tree (a page, or why there is none),
/// and the file record's `DocumentOutcome` with the file's
/// `ExitStatus`.
///
/// This is the one reading loop of the package: `pageinfo pages` and `info` (in process and in
/// batch mode's workers) and `pageinfo check` all read through it, so statuses, `--strict`,
/// page selections and exit statuses agree everywhere. Lengths in the records are in points
/// (1/72 inch), boxes in raw PDF user space.
///
/// ```swift
/// let reader = DocumentReader(ranges: try PageRangeList("1-3"))
/// let records = try reader.records(.path("book.pdf"))
/// for entry in records.entries { print(entry.index, entry.page?.size ?? "page error") }
/// print(records.outcome.status, records.exitStatus)
/// ```
public struct DocumentReader: Sendable {
    /// The user or owner password of encrypted files (see `PasswordSource` for reading it from
    /// a file or `PAGEINFO_PASSWORD`); `nil` for none.
    public var password: String?
    /// The 1-based pages to read (`--pages`), or `nil` for all.
    public var ranges: PageRangeList?
    /// `--strict`: any page error or warning fails the file (`failed`, code `strict`, exit 65);
    /// without ``withPages`` the pages are still read for their warnings, not reported.
    public var strict: Bool
    /// Read geometry and labels (`pages`), or only walk the tree to count (`info`).
    public var withPages: Bool
    /// Fill the file record's `seconds`; `false` leaves it `nil` so that the records are
    /// deterministic (goldens, diffs). Batch mode measures it.
    public var measuresTime: Bool
    /// The most read from standard input, a pipe or a device, in MiB (`--max-input-size`).
    public var maxStreamMiB: Int
    /// Whose words the messages use for the settings they name (the file record's `error.message`,
    /// `FileResult.message`): ``Wording/library`` (`strict: …`, `ranges: …`)
    /// unless a command asks for its options (`--strict: …`, `--pages: …`).
    public var wording: Wording
    /// Read each page's annotations too (`PageEntry.annotations`; `pageinfo annotations`). Their
    /// warnings count as page warnings for ``strict``.
    public var withAnnotations: Bool
    /// Read the document outline too (``DocumentRecords/outline``; `pageinfo outline`), with
    /// the target pages of its destinations. Its outline-level warnings join the file record's,
    /// and its entries' warnings count for ``strict``.
    public var withOutline: Bool

    /// A reader with its options; see the properties.
    public init(password: String? = nil, ranges: PageRangeList? = nil, strict: Bool = false, withPages: Bool = true,
                measuresTime: Bool = false, maxStreamMiB: Int = InputFile.defaultMaxStreamMiB, wording: Wording = .library,
                withAnnotations: Bool = false, withOutline: Bool = false) {
        self.withAnnotations = withAnnotations
        self.withOutline = withOutline
        self.password = password
        self.ranges = ranges
        self.strict = strict
        self.withPages = withPages
        self.measuresTime = measuresTime
        self.maxStreamMiB = maxStreamMiB
        self.wording = wording
    }

    /// How reading one file ended: its outcome (the file record's closing fields), the exit
    /// status it contributes, and the one line a command prints on stderr when it is not ok.
    package struct FileResult: Sendable {
        /// The file record's closing fields.
        package var outcome: DocumentOutcome
        /// The exit status this file contributes (0, 2, 64, 65, 66 or 77).
        package var exitStatus: ExitStatus
        /// One line for a person, naming the file, when it is not ok; `nil` otherwise.
        package var message: String?
        /// Why the file could not be opened, when it could not.
        var openError: PageInfoError? = nil
    }

    /// Reads one file and returns all its records. Throws when the file cannot be opened at all
    /// (missing, not a PDF, damaged beyond repair, a password missing or wrong); a file that
    /// opens is never an error, whatever its pages hold: its status says how it went.
    public func records(_ source: DocumentSource) throws(PageInfoError) -> DocumentRecords {
        var collector = RecordCollector()
        let result = read(source, sink: &collector)
        if let error = result.openError { throw error }
        return DocumentRecords(summary: collector.summary ?? DocumentSummary(file: source.name), entries: collector.entries,
                               outcome: result.outcome, exitStatus: result.exitStatus, message: result.message, outline: collector.outline)
    }

    /// Reads one file into any ``RecordSink``: the one reading loop.
    package func read<Sink: RecordSink & ~Copyable>(_ source: DocumentSource, sink: inout Sink) -> FileResult {
        let file = source.name
        let start = monotonicSeconds()
        func failed(_ error: PageInfoError, path: String, bytes: Int?) -> FileResult {
            let outcome = DocumentOutcome.failed(.init(code: error.code, message: error.message(wording).replacingPrefix(path, with: file)),
                                                 bytes: bytes, seconds: measuresTime ? monotonicSeconds() - start : nil)
            sink.failedDocument(file: file, outcome: outcome)
            return FileResult(outcome: outcome, exitStatus: error.exitStatus, message: outcome.error?.message, openError: error)
        }
        let opened: OpenedSource
        do { opened = try OpenedSource(source, maxStreamMiB: maxStreamMiB) } catch {
            return failed(error, path: file, bytes: FileSystem.regularFileSize(file))
        }
        let document: PopplerDocument
        do { document = try opened.open(password: password, maxStreamMiB: maxStreamMiB) } catch {
            defer { opened.close() }
            return failed(error, path: opened.path, bytes: opened.size)
        }
        defer { opened.close() }
        var documentSummary = document.summary
        documentSummary.file = file
        sink.beginDocument(documentSummary)

        // Walk the selected positions; remember the walk that went furthest, so a walk that
        // reached the end of the tree also gives the document's count and warnings.
        var walk: WalkSummary?
        var outOfRange: PageInfoError?
        var pageWarnings = 0
        func consider(_ cursor: PageCursor) {
            let s = cursor.summary
            if walk == nil || (s.finished && !(walk!.finished)) || s.positions > walk!.positions { walk = s }
        }
        // `info --strict` reads the pages too (not printing them): their warnings fail the file,
        // as they do in `pages --strict`.
        var targets = TargetPages(document: document)
        // Emits an entry read, its destinations' target pages resolved first.
        func emit(_ read: PageEntry) {
            var entry = read
            if var annotations = entry.annotations {
                let (pages, unread) = targets.targets(of: annotations.annotations.lazy.map(\.destination))
                annotations.targets = pages
                if unread {
                    annotations.warnings.append(ReadWarning(.destinationTargetsUnread, "the pages some destinations on this page target were not read (the reader's budget for target pages is spent); their page points and view states are null"))
                }
                entry.annotations = annotations
                // /Annots as a whole is the page's: its warnings join the page record's.
                entry.warnings += annotations.warnings
                pageWarnings += annotations.annotations.reduce(0) { $0 + $1.warnings.count }
            }
            pageWarnings += entry.warnings.count
            if withPages { sink.entry(entry) }
        }
        if withPages || strict {
            let items = ranges?.items ?? [PageRangeList.Item(first: 1, last: nil)]
            for item in items {
                let cursor = document.makePageCursor(from: item.first - 1)
                var index = item.first - 1
                // Entries whose links point a few pages ahead wait for the walk to read those
                // pages, in order (TargetPages.awaits), instead of a second cursor reading them.
                var waiting: [PageEntry] = [], waitingAnnotations = 0
                while item.last.map({ index < $0 }) ?? true, var entry = cursor.next() {
                    if withAnnotations, let page = entry.page {
                        targets.read(entry.index, page)
                        entry.annotations = cursor.annotations()
                    }
                    waiting.append(entry)
                    waitingAnnotations += entry.annotations?.annotations.count ?? 0
                    while let first = waiting.first,
                          waitingAnnotations > TargetPages.waitingLimit || !targets.awaits(first, after: entry.index) {
                        waitingAnnotations -= first.annotations?.annotations.count ?? 0
                        emit(waiting.removeFirst())
                    }
                    index += 1
                }
                for entry in waiting { emit(entry) }
                consider(cursor)
                let wanted = item.last ?? item.first
                if ranges != nil, index < wanted, outOfRange == nil {
                    let count = cursor.summary.finished ? cursor.summary.positions : document.pageCount
                    outOfRange = .pageOutOfRange(index: (index < item.first ? item.first : wanted) - 1, pageCount: count)
                }
                if sink.isStopped { break }
            }
        }
        var outlineWarnings: [ReadWarning] = [], firstEntryWarning: ReadWarning?
        if withOutline {
            var outline = document.outline()
            let (pages, unread) = targets.targets(of: outline.entries.lazy.map(\.destination))
            outline.targets = pages
            if unread {
                outline.warnings.append(ReadWarning(.destinationTargetsUnread, "the pages some outline entries target were not read (the reader's budget for target pages is spent); their page points are null"))
            }
            pageWarnings += outline.entries.reduce(0) { $0 + $1.warnings.count }
            outlineWarnings = outline.warnings
            firstEntryWarning = outline.entries.lazy.compactMap(\.warnings.first).first
            sink.outline(outline)
        }
        var walkSummary = walk ?? WalkSummary()
        if !walkSummary.finished {
            // The selection stopped early: count the rest of the tree (no geometry, no labels).
            walkSummary = document.walkSummary()
        }
        let summary = walkSummary
        var outcome = document.outcome(after: summary)
        // The outline as a whole is the document's: its warnings join the file record's.
        outcome.warnings += outlineWarnings
        let warnings = outcome.warnings
        if let message = outcome.error?.message { outcome.error?.message = message.replacingPrefix(opened.path, with: file) }
        var message: String?
        if summary.pageErrors > 0 {
            message = "\(file): \(summary.pageErrors) of \(summary.positions) page\(summary.positions == 1 ? "" : "s") could not be read; the others are reported"
        } else if summary.limitReached {
            let walked = summary.treePositions
            let scanned = summary.recovered > 0 ? ", and \(summary.recovered) more found by scanning the file's objects" : ""
            message = "\(file): the page tree lists the same subtrees again past the reader's limit; only the first \(walked) page\(walked == 1 ? " is" : "s are") reported\(scanned)"
        } else if summary.recovered > 0 {
            message = "\(file): the page tree is missing or broken; \(summary.recovered) page\(summary.recovered == 1 ? " was" : "s were") recovered by scanning the file's objects"
        }
        if outcome.status == .failed {
            message = outcome.error?.message
        } else if strict, outcome.status != .ok || !warnings.isEmpty || pageWarnings > 0 {
            let total = warnings.count + pageWarnings
            let first = (warnings.first ?? firstEntryWarning)?.description ?? (summary.pageErrors > 0 ? "page errors" : "page warnings")
            outcome.status = .failed
            outcome.error = DocumentOutcome.Failure(code: FileErrorCode.strict.rawValue, message: "\(file): \(wording.name(.strict)): \(summary.pageErrors) page error\(summary.pageErrors == 1 ? "" : "s") and \(total) warning\(total == 1 ? "" : "s") (\(first))")
            message = outcome.error?.message
        }
        if let outOfRange {
            outcome.error = DocumentOutcome.Failure(code: outOfRange.code, message: "\(file): \(wording.name(.pages)): \(outOfRange.message(wording))")
            message = outcome.error?.message
        }
        if measuresTime { outcome.seconds = monotonicSeconds() - start }
        sink.endDocument(outcome)
        // The file record says it all: its status and error code (65 for a failed file, 64
        // for a page past the end, worse than the file's own), by the one mapping.
        return FileResult(outcome: outcome, exitStatus: ExitStatus(outcome), message: message)
    }
}

/// All the records of one file, as ``DocumentReader/records(_:)`` returns them.
public struct DocumentRecords: Sendable {
    /// The document-level fields (`file` is the source's ``DocumentSource/name``).
    public var summary: DocumentSummary
    /// The positions read, in document order: every position, or those ``DocumentReader/ranges`` selects.
    public var entries: [PageEntry]
    /// The file record's closing fields.
    public var outcome: DocumentOutcome
    /// The exit status this file contributes.
    public var exitStatus: ExitStatus
    /// The one line a command prints on stderr when the file is not ok; `nil` otherwise.
    public var message: String?
    /// The document outline, when it was asked for (``DocumentReader/withOutline``); `nil`
    /// otherwise and for a file that could not be opened.
    public var outline: DocumentOutline?

    /// Records from their parts (a reader's, or those decoded from a batch worker's JSON lines).
    public init(summary: DocumentSummary, entries: [PageEntry], outcome: DocumentOutcome, exitStatus: ExitStatus, message: String?,
                outline: DocumentOutline? = nil) {
        self.summary = summary
        self.entries = entries
        self.outcome = outcome
        self.exitStatus = exitStatus
        self.message = message
        self.outline = outline
    }
}

extension PopplerDocument {
    /// The document-level fields every file record starts with (`file` is the path it was
    /// opened by, or the name it was given).
    public var summary: DocumentSummary {
        let v = pdfVersion
        return DocumentSummary(file: path, pdfVersion: v.major > 0 ? "\(v.major).\(v.minor)" : nil, encrypted: isEncrypted,
                               pageLayout: pageLayout, direction: direction, hasPageLabels: hasPageLabels)
    }
}

extension String {
    /// The string with a leading `prefix` replaced (messages name the path a file was opened by).
    package func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        guard prefix != replacement, hasPrefix(prefix) else { return self }
        return replacement + dropFirst(prefix.count)
    }
}

// (monotonicSeconds, the clock, is the system layer's.)


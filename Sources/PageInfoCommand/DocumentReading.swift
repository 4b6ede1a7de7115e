// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoGrammar
import PageInfoOutput
import PageInfoCheck
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
#endif

/// How `pages` and `info` read each file: the loop over files, and what each file's outcome is.
/// One place decides statuses and exit codes, so every format and command agrees.
struct DocumentReading {
    var password: String?
    /// 1-based page selection (`--pages`), or all pages.
    var ranges: PageRangeList?
    /// `--strict`: any page error or warning fails the file.
    var strict = false
    /// Read geometry and labels (`pages`), or only walk the tree to count (`info`).
    var withPages = true
    /// Fill the file record's `seconds` (batch mode); plain output leaves it null so that it is
    /// deterministic (goldens, diffs).
    var measuresTime = false
    /// The most read from stdin, a pipe or a device, in MiB (`--max-input-size`).
    var maxStreamMiB = InputFile.defaultMaxStreamMiB

    /// The result of reading one file: its outcome for the file record, the exit code it
    /// contributes, and the one line for stderr when it is not ok.
    struct FileResult {
        var outcome: DocumentOutcome
        var exitCode: ExitCode
        var message: String?
    }

    /// Reads every file into `encoder`, reporting each failure on stderr in one line, and
    /// returns the exit code of the worst outcome (documented in `pageinfo --help`).
    func run(files: [String], into encoder: inout PageListEncoder) -> ExitCode {
        encoder.begin(documentCount: files.count)
        var worst = ExitCode.success
        // CommandLine.arguments repairs invalid UTF-8 (U+FFFD): open such a name by its raw bytes
        // and read it through /proc/self/fd; its JSON records carry the exact bytes (\udcXX, as
        // batch mode writes them), its table and CSV rows and messages the repaired name.
        for (file, raw) in zip(files, rawArguments(files)) {
            let name = FileName(raw: raw)
            var fd: Int32 = -1
            if !name.isValidUTF8, !raw.contains(0) { fd = cPath(raw) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } }
            defer { if fd >= 0 { close(fd) } }
            encoder.out.exactFileName = name.isValidUTF8 ? nil : name
            let result = fd >= 0 ? read("/proc/self/fd/\(fd)", name: file, into: &encoder) : read(file, into: &encoder)
            InputFile.release(fd >= 0 ? "/proc/self/fd/\(fd)" : file)
            encoder.out.exactFileName = nil
            if let message = result.message {
                encoder.out.flush()
                reportFailure(message)
            }
            worst = ExitStatus.worse(worst, result.exitCode)
            if encoder.out.writeFailed { break }
        }
        encoder.end()
        if encoder.out.writeFailed { return ExitStatus.ioError }
        return worst
    }

    /// Reads one file: its page records (unless `withPages` is false) and its file record.
    /// `name` is what the records call the file (default: `path`; batch workers open a file
    /// descriptor and name the file as the user did).
    func read(_ path: String, name: String? = nil, into encoder: inout PageListEncoder) -> FileResult {
        let file = name ?? path
        let start = monotonicSeconds()
        let document: PopplerDocument
        do { document = try InputFile.open(path, password: password, maxStreamMiB: maxStreamMiB) } catch {
            let outcome = DocumentOutcome.failed(.init(code: error.code, message: error.description.replacingPrefix(path, with: file)), bytes: fileSize(path),
                                                 seconds: measuresTime ? monotonicSeconds() - start : nil)
            encoder.failedDocument(file: file, outcome: outcome)
            return FileResult(outcome: outcome, exitCode: ExitStatus.code(for: error), message: outcome.error?.message)
        }
        var documentSummary = document.summary
        documentSummary.file = file
        encoder.beginDocument(documentSummary)

        // Walk the selected positions; remember the walk that went furthest, so a walk that
        // reached the end of the tree also gives the document's count and warnings.
        var walk: WalkSummary?
        var outOfRange: PageInfoError?
        var pageWarnings = 0
        func consider(_ cursor: PageCursor) {
            let s = cursor.summary
            if walk == nil || (s.finished && !(walk!.finished)) || s.positions > walk!.positions { walk = s }
        }
        if withPages {
            let items = ranges?.items ?? [PageRangeList.Item(first: 1, last: nil)]
            for item in items {
                let cursor = document.makePageCursor(from: item.first - 1)
                var index = item.first - 1
                while item.last.map({ index < $0 }) ?? true, let entry = cursor.next() {
                    pageWarnings += entry.warnings.count
                    encoder.entry(entry)
                    index += 1
                }
                consider(cursor)
                let wanted = item.last ?? item.first
                if ranges != nil, index < wanted, outOfRange == nil {
                    let count = cursor.summary.finished ? cursor.summary.positions : document.pageCount
                    outOfRange = .pageOutOfRange(index: (index < item.first ? item.first : wanted) - 1, pageCount: count)
                }
                if encoder.out.writeFailed { break }
            }
        }
        var walkSummary = walk ?? WalkSummary()
        if !walkSummary.finished {
            // The selection stopped early: count the rest of the tree (no geometry, no labels).
            walkSummary = document.walkSummary()
        }
        let summary = walkSummary
        var outcome = document.outcome(after: summary)
        let warnings = outcome.warnings
        if let message = outcome.error?.message { outcome.error?.message = message.replacingPrefix(path, with: file) }
        var exitCode = outcome.status == .partial ? ExitStatus.partial : ExitCode.success
        var message: String?
        if summary.pageErrors > 0 {
            message = "\(file): \(summary.pageErrors) of \(summary.positions) page\(summary.positions == 1 ? "" : "s") could not be read; the others are reported"
        } else if summary.recovered > 0 {
            message = "\(file): the page tree is missing or broken; \(summary.recovered) page\(summary.recovered == 1 ? " was" : "s were") recovered by scanning the file's objects"
        } else if summary.limitReached {
            message = "\(file): the page tree lists the same subtrees again past the reader's limit; only the first \(summary.positions) page\(summary.positions == 1 ? " is" : "s are") reported"
        }
        if outcome.status == .failed {
            exitCode = ExitStatus.malformed
            message = outcome.error?.message
        } else if strict, outcome.status != .ok || !warnings.isEmpty || pageWarnings > 0 {
            let total = warnings.count + pageWarnings
            let first = warnings.first?.description ?? (summary.pageErrors > 0 ? "page errors" : "page warnings")
            outcome.status = .failed
            outcome.error = DocumentOutcome.Failure(code: "strict", message: "\(file): --strict: \(summary.pageErrors) page error\(summary.pageErrors == 1 ? "" : "s") and \(total) warning\(total == 1 ? "" : "s") (\(first))")
            exitCode = ExitStatus.malformed
            message = outcome.error?.message
        }
        if let outOfRange {
            outcome.error = DocumentOutcome.Failure(code: outOfRange.code, message: "\(file): --pages: \(outOfRange.description)")
            exitCode = ExitStatus.worse(exitCode, ExitStatus.usage)
            message = outcome.error?.message
        }
        if measuresTime { outcome.seconds = monotonicSeconds() - start }
        encoder.endDocument(outcome)
        return FileResult(outcome: outcome, exitCode: exitCode, message: message)
    }
}

extension String {
    /// The string with a leading `prefix` replaced (messages name the path a file was opened by).
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        guard prefix != replacement, hasPrefix(prefix) else { return self }
        return replacement + dropFirst(prefix.count)
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The size of a regular file in bytes, or `nil`.
func fileSize(_ path: String) -> Int? {
    var st = stat()
    guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(st.st_size)
}

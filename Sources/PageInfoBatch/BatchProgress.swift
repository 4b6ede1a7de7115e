// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoSystem
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// Counts of a batch's outcomes: for the progress line, the summary line and the exit status.
public struct BatchTally: Sendable, Hashable {
    /// Files done (each has its file record).
    public var files = 0
    /// Files whose status is `ok`.
    public var ok = 0
    /// Files whose status is `partial`.
    public var partial = 0
    /// Files whose status is `failed`.
    public var failed = 0
    /// Pages of the files done (positions of their page trees as walked).
    public var pages = 0
    /// Failed files by error code.
    public var failures: [FileErrorCode: Int] = [:]
    /// The exit status of the worst outcome so far.
    public var exitCode = ExitStatus.success

    /// No file yet.
    public init() {}

    /// Counts one more file with its file record's `status`, `error` code and page count.
    public mutating func add(status: DocumentOutcome.Status, error: FileErrorCode?, pages: Int) {
        files += 1
        self.pages += pages
        switch status {
        case .ok: ok += 1
        case .partial: partial += 1
        case .failed:
            failed += 1
            failures[error ?? .damaged, default: 0] += 1
        }
        exitCode = .worse(exitCode, ExitStatus(status: status, error: error))
    }

    /// The counts of two runs together (a resumed run and the earlier one).
    public static func + (a: BatchTally, b: BatchTally) -> BatchTally {
        var t = a
        t.files += b.files; t.ok += b.ok; t.partial += b.partial; t.failed += b.failed; t.pages += b.pages
        for (k, v) in b.failures { t.failures[k, default: 0] += v }
        t.exitCode = .worse(a.exitCode, b.exitCode)
        return t
    }

    /// `3 failed (1 crashed, 2 not-found)`, reasons in the order of `FileErrorCode`.
    public var failedDescription: String {
        let reasons = FileErrorCode.allCases.compactMap { c in failures[c].map { "\($0) \(c.rawValue)" } }
        return "\(failed) failed" + (reasons.isEmpty ? "" : " (" + reasons.joined(separator: ", ") + ")")
    }
}

/// The one-line progress display (stderr, on a terminal only) and the closing summary line.
package struct BatchProgress: Sendable {
    /// Whether the line is drawn (a terminal).
    package let enabled: Bool
    /// Files in the batch.
    package let total: Int
    /// When the batch started (seconds on the monotonic clock).
    package let start = monotonicSeconds()
    private var lastDraw = 0.0

    /// A progress display for `total` files, drawn on stderr when `enabled`.
    package init(enabled: Bool, total: Int) {
        self.enabled = enabled
        self.total = total
    }

    /// Redraws the line at most 5 times a second: `120/1000 files  3456 pages  240 files/s  1 failed  ETA 0:04`.
    package mutating func update(_ t: BatchTally, force: Bool = false) {
        guard enabled else { return }
        let now = monotonicSeconds()
        guard force || now - lastDraw >= 0.2 else { return }
        lastDraw = now
        let elapsed = max(now - start, 1e-6)
        let rate = Double(t.files) / elapsed
        var line = "\r\(t.files)/\(total) files  \(t.pages) pages  \(Int(rate.rounded())) files/s  \(t.failed) failed"
        if t.partial > 0 { line += "  \(t.partial) partial" }
        if t.files > 0, t.files < total, rate > 0 {
            line += "  ETA " + Self.duration(Double(total - t.files) / rate)
        }
        try? OpenFile.standardError.writeAll(Array((line + "\u{1B}[K").utf8))
    }

    /// Erases the progress line.
    package func clear() {
        if enabled { try? OpenFile.standardError.writeAll(Array("\r\u{1B}[K".utf8)) }
    }

    /// `1:05`, `2:03:04`.
    package static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    /// The summary line: `pageinfo: 1000 files in 0.85 s (1176 files/s): 990 ok, 2 partial, 8 failed (…); 2345 pages`.
    package func summary(_ run: BatchTally, earlier: BatchTally?) -> String {
        let elapsed = monotonicSeconds() - start
        var s = "pageinfo: \(run.files) file\(run.files == 1 ? "" : "s") in \(formatSeconds(elapsed)) s"
        if elapsed > 0, run.files > 0 { s += " (\(Int((Double(run.files) / elapsed).rounded())) files/s)" }
        s += ": \(run.ok) ok, \(run.partial) partial, \(run.failedDescription); \(run.pages) pages"
        if let earlier, earlier.files > 0 {
            s += "; \(earlier.files) more done by the earlier run (\(earlier.ok) ok, \(earlier.partial) partial, \(earlier.failedDescription))"
        }
        return s
    }
}

/// Seconds with exactly two decimals, by the one number rule (`NumberText`, step 5, padded):
/// `0.85`, `0.80`, `12.00`.
func formatSeconds(_ s: Double) -> String {
    NumberText.string(s, decimals: 2, padded: true) ?? formatCompact(s)
}

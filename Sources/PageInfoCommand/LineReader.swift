// SPDX-License-Identifier: GPL-2.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file descriptor in 64 KiB blocks and hands out its lines (without the newline) as
/// byte buffers, so thousands of lines cost no per-line String or allocation.
struct LineReader {
    let fd: Int32
    /// The longest line read, in bytes (64 MiB by default): a longer one is an error, so a
    /// stream without newlines (`< /dev/zero`) cannot grow the buffer without bound.
    var maxLineBytes = 64 << 20

    /// True when `fd` is a regular file: reading it never waits for a writer.
    var isRegularFile: Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// A read that failed (not EINTR, which is retried), or a line longer than ``maxLineBytes``.
    enum ReadError: Error {
        case failed(errno: Int32)
        case lineTooLong(lineNumber: Int, limit: Int)

        var description: String {
            switch self {
            case .failed(let code): "read: \(String(cString: strerror(code)))"
            case .lineTooLong(let n, let limit): "line \(n) is longer than \(limit >> 20) MiB"
            }
        }
    }

    /// Calls `body(line, lineNumber)` for each line (1-based numbers) until it returns false or
    /// the input ends. A last line without a newline is included. `willWait` is called before
    /// every read after the first, i.e. when every line read so far has been handed out and
    /// the next read may block: the moment to flush answers to a coprocess. Each byte is scanned
    /// once, so a line of n bytes costs O(n) however many reads it takes. A read error (EIO,
    /// EISDIR, …) is thrown after the lines before it were handed out: it is never taken for the
    /// end of the input.
    func forEachLine(willWait: () -> Void = {}, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) throws(ReadError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var filled = 0, lineNumber = 0
        // Bytes before `scanned` hold no newline (they belong to the line being read).
        var scanned = 0
        var firstRead = true
        while true {
            if filled == buffer.count { // a very long line
                guard buffer.count < maxLineBytes else { throw .lineTooLong(lineNumber: lineNumber + 1, limit: maxLineBytes) }
                buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, maxLineBytes - buffer.count)))
            }
            if !firstRead { willWait() }
            firstRead = false
            let n = buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress! + filled, raw.count - filled) }
            if n < 0 && errno == EINTR { continue }
            let failure = n < 0 ? errno : 0
            let atEnd = n <= 0
            if n > 0 { filled += n }
            var consumed = 0
            let keepGoing = buffer.withUnsafeBufferPointer { all -> Bool in
                var start = 0
                for i in scanned..<filled where all[i] == UInt8(ascii: "\n") {
                    lineNumber += 1
                    if !body(UnsafeBufferPointer(rebasing: all[start..<i]), lineNumber) { return false }
                    start = i + 1
                }
                consumed = start
                if atEnd && failure == 0 && start < filled {
                    lineNumber += 1
                    if !body(UnsafeBufferPointer(rebasing: all[start..<filled]), lineNumber) { return false }
                    consumed = filled
                }
                return true
            }
            if !keepGoing { return }
            if failure != 0 { throw .failed(errno: failure) }
            if atEnd { return }
            if consumed > 0 {
                buffer.withUnsafeMutableBufferPointer { b in
                    let rest = filled - consumed
                    if rest > 0 { b.baseAddress!.update(from: b.baseAddress! + consumed, count: rest) }
                }
                filled -= consumed
            }
            scanned = filled
        }
    }
}

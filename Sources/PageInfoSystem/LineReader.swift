// SPDX-License-Identifier: Apache-2.0
/// Reads a file descriptor in 64 KiB blocks and hands out its lines (without the newline) as
/// byte buffers, so thousands of lines cost no per-line String or allocation, and a line of n
/// bytes costs O(n) however many reads it takes.
package struct LineReader {
    /// The descriptor read (its ``OpenFile/path`` names it in errors).
    package let file: OpenFile
    /// The longest line read, in bytes (64 MiB by default): a longer one is an error, so a
    /// stream without newlines (`< /dev/zero`) cannot grow the buffer without bound.
    package var maxLineBytes = 64 << 20

    /// A reader of `file`.
    package init(_ file: OpenFile) { self.file = file }

    /// True when the descriptor is a regular file: reading it never waits for a writer.
    package var isRegularFile: Bool { (try? file.status().kind) == .regular }

    /// A read that failed, or a line longer than ``maxLineBytes``.
    package enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// `read(2)` failed (EINTR is retried, never reported).
        case failed(SystemCallError)
        /// Line `lineNumber` (1-based) is longer than `limit` bytes.
        case lineTooLong(lineNumber: Int, limit: Int)

        /// `read standard input: Is a directory (errno 21)`, `line 3 is longer than 64 MiB`.
        package var description: String {
            switch self {
            case .failed(let error): error.description
            case .lineTooLong(let n, let limit): "line \(n) is longer than \(limit >> 20) MiB"
            }
        }
    }

    /// Calls `body(line, lineNumber)` for each line (1-based numbers) until it returns false or
    /// the input ends. A last line without a newline is included. `willWait` is called before
    /// every read after the first, i.e. when every line read so far has been handed out and
    /// the next read may block: the moment to flush answers to a coprocess. Each byte is scanned
    /// once. A read error (EIO, EISDIR, …) is thrown after the lines before it were handed out:
    /// it is never taken for the end of the input.
    package func forEachLine(willWait: () -> Void = {}, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) throws(ReadError) {
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
            let result = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(SystemCallError) in try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...])) }
            }
            var failure: SystemCallError?
            var n = 0
            switch result {
            case .success(let count): n = count
            case .failure(let error): failure = error
            }
            let atEnd = n == 0
            filled += n
            var consumed = 0
            let keepGoing = buffer.withUnsafeBufferPointer { all -> Bool in
                var start = 0
                for i in scanned..<filled where all[i] == UInt8(ascii: "\n") {
                    lineNumber += 1
                    if !body(UnsafeBufferPointer(rebasing: all[start..<i]), lineNumber) { return false }
                    start = i + 1
                }
                consumed = start
                if atEnd && failure == nil && start < filled {
                    lineNumber += 1
                    if !body(UnsafeBufferPointer(rebasing: all[start..<filled]), lineNumber) { return false }
                    consumed = filled
                }
                return true
            }
            if !keepGoing { return }
            if let failure { throw .failed(failure) }
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

// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
#endif

/// Where a PDF named on the command line comes from. Poppler needs to seek, so anything that is
/// not a regular file (standard input as `-`, `/dev/stdin`, a pipe, a FIFO, process
/// substitution such as `<(curl …)`) is read into memory first, up to ``maxStreamBytes``.
enum InputFile {
    /// The largest PDF read from a stream (stdin, a pipe or a FIFO): 1 GiB.
    static let maxStreamBytes = 1 << 30
    /// How long a FIFO may stay silent (no writer, or no data) before we give up: 30 s, or
    /// `$PAGEINFO_STREAM_TIMEOUT` seconds (1…3600).
    static let idleTimeoutSeconds: Int32 = {
        if let env = getenv("PAGEINFO_STREAM_TIMEOUT"), let v = Int32(String(cString: env)), (1...3600).contains(v) { return v }
        return 30
    }()

    /// Opens `name` (`-` is standard input) as a document.
    static func open(_ name: String, password: String?) throws(PageInfoError) -> PopplerDocument {
        if name == "-" { return try PopplerDocument(bytes: try readStream(fd: STDIN_FILENO, name: "-"), password: password, name: "-") }
        var st = stat()
        guard stat(name, &st) == 0 else { return try PopplerDocument(path: name, password: password) } // Poppler names the error
        let kind = st.st_mode & S_IFMT
        guard kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK else {
            return try PopplerDocument(path: name, password: password)
        }
        // O_NONBLOCK: opening a FIFO that has no writer would otherwise block forever.
        let fd = Glibc.open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: name, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        return try PopplerDocument(bytes: try readStream(fd: fd, name: name, waitForWriter: kind == S_IFIFO), password: password, name: name)
    }

    /// Reads a stream to its end. For a FIFO we opened (`waitForWriter`), waits at most
    /// ``idleTimeoutSeconds`` for a writer and then for each chunk of data.
    static func readStream(fd: Int32, name: String, waitForWriter: Bool = false) throws(PageInfoError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var lastActivity = monotonicSeconds()
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes.append(contentsOf: chunk[0..<n])
                lastActivity = monotonicSeconds()
                if bytes.count > maxStreamBytes {
                    throw .unreadable(path: name, reason: "the stream is longer than 1 GiB, the most read from a pipe; save it to a file")
                }
                continue
            }
            if n == 0 {
                // End of the stream; or, for a FIFO opened without a writer, no writer yet.
                guard waitForWriter, bytes.isEmpty else { break }
                if monotonicSeconds() - lastActivity > Double(idleTimeoutSeconds) {
                    throw .unreadable(path: name, reason: "no writer opened the FIFO within \(idleTimeoutSeconds) s")
                }
                usleep(20_000)
                continue
            }
            if errno == EINTR { continue }
            guard errno == EAGAIN else { throw .unreadable(path: name, reason: String(cString: strerror(errno))) }
            // A writer is there but sends nothing yet.
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, idleTimeoutSeconds * 1000) == 0 {
                throw .unreadable(path: name, reason: "no data for \(idleTimeoutSeconds) s")
            }
        }
        return bytes
    }
}

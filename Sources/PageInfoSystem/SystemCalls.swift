// SPDX-License-Identifier: Apache-2.0
// The package's one system-call layer, over apple/swift-system's `FileDescriptor`, `Errno` and
// `FilePath`: every call retries `EINTR`, and every failure is a ``SystemCallError`` that names
// the call, the file when there is one, and the errno with its text. The only `strerror` of the
// package is in ``SystemCallError/reason(for:)``. ``OpenFile`` is a swift-system descriptor with
// the name its errors give (the type is not called `FileDescriptor`: a client importing both
// modules would meet two).
// Linux only (`Glibc.`-qualified calls, `O_TMPFILE`), as the package is.
import Glibc
import SystemPackage

/// A system call that failed: which call, on which file, and why (the `errno`).
///
/// ``description`` is one line for a person, e.g. `read /tmp/notes: Is a directory (errno 21)`;
/// ``reason`` is the C library's text alone (`Is a directory`), for messages that word the
/// rest themselves.
package struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call, as its manual page names it: `open`, `read`, `write`, `close`, `fstat`,
    /// `fsync`, `pipe2`, `poll`, `memfd_create`, `waitpid`, `posix_spawn`, `rename`, `unlink`,
    /// `stat`, `lstat`, `opendir`, `readdir`, `pread`, `lseek`, `ftruncate`, `mkostemp`, `fcntl`.
    package var call: String
    /// The file the call was about (the path it was opened with, or a name such as
    /// `standard input`), or nil.
    package var path: String?
    /// The `errno` the call set (`EISDIR`, `ENOSPC`, …).
    package var code: Int32
    /// ``code`` as swift-system's typed `Errno` (`.isDirectory`, `.noSpace`, …).
    package var errno: Errno { Errno(rawValue: code) }

    /// An error for `call` on `path` that set `errno` to `code`.
    package init(call: String, path: String? = nil, code: Int32) {
        self.call = call
        self.path = path
        self.code = code
    }

    /// An error for `call` on `path` from swift-system's `Errno`.
    package init(call: String, path: String? = nil, errno: Errno) {
        self.init(call: call, path: path, code: errno.rawValue)
    }

    /// The C library's text for ``code``, e.g. `No such file or directory`.
    package var reason: String { Self.reason(for: code) }

    /// The C library's text for an `errno` value (`strerror`), e.g. `Is a directory` for
    /// `EISDIR`: the one place the package asks for it.
    package static func reason(for code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// `CALL PATH: REASON (errno N)`, or `CALL: REASON (errno N)` without a path.
    package var description: String {
        "\(call)\(path.map { " \($0)" } ?? ""): \(reason) (errno \(code))"
    }
}

/// An open file descriptor (swift-system's `FileDescriptor`) and the name to put in its errors.
/// A value: copying it does not duplicate the descriptor, and nothing closes it but ``close()``.
///
/// Each operation forwards to swift-system's own (retrying `EINTR` with `retryOnInterrupt`),
/// adding the file's name to the error. What swift-system does not offer is written here, each
/// saying so: `fsync`, `fcntl`'s `O_NONBLOCK`, `flock`, `poll`, `O_TMPFILE` with its `mkostemp`
/// fallback, and `memfd_create`.
package struct OpenFile: Sendable, Hashable {
    /// The descriptor.
    package let descriptor: FileDescriptor
    /// The file's path or a name for messages (``SystemCallError/path``), or nil.
    package var path: String?

    /// Wraps an open descriptor; `path` names it in errors.
    package init(_ descriptor: FileDescriptor, path: String? = nil) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Wraps an open descriptor number (the layer and its package's own call sites).
    package init(rawValue: Int32, path: String? = nil) {
        self.init(FileDescriptor(rawValue: rawValue), path: path)
    }

    /// The descriptor number, for the C calls of the layer.
    package var rawValue: Int32 { descriptor.rawValue }

    /// Standard input (descriptor 0), named `standard input` in errors.
    package static var standardInput: OpenFile { OpenFile(rawValue: 0, path: "standard input") }
    /// Standard output (descriptor 1), named `standard output` in errors.
    package static var standardOutput: OpenFile { OpenFile(rawValue: 1, path: "standard output") }
    /// Standard error (descriptor 2), named `standard error` in errors.
    package static var standardError: OpenFile { OpenFile(rawValue: 2, path: "standard error") }

    private func failure(_ call: String, _ code: Int32 = errno) -> SystemCallError {
        SystemCallError(call: call, path: path, code: code)
    }

    /// Runs one of swift-system's operations on the descriptor, its `Errno` as this layer's
    /// error naming `call` and the file.
    private func forward<Result>(_ call: String, _ operation: (FileDescriptor) throws -> Result) throws(SystemCallError) -> Result {
        try Self.forward(call, path: path) { try operation(descriptor) }
    }

    /// Runs one of swift-system's operations, its `Errno` as this layer's error naming `call` and
    /// `path`. swift-system's operations throw nothing else.
    private static func forward<Result>(_ call: String, path: String?, _ operation: () throws -> Result) throws(SystemCallError) -> Result {
        do { return try operation() } catch let error as Errno {
            throw SystemCallError(call: call, path: path, code: error.rawValue)
        } catch {
            throw SystemCallError(call: call, path: path, code: EIO)
        }
    }

    // MARK: Opening and closing

    /// Opens `path` with `open(2)` and `flags` (`O_RDONLY`, `O_WRONLY | O_CREAT | O_EXCL`,
    /// `O_RDONLY | O_NONBLOCK` for a FIFO that may have no writer yet, …), always adding
    /// `O_CLOEXEC` so that no worker process inherits it; `mode` (permission bits, before the
    /// umask) applies when the file is created. Retries `EINTR`.
    ///
    /// - Throws: ``SystemCallError`` naming `open` and `path` (`ENOENT`, `EACCES`, …).
    package static func open(_ path: String, _ flags: Int32 = O_RDONLY, mode: mode_t = 0o666) throws(SystemCallError) -> OpenFile {
        try path.withCString { cPath in Result { () throws(SystemCallError) in try open(cPath: cPath, flags, mode: mode, name: path) } }.get()
    }

    /// ``open(_:_:mode:)-(String,_,_)`` for a swift-system `FilePath` (its bytes, in any encoding); errors
    /// name it by its `description` (invalid UTF-8 repaired).
    ///
    /// - Throws: ``SystemCallError`` naming `open` and the path.
    package static func open(_ path: FilePath, _ flags: Int32 = O_RDONLY, mode: mode_t = 0o666) throws(SystemCallError) -> OpenFile {
        let name = path.description
        return try path.withPlatformString { cPath in Result { () throws(SystemCallError) in try open(cPath: cPath, flags, mode: mode, name: name) } }.get()
    }

    /// ``open(_:_:mode:)-(String,_,_)`` for a path given as raw bytes, in any encoding (a name that is not
    /// valid UTF-8 is opened by exactly these bytes); `name` is what errors call it.
    ///
    /// - Throws: ``SystemCallError`` naming `open` and `name`; `EINVAL` when the bytes hold a
    ///   NUL byte (C would read the name only up to it: another file).
    package static func open(rawPath: [UInt8], _ flags: Int32 = O_RDONLY, mode: mode_t = 0o666, name: String) throws(SystemCallError) -> OpenFile {
        try withTerminated(rawPath, call: "open", name: name) { cPath in
            Result { () throws(SystemCallError) in try open(cPath: cPath, flags, mode: mode, name: name) }
        }.get()
    }

    private static func open(cPath: UnsafePointer<CChar>, _ flags: Int32, mode: mode_t, name: String) throws(SystemCallError) -> OpenFile {
        // swift-system splits open(2)'s flags into the access mode and the other options; the
        // mode is passed whatever the flags (open(2) reads it only to create a file).
        let descriptor = try forward("open", path: name) {
            try FileDescriptor.open(
                cPath, FileDescriptor.AccessMode(rawValue: flags & O_ACCMODE),
                options: FileDescriptor.OpenOptions(rawValue: (flags & ~O_ACCMODE) | O_CLOEXEC),
                permissions: FilePermissions(rawValue: mode), retryOnInterrupt: true)
        }
        return OpenFile(descriptor, path: name)
    }

    /// A new file in `directory` with no name (readable and writable by this process alone,
    /// gone when the last descriptor closes): `open(2)` with `O_TMPFILE`, or, on a file system
    /// without it (`EOPNOTSUPP`), a file made 0600 by `mkostemp(3)` and unlinked at once.
    ///
    /// - Throws: ``SystemCallError`` naming `open` or `mkostemp` and `directory` (`ENOENT`,
    ///   `EACCES`, `ENOSPC`).
    package static func unnamedFile(in directory: String) throws(SystemCallError) -> OpenFile {
        // O_TMPFILE is a macro Swift does not import: __O_TMPFILE (octal 20000000 on x86-64,
        // arm64, riscv64, ppc64 and s390x; alpha, sparc and parisc differ) with O_DIRECTORY.
        do { return try open(directory, 0o20000000 | O_DIRECTORY | O_RDWR | O_EXCL, mode: 0o600) } catch {
            guard error.code == EOPNOTSUPP || error.code == EISDIR else { throw error }
        }
        return try namedThenUnlinkedFile(in: directory)
    }

    /// ``unnamedFile(in:)``'s way on a file system without `O_TMPFILE` (`package`: the tests
    /// take it on any file system).
    package static func namedThenUnlinkedFile(in directory: String) throws(SystemCallError) -> OpenFile {
        var template = Array((directory + "/pageinfo-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { LinuxCalls.makeTemporaryFile($0.baseAddress!) }
        guard fd >= 0 else { throw SystemCallError(call: "mkostemp", path: directory, code: errno) }
        // A name left behind would keep the bytes readable by name: no file rather than that.
        guard template.withUnsafeBufferPointer({ unlink($0.baseAddress!) }) == 0 else {
            let failure = SystemCallError(call: "unlink", path: directory, code: errno)
            Glibc.close(fd)
            throw failure
        }
        return OpenFile(rawValue: fd, path: directory)
    }

    /// An anonymous file in memory (`memfd_create(2)` with `MFD_CLOEXEC`): no name in any file
    /// system, nothing another user could open; `name` shows in `/proc/self/fd` and in errors.
    ///
    /// - Throws: ``SystemCallError`` naming `memfd_create` (`EMFILE`, `ENOMEM`; `ENOSYS`
    ///   without the call).
    package static func memoryFile(_ name: String) throws(SystemCallError) -> OpenFile {
        let fd = LinuxCalls.memoryFile(name)
        guard fd >= 0 else { throw SystemCallError(call: "memfd_create", path: name, code: errno) }
        return OpenFile(rawValue: fd, path: name)
    }

    /// A pipe from `pipe2(2)` with `O_CLOEXEC` on both ends (and `extraFlags`, e.g.
    /// `O_NONBLOCK`), so that a child gets only the ends it is given on purpose.
    ///
    /// - Throws: ``SystemCallError`` naming `pipe2` (`EMFILE`, `ENFILE`).
    package static func pipe(extraFlags: Int32 = 0) throws(SystemCallError) -> (readEnd: OpenFile, writeEnd: OpenFile) {
        do {
            let ends = try FileDescriptor.pipe(options: FileDescriptor.PipeOptions(rawValue: O_CLOEXEC | extraFlags))
            return (OpenFile(ends.readEnd, path: "pipe"), OpenFile(ends.writeEnd, path: "pipe"))
        } catch {
            throw SystemCallError(call: "pipe2", code: error.rawValue)
        }
    }

    /// Closes the descriptor with `close(2)`. Not retried: on Linux the descriptor is released
    /// even when `close` is interrupted, so `EINTR` counts as closed; any other error (`EIO`:
    /// data written earlier did not reach the file) is thrown.
    ///
    /// - Throws: ``SystemCallError`` naming `close`.
    package func close() throws(SystemCallError) {
        do { try forward("close") { try $0.close() } } catch where error.code == EINTR {}
    }

    // MARK: Reading

    /// Reads up to `buffer.count` bytes with `read(2)` into `buffer`, retrying `EINTR`, and
    /// returns how many it read: 0 at the end of the file (or for an empty buffer), fewer than
    /// asked when that is what the file or pipe has now.
    ///
    /// - Throws: ``SystemCallError`` naming `read` (`EISDIR` for a directory, `EIO`, `EAGAIN` on
    ///   a non-blocking descriptor with nothing to read).
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        guard buffer.baseAddress != nil, buffer.count > 0 else { return 0 }
        return try forward("read") { try $0.read(into: buffer, retryOnInterrupt: true) }
    }

    /// Reads up to `buffer.count` bytes at byte `offset` of the file with `pread(2)`, leaving
    /// the reading position where it was; retries `EINTR`. Returns how many it read (0 past the
    /// end).
    ///
    /// - Throws: ``SystemCallError`` naming `pread` (`ESPIPE` on a pipe, `EIO`).
    package func read(into buffer: UnsafeMutableRawBufferPointer, atOffset offset: Int) throws(SystemCallError) -> Int {
        guard buffer.baseAddress != nil, buffer.count > 0 else { return 0 }
        return try forward("pread") { try $0.read(fromAbsoluteOffset: Int64(offset), into: buffer, retryOnInterrupt: true) }
    }

    /// Fills all of `buffer` from a stream (a pipe's frames), retrying short reads and `EINTR`;
    /// false when the stream ends first (what was read is then in `buffer`'s start).
    ///
    /// - Throws: ``SystemCallError`` naming `read`.
    package func read(exactly buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]))
            if n == 0 { return false }
            offset += n
        }
        return true
    }

    /// Reads to the end of the file in chunks of `chunkSize` bytes, handing each chunk (never
    /// empty) to `body` as it arrives; `body` returns false to stop early. At most `limit`
    /// bytes are read: one more is an error (`EFBIG`), so a caller can bound its memory.
    ///
    /// The one read loop of the package. For a stream that may fall silent:
    /// - a non-blocking descriptor with nothing to read yet (`EAGAIN`) is waited on
    ///   (``waitUntilReadable(timeoutMilliseconds:)``), at most `idleTimeoutMilliseconds` when
    ///   given (else as long as it takes);
    /// - `waitsForWriter`: a FIFO opened with `O_NONBLOCK` reads as ended (0) until a writer
    ///   opens it: before the first byte, an end is waited on once (at most the idle timeout);
    ///   an end after that wait is the real one (the writer came and closed it without writing).
    ///
    /// - Throws: ``SystemCallError`` naming `read`: the `read(2)` error, or `EFBIG` ("File too
    ///   large") when the file holds more than `limit` bytes; naming `poll` with `ETIMEDOUT`
    ///   when the stream stayed silent for the idle timeout.
    package func readChunks(chunkSize: Int = 1 << 16, limit: Int = .max, idleTimeoutMilliseconds: Int32? = nil,
                           waitsForWriter: Bool = false, _ body: (UnsafeRawBufferPointer) -> Bool) throws(SystemCallError) {
        precondition(chunkSize > 0 && limit >= 0)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { chunk.deallocate() }
        var total = 0
        var waitedForWriter = !waitsForWriter
        while true {
            // Ask for one byte beyond the limit, so that a file of exactly `limit` bytes passes.
            let room = limit - total < chunkSize ? limit - total + 1 : chunkSize
            let n: Int
            do { n = try read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<room])) } catch {
                guard error.code == EAGAIN || error.code == EWOULDBLOCK else { throw error }
                try waitUntilReadable(timeoutMilliseconds: idleTimeoutMilliseconds ?? -1)
                continue
            }
            if n == 0 {
                guard total == 0, !waitedForWriter else { return }
                waitedForWriter = true
                try waitUntilReadable(timeoutMilliseconds: idleTimeoutMilliseconds ?? -1)
                continue
            }
            total += n
            if total > limit { throw failure("read", EFBIG) }
            if !body(UnsafeRawBufferPointer(rebasing: chunk[..<n])) { return }
        }
    }

    /// Waits with `poll(2)` (which swift-system lacks) until the descriptor has something to read, or its writer closed it
    /// (`POLLIN`, `POLLHUP`), at most `timeoutMilliseconds` (negative: no limit). Retries `EINTR`.
    ///
    /// - Throws: ``SystemCallError`` naming `poll`: `ETIMEDOUT` when the time ran out, or the
    ///   call's own error.
    package func waitUntilReadable(timeoutMilliseconds: Int32) throws(SystemCallError) {
        var p = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        while true {
            let rc = poll(&p, 1, timeoutMilliseconds)
            if rc > 0 { return }
            if rc == 0 { throw failure("poll", ETIMEDOUT) }
            if errno != EINTR { throw failure("poll") }
        }
    }

    /// Every byte from the reading position to the end of the file (at most `limit`).
    ///
    /// - Throws: ``SystemCallError`` naming `read`, as ``readChunks(chunkSize:limit:idleTimeoutMilliseconds:waitsForWriter:_:)``.
    package func readAll(limit: Int = .max) throws(SystemCallError) -> [UInt8] {
        var bytes: [UInt8] = []
        try readChunks(limit: limit) { chunk in
            bytes.append(contentsOf: chunk)
            return true
        }
        return bytes
    }

    /// The bytes of the file at `path`, at most `limit` of them: opened, read to the end and
    /// closed.
    ///
    /// - Throws: ``SystemCallError`` naming `open`, `read` or `close` and `path`.
    package static func readFile(_ path: String, limit: Int = .max) throws(SystemCallError) -> [UInt8] {
        let fd = try open(path)
        let bytes: [UInt8]
        do { bytes = try fd.readAll(limit: limit) } catch {
            try? fd.close()
            throw error
        }
        try fd.close()
        return bytes
    }

    // MARK: Writing

    /// Writes all of `buffer`, retrying `EINTR` and short writes: the one write loop of the
    /// package (the output buffer, the CLI's text and files, batch mode's pipes and files).
    ///
    /// - Throws: ``SystemCallError`` naming `write` (`ENOSPC` on a full disk, `EPIPE` when the
    ///   reader of a pipe is gone and `SIGPIPE` is ignored).
    package func writeAll(_ buffer: UnsafeRawBufferPointer) throws(SystemCallError) {
        guard buffer.baseAddress != nil, buffer.count > 0 else { return }
        _ = try forward("write") { try $0.writeAll(buffer) }
    }

    /// ``writeAll(_:)-(UnsafeRawBufferPointer)`` for an array of bytes.
    package func writeAll(_ bytes: [UInt8]) throws(SystemCallError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(SystemCallError) in try writeAll(buffer) } }.get()
    }

    /// Flushes what was written to the storage device (`fsync(2)`, which swift-system lacks),
    /// retrying `EINTR`.
    ///
    /// - Throws: ``SystemCallError`` naming `fsync` (`EIO`, `ENOSPC`).
    package func sync() throws(SystemCallError) {
        while fsync(rawValue) != 0 {
            if errno != EINTR { throw failure("fsync") }
        }
    }

    // MARK: Flags

    /// Makes reads and writes on the descriptor's open file return `EAGAIN` instead of waiting
    /// (`fcntl(2)` `F_SETFL` adding `O_NONBLOCK`, which swift-system lacks; every descriptor
    /// sharing the open file sees it).
    ///
    /// - Throws: ``SystemCallError`` naming `fcntl` (`EBADF`).
    package func setNonBlocking() throws(SystemCallError) {
        let flags = fcntl(rawValue, F_GETFL)
        guard flags >= 0, fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) == 0 else { throw failure("fcntl") }
    }

    // MARK: Position and size

    /// Where reads and writes continue: `.start` (offset 0) or `.end` (after the last byte).
    package enum Position: Sendable, Hashable {
        /// Byte 0.
        case start
        /// Just after the file's last byte.
        case end
    }

    /// Moves the reading and writing position to `position` with `lseek(2)`.
    ///
    /// - Throws: ``SystemCallError`` naming `lseek` (`ESPIPE` on a pipe).
    package func seek(to position: Position) throws(SystemCallError) {
        _ = try forward("lseek") { try $0.seek(offset: 0, from: position == .start ? .start : .end) }
    }

    /// Cuts (or extends with zeros) the file to `size` bytes with `ftruncate(2)`, retrying
    /// `EINTR`.
    ///
    /// - Throws: ``SystemCallError`` naming `ftruncate` (`EINVAL` for a pipe, `EIO`, `EFBIG`).
    package func truncate(toSize size: Int) throws(SystemCallError) {
        try forward("ftruncate") { try $0.resize(to: Int64(size), retryOnInterrupt: true) }
    }

    /// Takes an exclusive advisory lock on the open file without waiting (`flock(2)`, which
    /// swift-system lacks, `LOCK_EX | LOCK_NB`, retrying `EINTR`); it is released when this open file is closed (a
    /// descriptor opened with ``open(_:_:mode:)-(String,_,_)`` is never inherited by a child). Returns false
    /// when another open file holds a lock on the same file: two processes writing it at once.
    ///
    /// - Throws: ``SystemCallError`` naming `flock` when the file cannot be locked at all
    ///   (`ENOLCK`; `EBADF`); a caller that only guards against a mistake may go on without it.
    package func lockExclusively() throws(SystemCallError) -> Bool {
        while flock(rawValue, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return false }
            if errno != EINTR { throw failure("flock") }
        }
        return true
    }

    // MARK: Status

    /// What `fstat(2)` says of the open file.
    ///
    /// - Throws: ``SystemCallError`` naming `fstat` (`EBADF`).
    package func status() throws(SystemCallError) -> FileStatus {
        FileStatus(try forward("fstat") { try $0.stat(retryOnInterrupt: true) }.rawValue)
    }
}

/// The size, kind and permission bits of a file, from `stat(2)` or `fstat(2)`.
package struct FileStatus: Sendable, Hashable {
    /// The kinds of file `stat` tells apart.
    package enum Kind: Sendable, Hashable {
        /// A regular file.
        case regular
        /// A directory.
        case directory
        /// A named pipe or a pipe.
        case fifo
        /// A character device (`/dev/null`, a terminal).
        case characterDevice
        /// A block device (a disk).
        case blockDevice
        /// A symbolic link (seen only by calls that do not follow links).
        case symbolicLink
        /// A Unix-domain socket.
        case socket
        /// Any other kind.
        case unknown
    }

    /// The size in bytes (of a regular file; 0 or unspecified for most others).
    package var size: Int
    /// What kind of file it is.
    package var kind: Kind
    /// The permission bits (`st_mode & 0o7777`: set-id, sticky, and rwx for user, group, others).
    package var permissions: mode_t
    /// The device and inode numbers (`st_dev`, `st_ino`): together they name the file, whatever
    /// path reached it (how a walk knows a directory it has entered already).
    package var device: UInt64, inode: UInt64

    init(_ st: stat) {
        size = Int(st.st_size)
        permissions = st.st_mode & 0o7777
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFLNK: kind = .symbolicLink
        case S_IFSOCK: kind = .socket
        default: kind = .unknown
        }
    }

    /// What `stat(2)` says of the file at `path` (links followed).
    ///
    /// - Throws: ``SystemCallError`` naming `stat` and `path` (`ENOENT`, `EACCES`; `EINVAL` for a NUL byte,
    ///   which would end the name C sees early: another file).
    package init(path: String) throws(SystemCallError) {
        try self.init(rawPath: Array(path.utf8), name: path)
    }

    /// What `stat(2)` (links followed) or, with `followingLinks` false, `lstat(2)` says of the
    /// file named by raw bytes in any encoding; `name` is what errors call it.
    ///
    /// - Throws: ``SystemCallError`` naming `stat` or `lstat` and `name`; `EINVAL` when the
    ///   bytes hold a NUL byte (C would read the name only up to it: another file).
    package init(rawPath: [UInt8], followingLinks: Bool = true, name: String) throws(SystemCallError) {
        let call = followingLinks ? "stat" : "lstat"
        var st = stat()
        let rc = try withTerminated(rawPath, call: call, name: name) { followingLinks ? stat($0, &st) : lstat($0, &st) }
        guard rc == 0 else { throw SystemCallError(call: call, path: name, code: errno) }
        self.init(st)
    }
}

/// Calls `body` with a NUL-terminated copy of a raw path; refuses (`EINVAL`, naming `call`) a
/// path that holds a NUL byte.
private func withTerminated<R>(_ raw: [UInt8], call: String, name: String,
                               _ body: (UnsafePointer<CChar>) -> R) throws(SystemCallError) -> R {
    guard !raw.contains(0) else { throw SystemCallError(call: call, path: name, code: EINVAL) }
    let terminated = raw.map { CChar(bitPattern: $0) } + [0]
    return terminated.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// Calls on paths that need no descriptor.
package enum FileSystem {
    /// The size of the regular file at `path` in bytes (`stat(2)`, links followed), or nil
    /// when there is no such file, it cannot be reached, or it is not a regular file.
    package static func regularFileSize(_ path: String) -> Int? {
        regularFileSize(rawPath: Array(path.utf8))
    }

    /// ``regularFileSize(_:)`` for a path given as raw bytes (nil when they hold a NUL byte).
    package static func regularFileSize(rawPath: [UInt8]) -> Int? {
        guard let status = try? FileStatus(rawPath: rawPath, name: ""), status.kind == .regular else { return nil }
        return status.size
    }

    /// The names in the directory at `rawPath` (raw bytes, as the file system holds them), in
    /// the order `readdir(3)` gives them, without `.` and `..`; `name` is what errors call it.
    ///
    /// - Throws: ``SystemCallError`` naming `opendir` (`ENOENT`, `ENOTDIR`, `EACCES`, `EMFILE`;
    ///   `EINVAL` for a NUL byte in the path) or `readdir` (`EIO`) and `name`.
    package static func directoryEntries(rawPath: [UInt8], name: String) throws(SystemCallError) -> [[UInt8]] {
        guard let handle = try withTerminated(rawPath, call: "opendir", name: name, { opendir($0) }) else {
            throw SystemCallError(call: "opendir", path: name, code: errno)
        }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { throw SystemCallError(call: "readdir", path: name, code: errno) }
                return names
            }
            let entryName: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if entryName != [0x2E] && entryName != [0x2E, 0x2E] { names.append(entryName) }
        }
    }

    /// Renames `source` to `destination` with `rename(2)`, replacing what is there atomically.
    ///
    /// - Throws: ``SystemCallError`` naming `rename` and `destination`.
    package static func rename(_ source: String, to destination: String) throws(SystemCallError) {
        guard Glibc.rename(source, destination) == 0 else {
            throw SystemCallError(call: "rename", path: destination, code: errno)
        }
    }

    /// Removes the file at `path` with `unlink(2)`.
    ///
    /// - Throws: ``SystemCallError`` naming `unlink` and `path`.
    package static func removeFile(_ path: String) throws(SystemCallError) {
        guard unlink(path) == 0 else { throw SystemCallError(call: "unlink", path: path, code: errno) }
    }
}

/// Calls on child processes.
package enum ChildProcess {
    /// Waits for the child `pid` to end (`waitpid(2)`, retrying `EINTR`) and returns its wait
    /// status (`WIFEXITED`/`WTERMSIG` decode it: exit status in bits 8–15, signal in bits 0–6).
    ///
    /// - Throws: ``SystemCallError`` naming `waitpid` (`ECHILD`: not a child, or already reaped).
    package static func waitForExit(_ pid: pid_t) throws(SystemCallError) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw SystemCallError(call: "waitpid", path: "process \(pid)", code: errno) }
        }
        return status
    }
}

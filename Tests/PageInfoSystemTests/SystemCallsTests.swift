// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoSystem
import PageInfoEncoding
import PageInfoTestSupport
import Testing

/// The one system-call layer: errors name the call, the file and the errno; reads and writes
/// go to the end or to the limit.
@Suite("System calls")
struct SystemCallsTests {
    @Test("reading a directory is EISDIR from read, naming the directory")
    func readDirectory() throws {
        let directory = try makeScratchDirectory("syscalls")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fd = try OpenFile.open(directory)
        defer { try? fd.close() }
        #expect(throws: SystemCallError(call: "read", path: directory, code: EISDIR)) { _ = try fd.readAll() }
        do { _ = try OpenFile.readFile(directory); Issue.record("read a directory") } catch {
            #expect(error.description == "read \(directory): Is a directory (errno 21)")
            #expect(error.reason == "Is a directory")
        }
    }

    @Test("writing to /dev/full is ENOSPC from write")
    func writeFull() throws {
        let fd = try OpenFile.open("/dev/full", O_WRONLY)
        defer { try? fd.close() }
        #expect(throws: SystemCallError(call: "write", path: "/dev/full", code: ENOSPC)) { try fd.writeAll([1, 2, 3]) }
        // The output buffer records the same failure instead of a stale errno.
        var out = ByteWriter(fd: fd.descriptor)
        out.append("text")
        out.flush()
        #expect(out.writeError == SystemCallError(call: "write", code: ENOSPC))
        #expect(out.writeError?.description == "write: No space left on device (errno 28)")
        // The one write loop names the file it was given, and swift-system's Errno says the same.
        #expect(throws: SystemCallError(call: "write", path: "/dev/full", code: ENOSPC)) { try fd.writeAll([1]) }
        #expect(SystemCallError(call: "write", code: ENOSPC).errno == .noSpace)
    }

    @Test("opening a missing file is ENOENT from open")
    func openMissing() throws {
        let path = "/nonexistent-\(UUID().uuidString)/x"
        #expect(throws: SystemCallError(call: "open", path: path, code: ENOENT)) { _ = try OpenFile.open(path) }
        #expect(throws: SystemCallError(call: "stat", path: path, code: ENOENT)) { _ = try FileStatus(path: path) }
    }

    @Test("a file is read whole, in chunks, and up to a limit")
    func readFile() throws {
        let directory = try makeScratchDirectory("syscalls")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/data"
        let bytes = (0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let out = try OpenFile.open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o640)
        try out.writeAll(bytes)
        try out.sync()
        #expect(try out.status() == FileStatus(path: path))
        try out.close()

        #expect(try OpenFile.readFile(path) == bytes)
        #expect(try OpenFile.readFile(path, limit: bytes.count) == bytes)
        #expect(throws: SystemCallError(call: "read", path: path, code: EFBIG)) { _ = try OpenFile.readFile(path, limit: bytes.count - 1) }

        let status = try FileStatus(path: path)
        #expect(status.size == bytes.count && status.kind == .regular && status.permissions & 0o600 == 0o600)
        #expect(try FileStatus(path: directory).kind == .directory)

        let fd = try OpenFile.open(path)
        var chunks: [Int] = [], joined: [UInt8] = []
        try fd.readChunks(chunkSize: 4096) { chunk in
            chunks.append(chunk.count)
            joined.append(contentsOf: chunk)
            return true
        }
        try fd.close()
        #expect(joined == bytes && chunks.allSatisfy { $0 > 0 && $0 <= 4096 } && chunks.count >= bytes.count / 4096)

        // Stopping early reads no further.
        let again = try OpenFile.open(path)
        var seen = 0
        try again.readChunks(chunkSize: 1000) { chunk in seen += chunk.count; return false }
        #expect(seen == 1000)
        try again.close()
    }

    @Test("pipes are close-on-exec at both ends and carry bytes")
    func pipe() throws {
        let (r, w) = try OpenFile.pipe()
        #expect(fcntl(r.rawValue, F_GETFD) & FD_CLOEXEC != 0 && fcntl(w.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        try w.writeAll(Array("through the pipe".utf8))
        try w.close()
        #expect(try r.readAll() == Array("through the pipe".utf8))
        #expect(try r.status().kind == .fifo)
        try r.close()
        // A descriptor number that is surely not open (tests run in parallel: a closed number
        // may be reused at once) is EBADF from close.
        #expect(throws: SystemCallError(call: "close", path: "nothing", code: EBADF)) {
            try OpenFile(rawValue: Int32.max, path: "nothing").close()
        }
    }

    @Test("a raw path opens by its bytes; one with a NUL byte is EINVAL from open, not the file before the NUL")
    func rawPaths() throws {
        let directory = try makeScratchDirectory("syscalls")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let raw = Array((directory + "/caf").utf8) + [0xE9]  // Latin-1 "café": not UTF-8
        let file = try OpenFile.open(rawPath: raw, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600, name: "café")
        try file.writeAll(Array("bytes".utf8))
        try file.close()
        let again = try OpenFile.open(rawPath: raw, name: "café")
        #expect(try again.readAll() == Array("bytes".utf8))
        try again.close()
        // The part before the NUL exists (the directory): C would open it.
        #expect(throws: SystemCallError(call: "open", path: "cut", code: EINVAL)) {
            _ = try OpenFile.open(rawPath: Array(directory.utf8) + [0] + Array("/x".utf8), name: "cut")
        }
    }

    @Test("a FIFO: no writer is ETIMEDOUT from poll after the idle time; a writer that closes without writing is an empty read at once",
          .timeLimit(.minutes(1)))
    func fifoWaits() throws {
        let directory = try makeScratchDirectory("syscalls")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let fifo = try OpenFile.open(path, O_RDONLY | O_NONBLOCK)
        defer { try? fifo.close() }
        #expect(throws: SystemCallError(call: "poll", path: path, code: ETIMEDOUT)) {
            try fifo.readChunks(idleTimeoutMilliseconds: 100, waitsForWriter: true) { _ in true }
        }
        // A writer that comes after the reader opened, and goes without writing.
        let writer = Thread { try? OpenFile.open(path, O_WRONLY).close() }
        writer.start()
        let start = Date()
        var bytes = 0
        try fifo.readChunks(idleTimeoutMilliseconds: 20_000, waitsForWriter: true) { bytes += $0.count; return true }
        #expect(bytes == 0)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test("read(exactly:) fills the buffer across short pipe writes; false when the writer closes early")
    func readExactly() throws {
        let pipe = try OpenFile.pipe()
        defer { try? pipe.readEnd.close() }
        let writer = Thread {
            for part in ["ab", "cde", "f"] { try? pipe.writeEnd.writeAll(Array(part.utf8)); usleep(20_000) }
            try? pipe.writeEnd.close()
        }
        writer.start()
        var four = [UInt8](repeating: 0, count: 4)
        #expect(try four.withUnsafeMutableBytes { try pipe.readEnd.read(exactly: $0) })
        #expect(four == Array("abcd".utf8))
        var rest = [UInt8](repeating: 0, count: 4)
        #expect(try !rest.withUnsafeMutableBytes { try pipe.readEnd.read(exactly: $0) })
        #expect(rest.prefix(2) == Array("ef".utf8)[...])
    }

    @Test("a memory file holds bytes; a child's wait status; a second wait is ECHILD from waitpid")
    func memoryFileAndChild() throws {
        let memory = try OpenFile.memoryFile("test")
        try memory.writeAll(Array("in memory".utf8))
        #expect(try OpenFile.readFile("/proc/self/fd/\(memory.rawValue)") == Array("in memory".utf8))
        try memory.close()

        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup("exit 3"), nil]
        defer { for p in argv { free(p) } }
        #expect(posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0)
        let status = try ChildProcess.waitForExit(pid)
        #expect((status >> 8) & 0xFF == 3 && status & 0x7F == 0)
        #expect(throws: SystemCallError(call: "waitpid", path: "process \(pid)", code: ECHILD)) { _ = try ChildProcess.waitForExit(pid) }
    }

    @Test("pread leaves the position; seek to start and end; truncate cuts; a pipe is ESPIPE from pread and lseek")
    func positionAndSize() throws {
        let directory = try makeScratchDirectory("syscalls")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/data"
        let fd = try OpenFile.open(path, O_RDWR | O_CREAT | O_EXCL, mode: 0o600)
        defer { try? fd.close() }
        try fd.writeAll(Array("0123456789".utf8))
        var three = [UInt8](repeating: 0, count: 3)
        #expect(try three.withUnsafeMutableBytes { try fd.read(into: $0, atOffset: 4) } == 3)
        #expect(three == Array("456".utf8))
        #expect(try three.withUnsafeMutableBytes { try fd.read(into: $0, atOffset: 10) } == 0)
        // pread did not move the position: the next write appends at byte 10.
        try fd.writeAll(Array("A".utf8))
        try fd.seek(to: .start)
        #expect(try fd.readAll() == Array("0123456789A".utf8))
        try fd.truncate(toSize: 4)
        #expect(FileSystem.regularFileSize(path) == 4)
        try fd.seek(to: .end)
        try fd.writeAll(Array("z".utf8))
        #expect(try OpenFile.readFile(path) == Array("0123z".utf8))

        let pipe = try OpenFile.pipe()
        defer { try? pipe.readEnd.close(); try? pipe.writeEnd.close() }
        #expect(throws: SystemCallError(call: "pread", path: "pipe", code: ESPIPE)) {
            _ = try three.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0, atOffset: 0) }
        }
        #expect(throws: SystemCallError(call: "lseek", path: "pipe", code: ESPIPE)) { try pipe.readEnd.seek(to: .start) }
        #expect(throws: SystemCallError(call: "ftruncate", path: "pipe", code: EINVAL)) { try pipe.writeEnd.truncate(toSize: 0) }
    }

    @Test("regularFileSize: a file's size; nil for a directory, a missing file and a name with a NUL byte")
    func regularFileSize() throws {
        let directory = try makeScratchDirectory("syscalls")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/five"
        try Data("12345".utf8).write(to: URL(fileURLWithPath: path))
        #expect(FileSystem.regularFileSize(path) == 5)
        #expect(FileSystem.regularFileSize(directory) == nil)
        #expect(FileSystem.regularFileSize(directory + "/none") == nil)
        // C would stat the name up to the NUL: the file `five` itself.
        #expect(FileSystem.regularFileSize(path + "\u{0}.pdf") == nil)
        #expect(throws: SystemCallError(call: "stat", path: path + "\u{0}.pdf", code: EINVAL)) { _ = try FileStatus(path: path + "\u{0}.pdf") }
    }

    @Test("raw paths: stat and lstat by bytes that are not UTF-8; a directory's entries without . and ..; NUL is EINVAL; missing is ENOENT from opendir")
    func rawPathsAndDirectories() throws {
        let directory = try makeScratchDirectory("syscalls")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let raw = Array((directory + "/bad-").utf8) + [0xFF, 0xFE]
        let fd = try OpenFile.open(rawPath: raw, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600, name: "bad")
        try fd.writeAll([1, 2, 3])
        try fd.close()
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: directory + "/none")
        #expect(try FileStatus(rawPath: raw, name: "bad").kind == .regular)
        #expect(FileSystem.regularFileSize(rawPath: raw) == 3)
        #expect(FileSystem.regularFileSize(rawPath: Array(directory.utf8)) == nil)
        #expect(try FileStatus(rawPath: Array((directory + "/link").utf8), followingLinks: false, name: "link").kind == .symbolicLink)
        #expect(throws: SystemCallError(call: "stat", path: "link", code: ENOENT)) {
            _ = try FileStatus(rawPath: Array((directory + "/link").utf8), name: "link")
        }
        #expect(throws: SystemCallError(call: "lstat", path: "nul", code: EINVAL)) {
            _ = try FileStatus(rawPath: raw + [0] + Array("x".utf8), followingLinks: false, name: "nul")
        }
        let entries = try FileSystem.directoryEntries(rawPath: Array(directory.utf8), name: "dir")
        #expect(Set(entries) == [Array("bad-".utf8) + [0xFF, 0xFE], Array("link".utf8)])
        let missing = Array((directory + "/missing").utf8)
        #expect(throws: SystemCallError(call: "opendir", path: "missing", code: ENOENT)) {
            _ = try FileSystem.directoryEntries(rawPath: missing, name: "missing")
        }
        #expect(throws: SystemCallError(call: "opendir", path: "bad", code: ENOTDIR)) {
            _ = try FileSystem.directoryEntries(rawPath: raw, name: "bad")
        }
    }

    @Test("an unnamed file (O_TMPFILE, and mkostemp then unlink without it): no name left, 0600, close-on-exec; a missing directory is ENOENT",
          arguments: [false, true])
    func unnamedFile(withoutTmpfile: Bool) throws {
        let directory = try makeScratchDirectory("syscalls")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let make = withoutTmpfile ? OpenFile.namedThenUnlinkedFile(in:) : OpenFile.unnamedFile(in:)
        let fd = try make(directory)
        defer { try? fd.close() }
        try fd.writeAll(Array("spooled".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        #expect(try fd.status().permissions == 0o600)
        #expect(fcntl(fd.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        #expect(try OpenFile.readFile("/proc/self/fd/\(fd.rawValue)") == Array("spooled".utf8))
        let missing = directory + "/missing"
        #expect(throws: SystemCallError(call: withoutTmpfile ? "mkostemp" : "open", path: missing, code: ENOENT)) { _ = try make(missing) }
    }

    @Test("a non-blocking pipe end reads EAGAIN when empty, bytes when written")
    func nonBlocking() throws {
        let pipe = try OpenFile.pipe()
        defer { try? pipe.readEnd.close(); try? pipe.writeEnd.close() }
        try pipe.readEnd.setNonBlocking()
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(throws: SystemCallError(call: "read", path: "pipe", code: EAGAIN)) {
            _ = try buffer.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
        }
        try pipe.writeEnd.writeAll([7])
        #expect(try buffer.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) } == 1 && buffer[0] == 7)
        // (Not tested: EBADF on a closed descriptor; parallel tests may reuse its number.)
    }

    @Test("background work runs on a thread of its own, and wait() makes what it wrote visible")
    func backgroundWork() {
        final class Box: @unchecked Sendable { var thread = pthread_t(); var sum = 0 }
        let box = Box()
        let work = BackgroundWork {
            box.thread = pthread_self()
            for i in 1...1000 { box.sum += i }
        }
        work.wait()
        #expect(work.isFinished)
        #expect(box.sum == 500_500)
        #expect(pthread_equal(box.thread, pthread_self()) == 0, "ran on the caller's thread")
        work.wait()  // (a second wait returns at once)
    }
}

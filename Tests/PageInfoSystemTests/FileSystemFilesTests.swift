// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoSystem
import PageInfoTestSupport
import Testing

/// `FileSystem.writeFile` (write, close once, remove on failure), `writeFileAtomically` and
/// `makeDirectory`.
@Suite("File system: whole files and directories")
struct FileSystemFilesTests {
    @Test("writeFile replaces the file's bytes and leaves mode 0644 (umask 022)")
    func writesWhole() throws {
        let directory = try makeScratchDirectory("files")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.bin"
        try FileSystem.writeFile(Array("a longer first version".utf8), to: path)
        try FileSystem.writeFile([1, 2, 3], to: path)
        #expect(try OpenFile.readFile(path) == [1, 2, 3])
        let old = umask(0o022); umask(old)
        #expect(try FileStatus(path: path).permissions == 0o644 & ~old)
    }

    @Test("a failed write is thrown naming write, and the file is removed")
    func failedWriteRemoves() throws {
        let directory = try makeScratchDirectory("files")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // /dev/full accepts the open and fails every write with ENOSPC; a symbolic link to it is
        // what the path names, so the removal takes the link, never the device.
        let link = directory + "/full.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
        #expect(throws: SystemCallError(call: "write", path: link, code: ENOSPC)) { try FileSystem.writeFile([1, 2, 3], to: link) }
        #expect(!FileManager.default.fileExists(atPath: link))
        #expect(FileManager.default.fileExists(atPath: "/dev/full"))
    }

    @Test("a file that cannot be opened is thrown naming open and nothing is created")
    func failedOpen() throws {
        let directory = try makeScratchDirectory("files")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/missing/out.png"
        #expect(throws: SystemCallError(call: "open", path: path, code: ENOENT)) { try FileSystem.writeFile([1], to: path) }
    }

    @Test("makeDirectory creates one level; EEXIST and ENOENT name mkdir")
    func makeDirectory() throws {
        let directory = try makeScratchDirectory("files")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let made = directory + "/goldens"
        try FileSystem.makeDirectory(made)
        #expect(try FileStatus(path: made).kind == .directory)
        #expect(throws: SystemCallError(call: "mkdir", path: made, code: EEXIST)) { try FileSystem.makeDirectory(made) }
        let deep = directory + "/a/b"
        #expect(throws: SystemCallError(call: "mkdir", path: deep, code: ENOENT)) { try FileSystem.makeDirectory(deep) }
    }

    @Test("writeFileAtomically replaces the bytes, keeps an existing file's mode 0640, leaves no temporary file")
    func writesAtomically() throws {
        let directory = try makeScratchDirectory("files")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/page.golden.json"
        try FileSystem.writeFileAtomically(Array("first".utf8), to: path)
        let old = umask(0o022); umask(old)
        #expect(try FileStatus(path: path).permissions == 0o666 & ~old)
        #expect(chmod(path, 0o640) == 0)
        try FileSystem.writeFileAtomically(Array("second, longer".utf8), to: path)
        #expect(try OpenFile.readFile(path) == Array("second, longer".utf8))
        #expect(try FileStatus(path: path).permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["page.golden.json"])
    }

    @Test("writeFileAtomically into a missing directory throws naming open of the temporary file")
    func atomicWriteFailure() throws {
        let directory = try makeScratchDirectory("files")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/missing/page.golden.json"
        let temporary = directory + "/missing/.page.golden.json.\(getpid()).tmp"
        #expect(throws: SystemCallError(call: "open", path: temporary, code: ENOENT)) {
            try FileSystem.writeFileAtomically([1], to: path)
        }
    }
}

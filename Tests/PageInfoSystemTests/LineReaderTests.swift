// SPDX-License-Identifier: Apache-2.0
import Glibc
import PageInfoSystem
import Testing

/// LineReader: lines out of a descriptor, read errors as errors, bounded lines.
@Suite("LineReader")
struct LineReaderTests {
    /// The lines of `text` as LineReader hands them out from a file holding it.
    private func lines(_ text: String, maxLineBytes: Int = 64 << 20) throws(LineReader.ReadError) -> [String] {
        var template = Array("/tmp/linereader-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        precondition(fd >= 0)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(fd) }
        precondition((try? OpenFile(rawValue: fd).writeAll(Array(text.utf8))) != nil && lseek(fd, 0, SEEK_SET) == 0)
        var reader = LineReader(OpenFile(rawValue: fd, path: "lines"))
        reader.maxLineBytes = maxLineBytes
        #expect(reader.isRegularFile)
        var out: [String] = []
        try reader.forEachLine { line, number in
            out.append("\(number):" + String(decoding: line, as: UTF8.self))
            return true
        }
        return out
    }

    @Test("lines in order, a last line without a newline, empty lines kept")
    func ordinary() throws {
        #expect(try lines("a\n\nbc\r\nlast") == ["1:a", "2:", "3:bc\r", "4:last"])
        #expect(try lines("") == [])
        let long = String(repeating: "x", count: 200_000)
        #expect(try lines("1\n" + long + "\n2") == ["1:1", "2:" + long, "3:2"])
    }

    @Test("a line longer than the limit is an error")
    func tooLong() {
        #expect(throws: LineReader.ReadError.lineTooLong(lineNumber: 2, limit: 1 << 16)) {
            _ = try lines("ok\n" + String(repeating: "x", count: 70_000), maxLineBytes: 1 << 16)
        }
    }

    @Test("reading a directory is an error naming read and the file, never the end of the input")
    func readError() throws {
        let fd = open("/", O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        let reader = LineReader(OpenFile(rawValue: fd, path: "/"))
        #expect(!reader.isRegularFile)
        #expect(throws: LineReader.ReadError.failed(SystemCallError(call: "read", path: "/", code: EISDIR))) {
            try reader.forEachLine { _, _ in true }
        }
    }
}

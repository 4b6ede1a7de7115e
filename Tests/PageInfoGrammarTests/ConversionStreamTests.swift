// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageGeometry
import PageInfoGrammar
import PageInfoSystem
import PageInfoEncoding
import Testing

/// `ConversionStream`: items mapped by one transform and written as text or JSON, from a list or
/// streamed from a line reader; the problems that stop it.
@Suite("ConversionStream")
struct ConversionStreamTests {
    /// Scale by 2, then move by (10, 20): x' = 2x + 10, y' = 2y + 20.
    static let transform = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20)

    private func lines(_ text: String, _ body: (LineReader) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-items-\(UUID().uuidString)").path
        defer { try? FileSystem.removeFile(path) }
        try FileSystem.writeFile(Array(text.utf8), to: path)
        let fd = try OpenFile.open(path)
        defer { try? fd.close() }
        try body(LineReader(fd))
    }

    @Test("text: one converted item per line, rectangles standardized")
    func text() throws {
        var stream = ConversionStream(transform: Self.transform, format: .text)
        var out = ByteWriter()
        let items = [try ConvertItem.parse("1,2"), try ConvertItem.parse("0,0,-5,4")]
        #expect(stream.write(items, to: &out) == nil)
        stream.finish(to: &out)
        #expect(out.string == "12,24\n0,20,10,8\n")
        #expect(stream.count == 2)
    }

    @Test("json: {input, output} lines, comma-separated, closed by ]}")
    func json() throws {
        var stream = ConversionStream(transform: Self.transform, format: .json)
        var out = ByteWriter()
        #expect(stream.write([try ConvertItem.parse("1,2"), try ConvertItem.parse("3,4")], to: &out) == nil)
        stream.finish(to: &out)
        #expect(out.string == """
            {"input":{"x":1,"y":2},"output":{"x":12,"y":24}}
            ,{"input":{"x":3,"y":4},"output":{"x":16,"y":28}}
            ]}

            """)
    }

    @Test("lines: blank lines skipped, a last line without a newline read, a bad line stops it")
    func streamed() throws {
        try lines("1,2\n \t\r\n\n3,4\n5,x\n7,8") { reader in
            var stream = ConversionStream(transform: Self.transform, format: .text)
            var out = ByteWriter()
            let problem = stream.write(linesOf: reader, to: &out)
            #expect(problem == .item("stdin line 5: '5,x' is not a point x,y or a rectangle x,y,width,height of finite numbers"))
            #expect(out.string == "12,24\n16,28\n")
        }
        try lines("1,2\n3,4") { reader in
            var stream = ConversionStream(transform: Self.transform, format: .text)
            var out = ByteWriter()
            #expect(stream.write(linesOf: reader, to: &out) == nil)
            #expect(out.string == "12,24\n16,28\n")
        }
    }

    @Test("a result beyond a Double is an item problem naming the item; nothing is written for it")
    func overflow() throws {
        var stream = ConversionStream(transform: AffineTransform(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0), format: .text)
        var out = ByteWriter()
        let problem = stream.write([try ConvertItem.parse("1e12,1")], to: &out)
        #expect(problem == .item("converting 1000000000000,1 gives a number beyond what a Double holds"))
        #expect(out.string.isEmpty)
    }

    @Test("a result beyond 10^12, which convert could not read back, is an item problem; 10^12 itself is written")
    func beyondTheInputLimit() throws {
        var stream = ConversionStream(transform: AffineTransform(a: 1000, b: 0, c: 0, d: 1000, tx: 0, ty: 0), format: .text)
        var out = ByteWriter()
        // 1e9 · 1000 = 1e12 exactly: within; 1e9 + 1 gives 1,000,000,001,000: beyond.
        #expect(stream.write([try ConvertItem.parse("1e9,-1e9")], to: &out) == nil)
        #expect(out.string == "1000000000000,-1000000000000\n")
        #expect(try ConvertItem.parse("1000000000000,-1000000000000").isWithinInputLimits, "what was written reads back")
        let problem = stream.write([try ConvertItem.parse("1000000001,0")], to: &out)
        #expect(problem == .item("converting 1000000001,0 gives 1000000001000,0, beyond 10^12 in magnitude, the largest coordinate pageinfo reads back; "
                                 + "convert a point nearer the page, or change the view options that magnify it"))
        #expect(out.string == "1000000000000,-1000000000000\n", "nothing more written")
    }

    @Test("a read error is a read problem, never the end of the input")
    func readError() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let fd = try OpenFile.open(directory)
        defer { try? fd.close() }
        var stream = ConversionStream(transform: Self.transform, format: .text)
        var out = ByteWriter()
        let problem = try #require(stream.write(linesOf: LineReader(fd), to: &out))
        #expect(problem == .read(.failed(SystemCallError(call: "read", path: directory, code: EISDIR))))
        #expect(problem.description == "cannot read the items on stdin: read: Is a directory")
    }
}

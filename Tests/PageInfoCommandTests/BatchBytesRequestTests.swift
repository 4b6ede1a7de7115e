// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// The worker's bytes request (WorkerProtocol): a file's bytes and the name the records use,
/// as the Spark job sends them. Checked against `pageinfo pages --format jsonl FILE` in process.
extension BatchTests {
    /// Little-endian UInt32.
    static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }

    /// Frames for one worker: configuration (no password), then the requests.
    static func bytesRequest(name: String, content: [UInt8]) -> [UInt8] {
        let n = Array(name.utf8)
        return le32(0x8000_0000 | UInt32(4 + n.count + content.count)) + le32(UInt32(n.count)) + n + content
    }

    /// Runs one `pageinfo worker` over `frames` and splits its answer into responses:
    /// (status byte, error byte, payload as records).
    static func runWorker(_ frames: [UInt8], args: [String] = []) throws -> [(status: UInt8, error: UInt8, records: [[String: Any]])] {
        let run = try Self.run(["worker", "--mode", "pages"] + args, stdin: Data([1, 0, 0, 0, 0] + frames))
        #expect(run.status == 0, "worker: \(run.stderr)")
        let out = [UInt8](run.stdout)
        var responses: [(UInt8, UInt8, [[String: Any]])] = []
        var i = 0
        while i + 12 <= out.count {
            let length = Int(out[i]) | Int(out[i + 1]) << 8 | Int(out[i + 2]) << 16 | Int(out[i + 3]) << 24
            let payload = Data(out[(i + 12)..<(i + 12 + length)])
            responses.append((out[i + 8], out[i + 9], parseJSONL(payload)))
            i += 12 + length
        }
        #expect(i == out.count, "the worker's output ends with a whole response")
        return responses.map { (status: $0.0, error: $0.1, records: $0.2) }
    }

    @Test("a bytes request is read as the named file would be, under the name it carries; a name request after it still works")
    func bytesRequestSameAsInProcess() throws {
        let good = Self.path("good-00003.pdf")
        let content = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        let uri = "s3a://bucket/dir/good copy.pdf"
        let responses = try Self.runWorker(Self.bytesRequest(name: uri, content: content)
            + Self.bytesRequest(name: "file:///not/a/pdf.pdf", content: Array("this is not a PDF\n".utf8))
            + Self.le32(UInt32(good.utf8.count)) + Array(good.utf8))
        try #require(responses.count == 3)

        // The in-process records of the same file, its name replaced by the URI; `seconds` is
        // measured by the worker only.
        let reference = try Self.run(["pages", "--format", "jsonl", good])
        #expect(reference.status == 0)
        func comparable(_ records: [[String: Any]], renaming from: String?) -> [NSDictionary] {
            records.map { r in
                var r = r
                if let from, r["file"] as? String == from { r["file"] = uri }
                r["seconds"] = nil
                return r as NSDictionary
            }
        }
        let want = comparable(reference.records, renaming: good)
        #expect(want.count == Self.expected["good-00003.pdf"]!.count + 1)
        #expect(comparable(responses[0].records, renaming: nil) == want)
        #expect(responses[0].status == 0)
        let fileRecord = responses[0].records.last!
        #expect(fileRecord["bytes"] as? Int == content.count)
        #expect((fileRecord["seconds"] as? Double).map { $0 >= 0 } == true)

        // Not a PDF: a failed file record under the URI, the same error as for a named file.
        let notPDF = responses[1].records
        #expect(notPDF.count == 1 && notPDF[0]["file"] as? String == "file:///not/a/pdf.pdf")
        #expect(notPDF[0]["status"] as? String == "failed" && Self.errorCode(notPDF[0]) == "not-pdf")
        #expect(notPDF[0]["bytes"] as? Int == 18)
        #expect(responses[1].status == 2)

        // The name request that follows is read from the file system as before.
        #expect(comparable(responses[2].records, renaming: good) == want)
    }

    @Test("a bytes request larger than --max-request-bytes is a failed record with the sizes; the next request is answered")
    func bytesRequestTooLarge() throws {
        // The larger of two good files is over the limit, the smaller one within it.
        let files = try ["good-00001.pdf", "good-00002.pdf"].map { name in
            (name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.path(name)))))
        }.sorted { $0.1.count < $1.1.count }
        let (smallName, small) = files[0]
        let content = files[1].1
        try #require(small.count < content.count)
        let responses = try Self.runWorker(Self.bytesRequest(name: "file:///big.pdf", content: content)
            + Self.bytesRequest(name: "file:///small.pdf", content: small),
            args: ["--max-request-bytes", String(content.count - 1)])
        try #require(responses.count == 2)
        let big = responses[0].records
        #expect(big.count == 1 && big[0]["file"] as? String == "file:///big.pdf")
        #expect(big[0]["status"] as? String == "failed" && Self.errorCode(big[0]) == "unreadable")
        #expect(big[0]["bytes"] as? Int == content.count)
        let message = (big[0]["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("\(content.count) bytes") && message.contains("\(content.count - 1)"), "\(message)")
        // The skipped bytes were consumed exactly: the next request is a whole file.
        #expect(responses[1].status == 0)
        #expect(responses[1].records.last?["pageCount"] as? Int == Self.expected[smallName]!.count)
        #expect(responses[1].records.last?["file"] as? String == "file:///small.pdf")
    }

    @Test("a bytes request over 256 KiB goes through a memory file, a smaller one stays in memory: the records of the file on disk")
    func bytesRequestLargeAndSmall() throws {
        let good = Self.path("good-00003.pdf")
        let small = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        let large = try PaddedPDF.bytes(of: good, largerThan: 256 << 10)
        let dir = try makeScratchDirectory("bytes-request")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let onDisk = dir + "/large.pdf"
        try Data(large).write(to: URL(fileURLWithPath: onDisk))
        let responses = try Self.runWorker(Self.bytesRequest(name: "s3a://b/large.pdf", content: large)
            + Self.bytesRequest(name: "s3a://b/small.pdf", content: small)
            + Self.le32(UInt32(onDisk.utf8.count)) + Array(onDisk.utf8))
        try #require(responses.count == 3)
        func comparable(_ records: [[String: Any]]) -> [NSDictionary] {
            records.map { r in
                var r = r
                r["file"] = nil
                r["seconds"] = nil
                r["bytes"] = nil
                return r as NSDictionary
            }
        }
        #expect(responses.allSatisfy { $0.status == 0 })
        #expect(responses[0].records.last?["bytes"] as? Int == large.count)
        #expect(responses[1].records.last?["bytes"] as? Int == small.count)
        #expect(responses[0].records.last?["pageCount"] as? Int == Self.expected["good-00003.pdf"]!.count)
        #expect(comparable(responses[0].records) == comparable(responses[2].records))
        #expect(comparable(responses[1].records) == comparable(responses[2].records))
    }

    @Test("the crash hook applies to a bytes request's name: the worker dies, as for a named file")
    func bytesRequestCrashHook() throws {
        let content = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.path("good-00001.pdf"))))
        let run = try Self.run(["worker", "--mode", "pages"],
                               stdin: Data([1, 0, 0, 0, 0] + Self.bytesRequest(name: "s3a://b/crash-me.pdf", content: content)),
                               env: Self.hookEnvironment, executable: CLI.testWorker.path)
        #expect(run.status != 0 && run.stdout.isEmpty)
    }
}

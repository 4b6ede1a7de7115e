// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoBatch
import PageInfoGrammar
import PageInfoSystem
import PageInfoEncoding
import PageInfoReading
import PageInfoRecords
import PageInfoTestSupport
import Testing

/// A batch's messages name its settings in the reader's wording: a Swift program's by default
/// (`strict`, `timeout`), the CLI's options when it asks (`--strict`, `--timeout`), in the
/// records the workers write and in those the run writes itself.
@Suite struct BatchWordingTests {
    static func record(_ file: BatchFile?) -> String { String(decoding: file?.records ?? [], as: UTF8.self) }

    @Test("a worker's strict failure: strict in the library's words, --strict when the CLI runs it", .timeLimit(.minutes(1)))
    func strict() throws {
        let names = [Array(Paths.fixture("boxes.pdf").utf8)]
        var configuration = testConfiguration(jobs: 1, worker: testWorker)
        configuration.reader.strict = true
        let library = Self.record(try runToEnd(BatchRun(names: names, configuration: configuration)).first)
        #expect(library.contains(": strict: 0 page errors and 7 warnings"), "\(library)")
        #expect(!library.contains("--"), "\(library)")
        configuration.reader.wording = .commandLine
        let commandLine = Self.record(try runToEnd(BatchRun(names: names, configuration: configuration)).first)
        #expect(commandLine.contains(": --strict: 0 page errors and 7 warnings"), "\(commandLine)")
    }

    @Test("a file past the time limit: timeout in the library's words, --timeout in the CLI's", .timeLimit(.minutes(1)))
    func timeout() throws {
        let (silent, dir) = try scriptedWorker("silent", "cat > /dev/null")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let names = [Array(Paths.fixture("mixed.pdf").utf8)]
        var configuration = testConfiguration(jobs: 1, timeout: 0.3, worker: silent)
        let library = try runToEnd(BatchRun(names: names, configuration: configuration)).first
        #expect(library?.error == .timeout)
        #expect(Self.record(library).contains("took longer than timeout 0.3 s"), "\(Self.record(library))")
        configuration.reader.wording = .commandLine
        let commandLine = try runToEnd(BatchRun(names: names, configuration: configuration)).first
        #expect(Self.record(commandLine).contains("took longer than --timeout 0.3 s"), "\(Self.record(commandLine))")
    }

    @Test("a resume mismatch names the run's settings in the expectation's wording")
    func resumeMismatch() throws {
        let path = try makeScratchDirectory("wording") + "/out.jsonl"
        // What an earlier `info --strict` run wrote for boxes.pdf (failed by strict).
        var encoder = PageListEncoder(format: .jsonl, out: ByteWriter())
        encoder.begin(documentCount: 1)
        _ = DocumentReader(strict: true, withPages: false).read(.path(Paths.fixture("boxes.pdf")), into: &encoder)
        encoder.end()
        try Data(encoder.out.bytes).write(to: URL(fileURLWithPath: path))
        func mismatch(_ wording: Wording) throws -> String {
            let fd = try OpenFile.open(path, O_RDWR)
            defer { try? fd.close() }
            let error = try #require(throws: BatchError.self) {
                _ = try ResumeState.prepare(fd: fd.descriptor, expecting: ResumeState.Expectation(withPages: false, ranges: nil, wording: wording))
            }
            guard case .resumeMismatch(let why) = error else { Issue.record("\(error)"); return "" }
            return why
        }
        let library = try mismatch(.library), commandLine = try mismatch(.commandLine)
        #expect(library.contains("failed by strict, which this run does not give"), "\(library)")
        #expect(commandLine.contains("failed by --strict, which this run does not give"), "\(commandLine)")
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoBatch
import PageInfoSystem
import PageInfoTestSupport
import PageInfoRecords
import Testing

/// `BatchJob`: the output opened, replaced or resumed, and the refusals that come before any
/// record is written. Runs that read files are end-to-end tests (PageInfoCommandTests'
/// BatchTests, the client package): these need no worker.
@Suite("BatchJob")
struct BatchJobTests {
    /// A configuration whose worker is never started (no file is left to read).
    private let configuration = BatchConfiguration(jobs: 1, worker: "/nonexistent/pageinfo-worker")

    private func fileRecord(_ name: String, status: String, error: String? = nil, pages: Int) -> String {
        let failure = error.map { ",\"error\":{\"code\":\"\($0)\",\"message\":\"m\"}" } ?? ""
        return "{\"record\":\"file\",\"file\":\"\(name)\",\"status\":\"\(status)\",\"pageCount\":\(pages)\(failure)}\n"
    }

    @Test("resume: the files already done are not read again; the earlier run's outcome is the status")
    func resumeAllDone() throws {
        let directory = try makeScratchDirectory("batchjob")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/out.jsonl"
        let pages = (0..<3).map { "{\"record\":\"page\",\"file\":\"a.pdf\",\"index\":\($0)}\n" }.joined()
        let done = pages + fileRecord("a.pdf", status: "ok", pages: 3) + fileRecord("b.pdf", status: "failed", error: "not-found", pages: 0)
        // A cut last file: dropped from the output.
        try FileSystem.writeFile(Array((done + "{\"record\":\"page\",\"file\":\"c.pdf\"").utf8), to: output)
        let job = BatchJob(inputs: BatchInputs(arguments: [Array("a.pdf".utf8), Array("b.pdf".utf8)]), configuration: configuration,
                           destination: .file(path: output, resume: true), stopsOnSignals: false)
        var lines: [String] = []
        let status = try job.run { lines.append($0) }
        #expect(status == .cannotOpen)  // b.pdf was not found by the earlier run
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("pageinfo: 0 files in ") == true)
        #expect(lines.first?.hasSuffix(": 0 ok, 0 partial, 0 failed; 0 pages; 2 more done by the earlier run (1 ok, 0 partial, 1 failed (1 not-found))") == true)
        #expect(String(decoding: try OpenFile.readFile(output), as: UTF8.self) == done)
    }

    @Test("resume refuses an output that is not pageinfo JSON lines, and leaves it as it is")
    func resumeRefusesOtherFiles() throws {
        let directory = try makeScratchDirectory("batchjob")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/out.csv"
        try FileSystem.writeFile(Array("file,page\na.pdf,1\n".utf8), to: output)
        let job = BatchJob(inputs: BatchInputs(arguments: [Array("a.pdf".utf8)]), configuration: configuration,
                           destination: .file(path: output, resume: true), stopsOnSignals: false)
        #expect(throws: BatchError.resumeNotJSONLines(path: output)) { _ = try job.run { _ in } }
        #expect(BatchError.resumeNotJSONLines(path: output).kind.exitStatus == .usage)
        #expect(BatchError.resumeNotJSONLines(path: output).description
                == "\(output) does not hold pageinfo JSON lines (the output of a jsonl or columns run); it is left as it is")
        #expect(String(decoding: try OpenFile.readFile(output), as: UTF8.self) == "file,page\na.pdf,1\n")

        var csv = configuration
        csv.output = BatchOutput(format: .csv)
        let other = BatchJob(inputs: BatchInputs(), configuration: csv, destination: .file(path: output, resume: true), stopsOnSignals: false)
        #expect(throws: BatchError.resumeNeedsJSONLines) {
            _ = try other.run { _ in }
        }
    }

    @Test("an output that cannot be opened is exit 74 with the system's reason")
    func outputNotOpened() throws {
        let directory = try makeScratchDirectory("batchjob")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/missing/out.jsonl"
        let job = BatchJob(inputs: BatchInputs(), configuration: configuration, destination: .file(path: output, resume: false), stopsOnSignals: false)
        #expect(throws: BatchError.outputUnwritable(path: output, reason: "No such file or directory")) {
            _ = try job.run { _ in }
        }
    }

    @Test("without resume the output is emptied; no file gives the summary of none")
    func replaces() throws {
        let directory = try makeScratchDirectory("batchjob")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/out.jsonl"
        try FileSystem.writeFile(Array(fileRecord("a.pdf", status: "ok", pages: 1).utf8), to: output)
        var lines: [String] = []
        let status = try BatchJob(inputs: BatchInputs(), configuration: configuration, destination: .file(path: output, resume: false), stopsOnSignals: false)
            .run { lines.append($0) }
        #expect(status == .success)
        #expect(try OpenFile.readFile(output).isEmpty)
        #expect(lines.count == 1 && lines[0].hasSuffix(": 0 ok, 0 partial, 0 failed; 0 pages"))
    }
}

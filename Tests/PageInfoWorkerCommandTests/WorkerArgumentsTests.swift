// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
@testable import PageInfoBatch
import PageInfoGrammar
import PageInfoReading
import PageInfoWorkerCommand
import Testing

/// The worker's argv contract: what the coordinator passes when it starts `pageinfo worker`
/// (``WorkerOptions/arguments``) is what `pageinfo worker`'s parser (PageInfoWorkerCommand,
/// through ArgumentParser) reads back, option for option.
@Suite("worker arguments: written by the coordinator, read by the worker's parser")
struct WorkerArgumentsTests {
    static let cases: [WorkerOptions] = {
        let ranges = try! PageRangeList("1-3,7,10-")
        return [
            WorkerOptions(),
            WorkerOptions(withPages: false, format: .json, maxMemoryMiB: 4096),
            WorkerOptions(ranges: ranges, format: .table, wide: true, strict: true, messages: true, maxMemoryMiB: 64,
                          maxRequestBytes: 1000),
            WorkerOptions(format: .csv, bitmap: BitmapRequest(.dotsPerInch(0.1 + 0.2), renderer: .mupdf)),
            WorkerOptions(format: .columns, bitmap: BitmapRequest(.pixelSize(width: 1024, height: 768, fit: .fill), renderer: .pdfium),
                          frames: [.pypdf, .pymupdf]),
            WorkerOptions(maxMemoryMiB: 1 << 30, maxRequestBytes: 0, frames: LibraryFrame.allCases),
            WorkerOptions(strict: true, wording: .commandLine),
            WorkerOptions(format: .csv, frames: [.pdfplumber], annotations: true, view: Size(width: 0.1 + 0.2, height: 600)),
            WorkerOptions(annotations: true, view: Size(width: 800, height: 600)),
            WorkerOptions(withPages: false, format: .json, outline: true),
        ]
    }()

    @Test("options → arguments → the parser → the same options", arguments: cases)
    func roundTrip(_ options: WorkerOptions) throws {
        let parsed = try WorkerCommand.parse(options.arguments).workerOptions()
        #expect(parsed == options, "\(options.arguments)")
    }

    @Test("a run's worker arguments, its hello first, are what the parser reads back as the run's configuration")
    func runArguments() throws {
        let configurations = [
            BatchConfiguration(jobs: 1, worker: "pageinfo-test-worker"),
            BatchConfiguration(reader: DocumentReader(ranges: try PageRangeList("2-4,9"), strict: true, withPages: false),
                               output: BatchOutput(format: .columns), jobs: 3, maxMemoryMiB: 512, worker: "pageinfo-test-worker"),
        ]
        for configuration in configurations {
            let run = BatchRun(names: [[UInt8]](), configuration: configuration)
            #expect(run.workerArguments.first == WorkerProtocol.helloArgument)
            #expect(try WorkerCommand.parse(run.workerArguments).workerOptions() == configuration.workerOptions, "\(run.workerArguments)")
        }
    }

    @Test("the wording: the library's is asked for with --library-wording; without it, pageinfo worker words messages as the CLI")
    func wording() throws {
        #expect(WorkerOptions().wording == .library && WorkerOptions().arguments.last == "--library-wording")
        #expect(!WorkerOptions(wording: .commandLine).arguments.contains("--library-wording"))
        #expect(try WorkerCommand.parse(["--mode", "pages"]).workerOptions().wording == .commandLine)
    }

    @Test("a value out of range is refused naming its option; the parser refuses what it cannot read",
          arguments: [
              (["--max-memory", "10"], "--max-memory 10: give 0 (no limit) or 64 to 1073741824 MiB"),
              (["--max-memory", "-1"], "--max-memory -1: not a whole number of 0 or more"),
              (["--max-request-bytes", "-5"], "--max-request-bytes -5: not a whole number of 0 or more"),
              (["--pages", "0"], "--pages: '0' in page list '0': page numbers are whole numbers from 1"),
              (["--fit", "fill"], "--fit applies only with --bitmap-size WxH (at --dpi D the page is never fitted)"),
              (["--frames", "fitz"], "--frames fitz: unknown frame 'fitz'; give a comma-separated list of pymupdf, pdfplumber, pdfminer, pypdfium2, pypdf, docling, docling-topleft, textract, documentai, azure, or all"),
              (["--mode", "both"], "The value 'both' is invalid for '--mode <mode>'. Please provide one of 'pages', 'info', 'annotations' or 'outline'."),
              (["--bogus"], "Unknown option '--bogus'. Did you mean '--pages'?"),
              (["--view", "800x600"], "--view applies only with --mode annotations"),
              (["--mode", "annotations", "--view", "0x600"], "--view: the width and height must be positive (at least 10^-9), e.g. 800x600"),
          ])
    func refused(_ arguments: [String], _ message: String) {
        #expect(throws: (any Error).self) { _ = try WorkerCommand.parse(arguments).workerOptions() }
        do { _ = try WorkerCommand.parse(arguments).workerOptions() } catch {
            #expect(WorkerCommand.message(for: error) == message)
            #expect(WorkerCommand.exitCode(for: error).rawValue == 64)
        }
    }
}

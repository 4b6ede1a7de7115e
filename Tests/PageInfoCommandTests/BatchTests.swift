// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// Batch mode end to end: the real binary, its worker processes, hostile inputs, kill -9 and
/// --resume, progress on a terminal. Inputs come from `scripts/make_batch_corpus.py`, whose
/// `expected.json` says how many pages (and which MediaBox sizes) each good file was built with.
@Suite(.serialized, .requiresTool(.python3))
struct BatchTests {
    /// A corpus made once per test run: good files, the hostile ones, and copies of good files
    /// under the names the test hooks react to.
    /// Made by Python 3: the suite is skipped without it, and under `CI=true` every run of the
    /// binary (``start(_:stdin:env:)``) throws what is missing.
    static let corpus: URL = {
        let dir = processScratchDirectory("batch")
        corpusMade = Result {
            let python = try ExternalTool.python3.require()
            let script = CLI.packageRoot.appendingPathComponent("scripts/make_batch_corpus.py").path
            let made = try ProcessRunner.run(python.path, arguments: [script, dir.path, "--count", "40", "--hostile"])
            guard made.termination == .exit(0) else {
                throw CorpusFailure(description: "\(python.path) scripts/make_batch_corpus.py \(made.termination): \(made.stderrText)")
            }
            for hook in ["crash-me", "hang-me", "eat-memory"] {
                try FileManager.default.copyItem(at: dir.appendingPathComponent("good-00001.pdf"),
                                                 to: dir.appendingPathComponent("\(hook).pdf"))
            }
        }
        return dir
    }()

    /// Whether ``corpus`` was made (set once, by its initializer).
    nonisolated(unsafe) static var corpusMade: Result<Void, any Error> = .success(())

    struct CorpusFailure: Error, CustomStringConvertible { var description: String }

    /// The corpus, or the error that kept it from being made.
    static func requireCorpus() throws -> URL {
        let dir = corpus
        try corpusMade.get()
        return dir
    }

    /// Where a run's files go (removed, like the corpus, by a later run).
    static let scratch = processScratchDirectory("batch-scratch")

    /// Pages per good file, from how the corpus was built.
    static let expected: [String: [[Double]]] = {
        guard let data = try? Data(contentsOf: corpus.appendingPathComponent("expected.json")) else { return [:] }  // (see corpusMade)
        return try! JSONSerialization.jsonObject(with: data) as! [String: [[Double]]]
    }()

    static func path(_ name: String) -> String { corpus.appendingPathComponent(name).path }

    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: String
        var records: [[String: Any]] { BatchTests.parseJSONL(stdout) }

        init(_ run: ProcessRunner.Result) {
            status = run.status
            stdout = run.stdout
            stderr = run.stderrText
        }
    }

    static let hookEnvironment = ["PAGEINFO_TEST_CRASH_ON": "crash-me", "PAGEINFO_TEST_HANG_ON": "hang-me",
                                  "PAGEINFO_TEST_ALLOC_ON": "eat-memory"]

    /// Runs `pageinfo args…` with `stdin`; stdout and stderr captured (``ProcessRunner``).
    static func run(_ args: [String], stdin: Data = Data(), env: [String: String] = hookEnvironment) throws -> Run {
        Run(try start(args, stdin: stdin, env: env).wait())
    }

    /// Starts `pageinfo args…` with `stdin` (a run the test kills, interrupts or watches).
    static func start(_ args: [String], stdin: Data = Data(), env: [String: String] = hookEnvironment) throws -> ProcessRunner.Child {
        _ = try requireCorpus()
        return try ProcessRunner.start(CLI.binary.path, arguments: CLI.workerArguments(args, hooks: CLI.setsHooks(env)),
                                       stdin: .bytes(stdin), environment: env)
    }

    /// JSON lines, with the `\udcXX` escapes of non-UTF-8 names shown as `<XX>` (Foundation's
    /// parser refuses lone surrogates).
    static func parseJSONL(_ data: Data) -> [[String: Any]] {
        var text = String(decoding: data, as: UTF8.self)
        while let r = text.range(of: "\\udc") {
            let hex = text[r.upperBound...].prefix(2)
            text.replaceSubrange(r.lowerBound..<text.index(r.upperBound, offsetBy: 2), with: "<\(hex)>")
        }
        return text.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? ["unparsable": String(line)]
        }
    }

    static func fileRecords(_ records: [[String: Any]]) -> [[String: Any]] {
        records.filter { $0["record"] as? String == "file" }
    }

    static func errorCode(_ r: [String: Any]) -> String? { (r["error"] as? [String: Any])?["code"] as? String }

    /// Checks that a good file's page records are all there, in order, with the sizes it was built with.
    static func checkGoodFile(_ records: [[String: Any]], name: String, shownAs file: String) {
        guard let pages = expected[name] else { Issue.record("no expectation for \(name)"); return }
        let mine = records.filter { $0["file"] as? String == file && $0["record"] as? String != "file" }
        #expect(mine.count == pages.count, "\(name): \(mine.count) page records, built with \(pages.count)")
        for (k, (record, page)) in zip(mine, pages).enumerated() {
            #expect(record["index"] as? Int == k)
            let media = record["mediaBox"] as? [String: Double]
            #expect(media?["width"] == page[0] && media?["height"] == page[1], "\(name) page \(k)")
            #expect(record["rotation"] as? Double == page[2], "\(name) page \(k)")
        }
        let fileRecord = fileRecords(records).filter { $0["file"] as? String == file }
        #expect(fileRecord.count == 1)
        #expect(fileRecord.first?["status"] as? String == "ok")
        #expect(fileRecord.first?["pageCount"] as? Int == pages.count)
    }

    // MARK: - Hostile inputs

    @Test("every good file complete, each bad one exactly one record with its reason, input order kept, exit 70")
    func hostileList() throws {
        let names: [(String, String?)] = [
            ("good-00000.pdf", nil), ("crash-me.pdf", "crashed"), ("good-00001.pdf", nil), ("hang-me.pdf", "timeout"),
            ("good-00002.pdf", nil), ("damaged.pdf", "damaged"), ("missing.pdf", "not-found"),
            ("a-directory.pdf", "unreadable"), ("new\nline.pdf", nil), ("eat-memory.pdf", "memory"),
            ("not-a-pdf.pdf", "not-pdf"), ("name with spaces.pdf", nil), ("deep-labels.pdf", "deep"),
            ("good-00003.pdf", nil),
        ]
        var list = Data()
        for (name, _) in names { list += Data(Self.path(name).utf8) + Data([0]) }
        let run = try Self.run(["pages", "--files-from", "-", "-0", "--jobs", "2", "--timeout", "5",
                                "--max-memory", "256", "--no-progress"], stdin: list)
        let records = run.records
        #expect(!records.contains { $0["unparsable"] != nil }, "every line is JSON")
        let files = Self.fileRecords(records)
        #expect(files.map { $0["file"] as? String } == names.map { Self.path($0.0) }, "one file record per input, in input order")
        for (name, reason) in names {
            let record = files.first { $0["file"] as? String == Self.path(name) } ?? [:]
            switch reason {
            case nil:
                Self.checkGoodFile(records, name: name, shownAs: Self.path(name))
            case "deep":
                // A /PageLabels tree 100,000 levels deep overflows Poppler's recursion: the worker
                // dies by SIGSEGV. (If the reader learns to refuse such a tree, the file reads
                // with a labels-unreadable warning instead: either way, exactly one record.)
                if record["status"] as? String == "failed" {
                    #expect(Self.errorCode(record) == "crashed")
                    #expect(((record["error"] as? [String: Any])?["message"] as? String)?.contains("SIGSEGV") == true)
                }
            default:
                #expect(record["status"] as? String == "failed", "\(name)")
                #expect(Self.errorCode(record) == reason, "\(name): \(record)")
                #expect(!records.contains { $0["file"] as? String == Self.path(name) && $0["record"] as? String != "file" },
                        "\(name): no page records from a failed file")
            }
        }
        let crash = files.first { $0["file"] as? String == Self.path("crash-me.pdf") }
        #expect(((crash?["error"] as? [String: Any])?["message"] as? String)?.contains("SIGSEGV") == true)
        #expect(run.status == 70, "worst outcome: a worker crashed/timed out (70 > 66 > 65)")
        let stderrLines = run.stderr.split(separator: "\n")
        #expect(stderrLines.count == 1 && stderrLines[0].hasPrefix("pageinfo: 14 files in"), "\(run.stderr)")
        #expect(run.stderr.contains("crashed") && run.stderr.contains("1 timeout") && run.stderr.contains("1 memory"), "\(run.stderr)")
    }

    @Test("a name that is not UTF-8 is read and written as \\udcXX escapes (PEP 383)")
    func nonUTF8Name() throws {
        var list = Data(Self.corpus.path.utf8) + Data("/bad-".utf8) + Data([0xFF, 0xFE]) + Data(".pdf\n".utf8)
        list += Data(Self.path("good-00000.pdf").utf8) + Data("\n".utf8)
        let run = try Self.run(["pages", "--files-from", "-", "--no-progress"], stdin: list)
        #expect(run.status == 0, "\(run.stderr)")
        let text = String(decoding: run.stdout, as: UTF8.self)
        #expect(text.contains("\"file\":\"\(Self.corpus.path)/bad-\\udcff\\udcfe.pdf\""))
        Self.checkGoodFile(run.records, name: "bad-<ff><fe>.pdf", shownAs: "\(Self.corpus.path)/bad-<ff><fe>.pdf")
    }

    @Test("-r walks directories: *.pdf in any case, sorted, directories ending in .pdf walked, not read")
    func recursive() throws {
        let run = try Self.run(["pages", "-r", Self.corpus.path, "--jobs", "2", "--no-progress"], env: [:])
        let files = Self.fileRecords(run.records).compactMap { $0["file"] as? String }
        var expectedNames = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.lowercased().hasSuffix(".pdf") && $0 != "a-directory.pdf" }
            .map { Self.corpus.path + "/" + $0 }
        expectedNames.append(Self.path("sub/nested-good.pdf"))
        #expect(files.count == expectedNames.count)
        #expect(files == files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                || files.contains { $0.contains("<") }, "sorted by bytes")
        #expect(files.contains(Self.path("sub/nested-good.pdf")))
        #expect(!files.contains(Self.path("a-directory.pdf")))
    }

    @Test("order is input order with several workers; --unordered gives the same records")
    func orderAndUnordered() throws {
        let names = (0..<40).map { Self.path(String(format: "good-%05d.pdf", $0)) }
        let list = Data((names.joined(separator: "\n") + "\n").utf8)
        let ordered = try Self.run(["pages", "--files-from", "-", "--jobs", "3", "--no-progress"], stdin: list, env: [:])
        #expect(ordered.status == 0)
        let files = Self.fileRecords(ordered.records).map { $0["file"] as? String ?? "" }
        #expect(files == names)
        for (i, name) in names.enumerated() { Self.checkGoodFile(ordered.records, name: String(format: "good-%05d.pdf", i), shownAs: name) }
        let unordered = try Self.run(["pages", "--files-from", "-", "--jobs", "3", "--unordered", "--no-progress"], stdin: list, env: [:])
        #expect(Set(Self.withoutSeconds(unordered.stdout)) == Set(Self.withoutSeconds(ordered.stdout)))
    }

    @Test("workers recycled every 7 files: the same records, nothing lost")
    func recycling() throws {
        let names = (0..<40).map { Self.path(String(format: "good-%05d.pdf", $0)) }
        let list = Data((names.joined(separator: "\n") + "\n").utf8)
        let plain = try Self.run(["pages", "--files-from", "-", "--jobs", "2", "--no-progress"], stdin: list, env: [:])
        let recycled = try Self.run(["pages", "--files-from", "-", "--jobs", "2", "--no-progress", "--files-per-worker", "7"], stdin: list,
                                    env: [:])
        #expect(recycled.status == 0)
        #expect(Self.withoutSeconds(recycled.stdout) == Self.withoutSeconds(plain.stdout))
    }

    @Test("page records are exactly what pageinfo pages --format jsonl prints in process")
    func sameRecordsAsInProcess() throws {
        let fixtures = ["mixed.pdf", "labels.pdf", "rotations.pdf", "boxes.pdf"].map { CLI.fixture($0) }
        let inProcess = try CLI.run(["pages", "--format", "jsonl"] + fixtures)
        let batch = try Self.run(["pages", "--jobs", "2", "--format", "jsonl"] + fixtures, env: [:])
        // Every record equal, file records included; only batch mode measures "seconds".
        #expect(Self.withoutSeconds(batch.stdout) == Self.withoutSeconds(Data(inProcess.stdout.utf8)))
    }

    @Test("on every corpus file, batch page records equal the in-process ones; one file record each", .requiresCorpus)
    func corpusSameAsInProcess() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: CLI.corpus.path)
            .filter { $0.hasSuffix(".pdf") }.sorted().map { CLI.corpusFile($0) }
        try #require(!files.isEmpty, "../shared/corpus is missing")
        var inProcess: [String] = []
        for file in files { inProcess += Self.withoutSeconds(Data(try CLI.run(["pages", "--format", "jsonl", file]).stdout.utf8)) }
        var list = Data()
        for file in files { list += Data(file.utf8) + Data([0]) }
        let batch = try Self.run(["pages", "--files-from", "-", "-0", "--jobs", "2", "--no-progress"], stdin: list, env: [:])
        #expect(Self.withoutSeconds(batch.stdout) == inProcess, "every record equal, file records included")
        #expect(Self.fileRecords(batch.records).compactMap { $0["file"] as? String } == files)
    }

    @Test("exit codes: 0 all ok, 66 missing, 65 damaged; info in batch writes file records only")
    func exitCodesAndInfo() throws {
        #expect(try Self.run(["pages", "--jobs", "1", Self.path("good-00000.pdf")]).status == 0)
        #expect(try Self.run(["pages", "--jobs", "1", Self.path("missing.pdf"), Self.path("damaged.pdf")]).status == 66)
        #expect(try Self.run(["pages", "--jobs", "1", Self.path("damaged.pdf")]).status == 65)
        let info = try Self.run(["info", "--files-from", "-", "--no-progress"],
                                stdin: Data((Self.path("good-00003.pdf") + "\n" + Self.path("missing.pdf") + "\n").utf8))
        #expect(info.status == 66)
        let records = info.records
        #expect(records.count == 2 && records.allSatisfy { $0["record"] as? String == "file" })
        #expect(records.first?["pageCount"] as? Int == 4)
    }

    @Test("usage errors exit 64 with one line")
    func usageErrors() throws {
        for args in [["pages"], ["pages", "--resume", Self.path("good-00000.pdf")],
                     ["pages", "--jobs", "2", "--max-input-size", "5", Self.path("good-00000.pdf")],
                     ["pages", "--jobs", "2", "--format", "csv", "--resume", "-o", Self.path("never.csv"), Self.path("good-00000.pdf")],
                     ["pages", "--jobs", "0", Self.path("good-00000.pdf")]] {
            let run = try Self.run(args)
            #expect(run.status == 64, "\(args)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(args): \(run.stderr)")
        }
    }

    // MARK: - Kill and resume

    static func withoutSeconds(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            $0.replacingOccurrences(of: #","seconds":([0-9.e-]+|null)"#, with: "", options: .regularExpression)
        }
    }

    @Test("kill -9 of the coordinator at several points, then --resume: every file exactly once, valid JSON lines")
    func killAndResume() throws {
        var names = (0..<40).map { Self.path(String(format: "good-%05d.pdf", $0)) }
        names = (0..<8).flatMap { _ in names }  // 320 inputs (repeats are separate inputs)
        names.insert(Self.path("crash-me.pdf"), at: 100)
        let list = Data((names.joined(separator: "\n") + "\n").utf8)
        let reference = try Self.run(["pages", "--files-from", "-", "--jobs", "2", "--no-progress"], stdin: list)
        #expect(Self.fileRecords(reference.records).count == names.count)

        for (attempt, delay) in [0.0, 0.05, 0.15, 0.3].enumerated() {
            let out = Self.scratch.appendingPathComponent("resume-\(getpid())-\(attempt).jsonl")
            try? FileManager.default.removeItem(at: out)
            var args = ["pages", "--files-from", "-", "--jobs", "2", "--no-progress", "-o", out.path]
            // Interrupt twice at different moments, then finish.
            for kill in [delay, delay / 2 + 0.02] {
                let process = try Self.start(args, stdin: list)
                usleep(useconds_t(kill * 1_000_000))
                let workers = Self.children(of: process.pid)
                process.signal(SIGKILL)
                _ = process.wait()
                // Orphaned workers notice and exit within a second or so.
                var alive = workers
                for _ in 0..<30 where !alive.isEmpty {
                    usleep(100_000)
                    alive = alive.filter(Self.isRunning)
                }
                #expect(alive.isEmpty, "workers \(alive) outlived their coordinator")
                args = ["pages", "--files-from", "-", "--jobs", "2", "--no-progress", "-o", out.path, "--resume"]
            }
            let final = try Self.run(args, stdin: list)
            #expect(final.status == 70, "\(final.stderr)")
            let data = try Data(contentsOf: out)
            let records = Self.parseJSONL(data)
            #expect(!records.contains { $0["unparsable"] != nil }, "valid JSON lines after kill -9 at \(delay) s")
            let files = Self.fileRecords(records).map { $0["file"] as? String ?? "" }
            #expect(files.sorted() == names.sorted(), "every input exactly once after kill -9 at \(delay) s")
            #expect(Self.withoutSeconds(data).sorted() == Self.withoutSeconds(reference.stdout).sorted(),
                    "the same records as an uninterrupted run")
            try? FileManager.default.removeItem(at: out)
        }
    }

    static func children(of pid: Int32) -> [Int32] {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return [] }
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// Whether a process exists and is not a zombie.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
    }

    @Test("--resume drops a file whose records were cut, keeps whole ones (jsonl, and columns: a cut chunk)",
          arguments: [[], ["--format", "columns"]])
    func resumeCutsPartialFile(format: [String]) throws {
        let names = (0..<6).map { Self.path(String(format: "good-%05d.pdf", $0)) }
        let list = Data((names.joined(separator: "\n") + "\n").utf8)
        let full = try Self.run(["pages"] + format + ["--files-from", "-", "--jobs", "1", "--no-progress"], stdin: list, env: [:])
        let lines = String(decoding: full.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // Keep the first two files whole, then half of the third file's first page line.
        var kept: [Substring] = []
        var fileRecordsSeen = 0
        for line in lines {
            kept.append(line)
            if line.contains("\"record\":\"file\"") { fileRecordsSeen += 1; if fileRecordsSeen == 2 { break } }
        }
        let third = lines[kept.count]
        let cut = kept.joined(separator: "\n") + "\n" + String(third.prefix(third.count / 2))
        let out = Self.scratch.appendingPathComponent("cut-\(getpid())\(format.joined()).jsonl")
        try Data(cut.utf8).write(to: out)
        let resumed = try Self.run(["pages"] + format + ["--files-from", "-", "--jobs", "2", "--no-progress", "-o", out.path, "--resume"],
                                   stdin: list, env: [:])
        #expect(resumed.status == 0)
        #expect(resumed.stderr.contains("4 files in") && resumed.stderr.contains("2 more done by the earlier run"), "\(resumed.stderr)")
        #expect(Self.withoutSeconds(try Data(contentsOf: out)) == Self.withoutSeconds(full.stdout), "whole files, in order, nothing twice")
    }

    @Test("--resume refuses an output another command or other --pages wrote (it mixed them, exit 0), leaving it as it is")
    func resumeRefusesAnotherRunsOutput() throws {
        // rotations.pdf has 10 pages (Fixtures/rotations.golden.json), labels.pdf 13.
        let list = Data((["rotations.pdf", "labels.pdf"].map { CLI.fixture($0) }.joined(separator: "\n") + "\n").utf8)
        let out = Self.scratch.appendingPathComponent("mixed-runs-\(getpid()).jsonl")
        for (first, then) in [(["info"], ["pages"]), (["pages"], ["info"]), (["pages", "--pages", "1"], ["pages"]),
                              (["pages"], ["pages", "--pages", "2-3"])] {
            let written = try Self.run(first + ["--files-from", "-", "--no-progress", "-o", out.path], stdin: list, env: [:])
            #expect(written.status == 0, "\(first): \(written.stderr)")
            // The first file whole, as after an interrupted run.
            let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
            let firstFile = text.components(separatedBy: "\n").prefix { !$0.contains("\"record\":\"file\"") }.count + 1
            let kept = Data((text.components(separatedBy: "\n").prefix(firstFile).joined(separator: "\n") + "\n").utf8)
            try kept.write(to: out)
            let resumed = try Self.run(then + ["--files-from", "-", "--no-progress", "-o", out.path, "--resume"], stdin: list, env: [:])
            #expect(resumed.status == 64, "\(first) then \(then): \(resumed.status) \(resumed.stderr)")
            #expect(resumed.stderr.split(separator: "\n").count == 1 && resumed.stderr.contains("written by another command or with other options"),
                    "\(resumed.stderr)")
            #expect(try Data(contentsOf: out) == kept, "\(first) then \(then): the output is left as it is")
        }
        // The same options continue it.
        let written = try Self.run(["pages", "--pages", "2-3", "--files-from", "-", "--no-progress", "-o", out.path], stdin: list, env: [:])
        let text = String(decoding: written.stdout.isEmpty ? try Data(contentsOf: out) : written.stdout, as: UTF8.self)
        try Data((text.components(separatedBy: "\n").prefix(3).joined(separator: "\n") + "\n").utf8).write(to: out)
        let again = try Self.run(["pages", "--pages", "2-3", "--files-from", "-", "--no-progress", "-o", out.path, "--resume"], stdin: list, env: [:])
        #expect(again.status == 0 && again.stderr.contains("1 more done by the earlier run"), "\(again.stderr)")
        #expect(again.records.filter { $0["record"] as? String == "page" }.isEmpty)
        let whole = BatchTests.parseJSONL(try Data(contentsOf: out))
        #expect(whole.filter { $0["record"] as? String == "page" }.count == 4 && whole.count == 6)
    }

    @Test("--resume refuses an output whose page records are other pages of the same count (it mixed them, exit 0); the same pages continue it",
          arguments: [(["--pages", "1"], ["--pages", "2"], "has page 1 as its page record 1, where this run writes page 2"),
                      (["--pages", "2,1"], ["--pages", "1-2"], "has page 2 as its page record 1, where this run writes page 1"),
                      (["--pages", "3-4"], ["--pages", "3,5"], "has page 4 as its page record 2, where this run writes page 5"),
                      // rotations.pdf has 10 pages: `1-` and `1-10` write the same records for it.
                      (["--pages", "1-"], ["--pages", "1-10"], ""),
                      // The same records, but pages past its end give it page-out-of-range (exit 64).
                      (["--pages", "1-10"], ["--pages", "1-10,11"], "has no page-out-of-range error where this run's --pages go past its 10 pages"),
                      (["--pages", "1-12"], ["--pages", "1-"], "has a page-out-of-range error, which this run's --pages do not give it"),
                      (["--format", "columns", "--pages", "3-4"], ["--format", "columns", "--pages", "3,5"],
                       "has page 4 as its page record 2, where this run writes page 5"),
                      (["--format", "columns", "--pages", "2,1"], ["--pages", "2,1", "--format", "columns"], "")])
    func resumeRefusesOtherPagesOfTheSameCount(first: [String], then: [String], reason: String) throws {
        try resumeRefusal(first: first, then: then, reason: reason)
    }

    /// Each page record describes the bitmap its run asked for: an output of other bitmap options
    /// (or none) was continued, mixing two kinds of bitmap in one output with exit 0.
    @Test("--resume refuses an output whose page records describe another bitmap, or none; the same options continue it",
          arguments: [(["--dpi", "150"], ["--dpi", "300"], "describe another bitmap than this run's"),
                      (["--dpi", "150"], ["--dpi", "150", "--renderer", "pdfium"], "describe another bitmap than this run's"),
                      (["--bitmap-size", "300x200", "--fit", "fill"], ["--bitmap-size", "300x201", "--fit", "fill"], "describe another bitmap than this run's"),
                      (["--bitmap-size", "300x200"], ["--dpi", "150"], "describe another bitmap than this run's"),
                      // contain: each page's size depends on the page; the size asked for tells
                      // the runs apart (requestedWidth/requestedHeight).
                      (["--bitmap-size", "300x200"], ["--bitmap-size", "300x250"], "describe another bitmap than this run's"),
                      (["--bitmap-size", "300x200", "--fit", "contain"], ["--bitmap-size", "300x200"], ""),
                      (["--pages", "1"], ["--pages", "1", "--dpi", "150"], "describe no bitmap, which this run asks for"),
                      (["--dpi", "150"], [], "describe a bitmap (--dpi or --bitmap-size), which this run does not ask for"),
                      (["--dpi", "150", "--renderer", "mupdf"], ["--renderer", "mupdf", "--dpi", "150"], ""),
                      // The same in chunk records (--format columns): each row's bitmap.
                      (["--format", "columns", "--dpi", "150"], ["--format", "columns", "--dpi", "300"], "describe another bitmap than this run's"),
                      (["--format", "columns", "--bitmap-size", "300x200", "--fit", "fill"],
                       ["--format", "columns", "--bitmap-size", "300x201", "--fit", "fill"], "describe another bitmap than this run's"),
                      (["--format", "columns", "--pages", "1"], ["--format", "columns", "--pages", "1", "--dpi", "150"],
                       "describe no bitmap, which this run asks for"),
                      (["--format", "columns", "--bitmap-size", "300x200"], ["--format", "columns", "--bitmap-size", "400x200"],
                       "describe another bitmap than this run's"),
                      (["--format", "columns", "--dpi", "150"], ["--format", "columns"], "describe a bitmap (--dpi or --bitmap-size), which this run does not ask for"),
                      (["--format", "columns", "--bitmap-size", "300x200", "--fit", "fill", "--renderer", "pdfium"],
                       ["--format", "columns", "--renderer", "pdfium", "--bitmap-size", "300x200", "--fit", "fill"], "")])
    func resumeRefusesAnotherBitmap(first: [String], then: [String], reason: String) throws {
        try resumeRefusal(first: first, then: then, reason: reason)
    }

    /// Output written before the renderers were named for their calls' defaults said
    /// `"renderer":"pdftoppm"` for the CropBox image (now `pdftoppm-cropbox`) and had no
    /// `renderedBox`: a run of today's `--renderer pdftoppm` (the MediaBox) must not continue it.
    @Test("--resume refuses records of the earlier pdftoppm (the CropBox), which lack renderedBox",
          arguments: [[String](), ["--format", "columns"]])
    func resumeRefusesEarlierPdftoppm(format: [String]) throws {
        // The earlier form: this run's records with the earlier name and without the member.
        func earlier(_ text: String) -> String {
            text.replacingOccurrences(of: "\"renderer\":\"pdftoppm-cropbox\"", with: "\"renderer\":\"pdftoppm\"")
                .replacingOccurrences(of: "\"renderer\":[\"pdftoppm-cropbox\"", with: "\"renderer\":[\"pdftoppm\"")
                .replacingOccurrences(of: "\"pdftoppm-cropbox\",", with: "\"pdftoppm\",")
                .replacingOccurrences(of: "\"renderedBox\":\"cropBox\",", with: "")
                .replacingOccurrences(of: #","renderedBox":\["cropBox"[^\]]*\]"#, with: "", options: .regularExpression)
        }
        try resumeRefusal(first: format + ["--dpi", "150", "--renderer", "pdftoppm-cropbox"], then: format + ["--dpi", "150", "--renderer", "pdftoppm"],
                          reason: "describe another bitmap than this run's", edit: earlier)
    }

    /// Each page record carries the frames its run asked for (`--frames`): an output of
    /// other frames, or none, is refused as one of another bitmap is; the same frames in another
    /// order or spelling continue it (the records list them in canonical order).
    @Test("--resume refuses an output whose page records carry other frames, or none; the same frames continue it",
          arguments: [(["--frames", "pymupdf"], ["--frames", "pdfplumber"], "carry other frames than this run's --frames pdfplumber"),
                      (["--frames", "pymupdf"], ["--frames", "pymupdf,pypdf"], "carry other frames than this run's --frames pymupdf,pypdf"),
                      (["--frames", "all"], ["--frames", "pymupdf,pdfplumber,pdfminer,pypdfium2"], "carry other frames than this run's"),
                      (["--pages", "1"], ["--pages", "1", "--frames", "pdfminer"], "carry no frames, which this run asks for (--frames pdfminer)"),
                      (["--frames", "pypdf"], [], "carry frames (--frames), which this run does not ask for"),
                      (["--frames", "pypdf", "--dpi", "150"], ["--dpi", "150"], "carry frames (--frames), which this run does not ask for"),
                      (["--frames", "pypdf,pymupdf"], ["--frames", "pymupdf,pypdf,pypdf"], ""),
                      (["--frames", "all", "--dpi", "72"], ["--dpi", "72", "--frames", "azure,pypdf,docling-topleft,pypdfium2,textract,pdfminer,documentai,pdfplumber,docling,pymupdf"], ""),
                      (["--format", "columns", "--frames", "pymupdf"], ["--format", "columns", "--frames", "pdfplumber"], "carry other frames than this run's --frames pdfplumber"),
                      (["--format", "columns", "--pages", "1"], ["--format", "columns", "--pages", "1", "--frames", "pdfminer"], "carry no frames, which this run asks for (--frames pdfminer)"),
                      (["--format", "columns", "--frames", "pypdf"], ["--format", "columns"], "carry frames (--frames), which this run does not ask for"),
                      (["--format", "columns", "--frames", "pypdf,pymupdf", "--dpi", "72"], ["--format", "columns", "--dpi", "72", "--frames", "pymupdf,pypdf"], "")])
    func resumeRefusesOtherFrames(first: [String], then: [String], reason: String) throws {
        try resumeRefusal(first: first, then: then, reason: reason)
    }

    /// A file's page records are one a line (jsonl) or in chunks (columns): continuing one form
    /// in the other would mix them in one output.
    @Test("--resume refuses to continue jsonl output in columns and the other way round; the same format continues it",
          arguments: [(["--format", "columns"], [], "its page records are chunks (--format columns), which this run writes one a line (--format jsonl)"),
                      ([], ["--format", "columns"], "its page records are one a line (--format jsonl), which this run writes in chunks (--format columns)"),
                      (["--format", "columns"], ["--format", "columns"], "")])
    func resumeRefusesAnotherFormat(first: [String], then: [String], reason: String) throws {
        try resumeRefusal(first: first, then: then, reason: reason)
    }

    /// Writes rotations.pdf and labels.pdf with `first`, keeps the first file's records, resumes
    /// with `then`: refused with one line holding `reason` (64, the output left as it is), or,
    /// when `reason` is empty, continued.
    /// `edit` rewrites the kept records first (to plant an earlier version's form).
    private func resumeRefusal(first: [String], then: [String], reason: String, edit: (String) -> String = { $0 }) throws {
        let list = Data((["rotations.pdf", "labels.pdf"].map { CLI.fixture($0) }.joined(separator: "\n") + "\n").utf8)
        let out = Self.scratch.appendingPathComponent("resume-\(getpid())-\((first + ["then"] + then).joined(separator: "_")).jsonl")
        let written = try Self.run(["pages"] + first + ["--files-from", "-", "--no-progress", "-o", out.path], stdin: list, env: [:])
        // (labels.pdf has 13 pages: only `1-12` is out of range for the first file alone)
        #expect(written.status == (first == ["--pages", "1-12"] ? 64 : 0), "\(first): \(written.stderr)")
        let lines = String(decoding: try Data(contentsOf: out), as: UTF8.self).components(separatedBy: "\n")
        let firstFile = lines.prefix { !$0.contains("\"record\":\"file\"") }.count + 1
        let kept = Data((edit(lines.prefix(firstFile).joined(separator: "\n")) + "\n").utf8)
        try kept.write(to: out)
        let resumed = try Self.run(["pages"] + then + ["--files-from", "-", "--no-progress", "-o", out.path, "--resume"], stdin: list, env: [:])
        if reason.isEmpty {
            #expect(resumed.status == 0 && resumed.stderr.contains("1 more done by the earlier run"), "\(resumed.stderr)")
            return
        }
        #expect(resumed.status == 64, "\(first) then \(then): \(resumed.status) \(resumed.stderr)")
        #expect(resumed.stderr.split(separator: "\n").count == 1 && resumed.stderr.contains(reason), "\(resumed.stderr)")
        #expect(try Data(contentsOf: out) == kept, "the output is left as it is")
    }

    @Test("--resume refuses an output written with --strict when this run has none, and the other way round (exit 0, 64 or 65 on a mix)",
          arguments: [(["pages"], ["pages", "--strict"], "inherit-invalid.pdf", 0),   // warnings on its pages only
                      (["pages", "--format", "columns"], ["pages", "--format", "columns", "--strict"], "inherit-invalid.pdf", 0),
                      (["info"], ["info", "--strict"], "count-zero.pdf", 0),          // a warning of the file's own
                      (["pages", "--strict"], ["pages"], "inherit-invalid.pdf", 65),
                      (["info", "--strict"], ["info"], "count-zero.pdf", 65),
                      // --pages 2-5 is out of range for the first file's 3 pages (not for the
                      // second's 10): with --strict it is `failed` with that error's code,
                      // page-out-of-range, not strict; without, `ok` with it (exit 64 both ways).
                      (["pages", "--strict", "--pages", "2-5"], ["pages", "--pages", "2-5"], "inherit-invalid.pdf", 64),
                      (["pages", "--pages", "2-5"], ["pages", "--strict", "--pages", "2-5"], "inherit-invalid.pdf", 64)])
    func resumeRefusesAnotherStrictness(first: [String], then: [String], warned: String, exitStatus: Int32) throws {
        // The first file has warnings and is `ok` (failed, code strict, with --strict); the
        // second, rotations.pdf, has none.
        let list = Data(([CLI.fixture("damaged/" + warned), CLI.fixture("rotations.pdf")].joined(separator: "\n") + "\n").utf8)
        let out = Self.scratch.appendingPathComponent("strict-\(getpid())-\(first.joined(separator: "_"))-\(warned).jsonl")
        let written = try Self.run(first + ["--files-from", "-", "--no-progress", "-o", out.path], stdin: list, env: [:])
        #expect(written.status == exitStatus, "\(first): \(written.stderr)")
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        let lines = text.components(separatedBy: "\n")
        let firstFile = lines.prefix { !$0.contains("\"record\":\"file\"") }.count + 1
        let kept = Data((lines.prefix(firstFile).joined(separator: "\n") + "\n").utf8)
        try kept.write(to: out)
        let resumed = try Self.run(then + ["--files-from", "-", "--no-progress", "-o", out.path, "--resume"], stdin: list, env: [:])
        #expect(resumed.status == 64, "\(first) then \(then): \(resumed.status) \(resumed.stderr)")
        // The reason names the strictness, not only the advice every refusal ends with.
        let reason = then.contains("--strict") ? "which this run's --strict fails" : "failed by --strict, which this run does not give"
        #expect(resumed.stderr.split(separator: "\n").count == 1 && resumed.stderr.contains(reason), "\(resumed.stderr)")
        #expect(try Data(contentsOf: out) == kept, "the output is left as it is")
        // The same options continue it: the earlier run's first file, this run's second.
        let again = try Self.run(first + ["--files-from", "-", "--no-progress", "-o", out.path, "--resume"], stdin: list, env: [:])
        #expect(again.status == exitStatus && again.stderr.contains("1 more done by the earlier run"), "\(again.stderr)")
        #expect(Self.fileRecords(Self.parseJSONL(try Data(contentsOf: out))).count == 2)
    }

    @Test("--resume --strict refuses an output whose file --strict failed with --pages out of range when this run's --pages differ (it mixed them)")
    func resumeRefusesOtherPagesOfAStrictFailure() throws {
        // inherit-invalid.pdf has 3 pages with warnings on them: `--strict --pages 2-5` fails it
        // with page-out-of-range and writes its pages 2 and 3; `--pages 1-5` writes 1 to 3.
        let list = Data(([CLI.fixture("damaged/inherit-invalid.pdf"), CLI.fixture("rotations.pdf")].joined(separator: "\n") + "\n").utf8)
        let out = Self.scratch.appendingPathComponent("strict-pages-\(getpid()).jsonl")
        let written = try Self.run(["pages", "--strict", "--pages", "2-5", "--files-from", "-", "--no-progress", "-o", out.path], stdin: list, env: [:])
        #expect(written.status == 64, "\(written.stderr)")
        let lines = String(decoding: try Data(contentsOf: out), as: UTF8.self).components(separatedBy: "\n")
        let firstFile = lines.prefix { !$0.contains("\"record\":\"file\"") }.count + 1
        #expect(firstFile == 3, "two page records, then the file record: \(lines.prefix(4))")
        let kept = Data((lines.prefix(firstFile).joined(separator: "\n") + "\n").utf8)
        try kept.write(to: out)
        let resumed = try Self.run(["pages", "--strict", "--pages", "1-5", "--files-from", "-", "--no-progress", "-o", out.path, "--resume"],
                                   stdin: list, env: [:])
        #expect(resumed.status == 64, "\(resumed.stderr)")
        #expect(resumed.stderr.split(separator: "\n").count == 1 && resumed.stderr.contains("has 2 page records where this run writes 3"),
                "\(resumed.stderr)")
        #expect(try Data(contentsOf: out) == kept, "the output is left as it is")
    }

    @Test("-o naming an input or the list (a link to it too) is refused before anything is emptied (it truncated them); another output is still replaced")
    func outputThatIsAnInput() throws {
        let dir = Self.scratch.appendingPathComponent("o-input-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let pdf = dir.appendingPathComponent("a.pdf"), list = dir.appendingPathComponent("list.txt"), link = dir.appendingPathComponent("link")
        try FileManager.default.copyItem(atPath: CLI.fixture("rotations.pdf"), toPath: pdf.path)
        let pdfBytes = try Data(contentsOf: pdf)
        let listBytes = Data((pdf.path + "\n" + CLI.fixture("labels.pdf") + "\n").utf8)
        try listBytes.write(to: list)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: list.path)
        func unchanged(_ what: String) throws {
            #expect(try Data(contentsOf: pdf) == pdfBytes, "\(what): the input is left as it is")
            #expect(try Data(contentsOf: list) == listBytes, "\(what): the list is left as it is")
        }
        let cases: [(args: [String], says: String)] = [
                             (["pages", pdf.path, CLI.fixture("labels.pdf"), "-o", pdf.path], "is also an input (\(pdf.path))"),
                             (["pages", "-r", dir.path, "-o", pdf.path], "is also an input"),
                             (["info", "--files-from", list.path, "-o", list.path], "is the list of names (--files-from \(list.path))"),
                             (["pages", "--files-from", list.path, "-o", link.path], "is the list of names")]
        for (args, says) in cases {
            let r = try Self.run(args + ["--no-progress"], env: [:])
            #expect(r.status == 64, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(says), "\(args): \(r.stderr)")
            try unchanged("\(args)")
        }
        // The list on standard input, redirected from the output file: stdin is that file.
        let redirected = try ProcessRunner.run(CLI.binary.path,
                                               arguments: CLI.workerArguments(["pages", "--files-from", "-", "--no-progress", "-o", list.path]),
                                               stdin: .file(list.path), stdout: .discard)
        let stderr = redirected.stderrText
        #expect(redirected.status == 64 && stderr.contains("is the list of names (--files-from -)"), "\(stderr)")
        try unchanged("stdin")
        // An output that is none of them is replaced, as before.
        let out = dir.appendingPathComponent("out.jsonl")
        try Data("an earlier output\n".utf8).write(to: out)
        let r = try Self.run(["pages", "--files-from", list.path, "--no-progress", "-o", out.path], env: [:])
        #expect(r.status == 0, "\(r.stderr)")
        let records = Self.parseJSONL(try Data(contentsOf: out))
        #expect(records.count == 10 + 1 + 13 + 1 && records.first?["record"] as? String == "page", "rotations.pdf's 10 pages and labels.pdf's 13, nothing earlier")
    }

    @Test("a second run writing the -o of a running one is refused (74), with --resume or without; the first finishes with every file once",
          .timeLimit(.minutes(2)))
    func concurrentRunsOnOneOutput() throws {
        let names = [Self.path("good-00000.pdf"), Self.path("hang-me.pdf"), Self.path("good-00001.pdf")]
        let list = Data((names.joined(separator: "\n") + "\n").utf8)
        let out = Self.scratch.appendingPathComponent("locked-\(getpid()).jsonl")
        let first = try Self.start(["pages", "--files-from", "-", "--jobs", "1", "--timeout", "4", "--no-progress", "-o", out.path],
                                   stdin: list)
        // The first run is held by hang-me.pdf once good-00000.pdf is written.
        let deadline = Date().addingTimeInterval(50)
        while Date() < deadline, Self.fileRecords(Self.parseJSONL((try? Data(contentsOf: out)) ?? Data())).isEmpty { usleep(20_000) }
        let before = try Data(contentsOf: out)
        for extra in [["--resume"], []] {
            let second = try Self.run(["pages", "--files-from", "-", "--no-progress", "-o", out.path] + extra, stdin: list)
            #expect(second.status == 74, "\(extra): \(second.status) \(second.stderr)")
            #expect(second.stderr.split(separator: "\n").count == 1 && second.stderr.contains("another process holds a lock on this output (another pageinfo run writing it?)"),
                    "\(second.stderr)")
        }
        // /dev/null is no file to lock: runs share it.
        let shared = try Self.run(["info", "--files-from", "-", "--no-progress", "-o", "/dev/null"], stdin: Data((names[0] + "\n").utf8))
        #expect(shared.status == 0, "\(shared.stderr)")
        let other = try Self.start(["info", "--files-from", "-", "--jobs", "1", "--timeout", "4", "--no-progress", "-o", "/dev/null"], stdin: list)
        let beside = try Self.run(["info", "--files-from", "-", "--no-progress", "-o", "/dev/null"], stdin: Data((names[0] + "\n").utf8))
        #expect(beside.status == 0, "\(beside.stderr)")
        other.signal(SIGTERM)
        _ = other.wait()
        #expect(first.isRunning, "the checks ran while the first run held the output")
        #expect(try Data(contentsOf: out).starts(with: before), "nothing emptied or appended by the refused runs")
        #expect(first.wait().status == 70)
        let files = Self.fileRecords(Self.parseJSONL(try Data(contentsOf: out)))
        #expect(files.map { $0["file"] as? String ?? "" } == names)
        #expect(files.map { Self.errorCode($0) } == [nil, "timeout", nil])
    }

    // MARK: - Ctrl-C, progress

    @Test("SIGINT stops cleanly: workers gone, output whole up to the last file, a message on how to resume")
    func interrupt() throws {
        var names = (0..<10).map { Self.path(String(format: "good-%05d.pdf", $0)) }
        names.insert(Self.path("hang-me.pdf"), at: 5)
        let out = Self.scratch.appendingPathComponent("int-\(getpid()).jsonl")
        let process = try Self.start(["pages", "--files-from", "-", "--jobs", "2", "--no-progress", "-o", out.path],
                                     stdin: Data((names.joined(separator: "\n") + "\n").utf8))
        // SIGINT once the five files before the hanging one are written (ordered output stops
        // there), polled: a fixed 1.5 s sleep was too short under load and under ASan.
        let deadline = Date().addingTimeInterval(50)
        while Date() < deadline, Self.fileRecords(Self.parseJSONL((try? Data(contentsOf: out)) ?? Data())).count < 5 {
            usleep(50_000)
        }
        // The check below sees this run's workers while they live: the one held by hang-me.pdf at least.
        let running = try Self.workers(of: process.pid)
        #expect(!running.isEmpty, "no worker of \(process.pid) found in /proc before the interrupt")
        process.signal(SIGINT)
        let interrupted = process.wait()
        #expect(interrupted.status == 130)
        let stderr = interrupted.stderrText
        #expect(stderr.contains("--resume"), "\(stderr)")
        let records = Self.parseJSONL(try Data(contentsOf: out))
        #expect(Self.fileRecords(records).map { $0["file"] as? String ?? "" } == Array(names.prefix(5)), "written up to the hanging file")
        #expect(records.last?["record"] as? String == "file")
        // The workers were killed and reaped: no process of this run's workers is left, even
        // reparented (read from /proc: no `ps`, whose absence once made this check pass unseen).
        let left = try Self.workers(of: process.pid)
        #expect(left.isEmpty, "workers of \(process.pid) still running: \(left) (of \(running) before the interrupt)")
    }

    /// The live (not zombie) worker processes a coordinator started, from /proc: those whose
    /// argv[1] is `worker` and whose environment names the coordinator (PAGEINFO_COORDINATOR_PID,
    /// which it gives each worker), so a worker is found even after it was reparented. Throws
    /// when /proc cannot be listed; a process that ends while it is read is skipped.
    static func workers(of coordinator: pid_t) throws -> [pid_t] {
        let marker = Array("PAGEINFO_COORDINATOR_PID=\(coordinator)".utf8)
        var found: [pid_t] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = pid_t(entry), pid != getpid() else { continue }
            let dir = "/proc/\(entry)/"
            guard let stat = try? String(contentsOfFile: dir + "stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // "pid (comm) S ppid …": the state follows the last ')' (comm may hold one).
            guard stat[stat.index(after: close)...].split(separator: " ").first != "Z",
                  let cmdline = FileManager.default.contents(atPath: dir + "cmdline"),
                  let environ = FileManager.default.contents(atPath: dir + "environ") else { continue }
            let argv = cmdline.split(separator: 0, omittingEmptySubsequences: false)
            guard argv.count > 1, Array(argv[1]) == Array("worker".utf8) else { continue }
            if environ.split(separator: 0).contains(where: { Array($0) == marker }) { found.append(pid) }
        }
        return found
    }

    @Test("progress appears on a terminal only (script -qc gives stderr a pty)", .requiresTool(.script))
    func progressOnlyOnTerminal() throws {
        let names = (0..<40).map { Self.path(String(format: "good-%05d.pdf", $0)) } + [Self.path("hang-me.pdf")]
        let listURL = Self.scratch.appendingPathComponent("progress-\(getpid()).txt")
        try Data((names.joined(separator: "\n") + "\n").utf8).write(to: listURL)
        let out = Self.scratch.appendingPathComponent("progress-\(getpid()).jsonl")
        let command = ([CLI.binary.path] + CLI.workerArguments(["pages", "--files-from", listURL.path, "--jobs", "2", "--timeout", "1",
                                                                  "-o", out.path], hooks: true)).joined(separator: " ")
        let script = try ExternalTool.script.require().path
        let onTerminal = try Self.run(["-qc", command, "/dev/null"].map { $0 }, env: Self.hookEnvironment, executable: script)
        let screen = String(decoding: onTerminal.stdout, as: UTF8.self)
        #expect(screen.contains("/41 files") && screen.contains(" files/s  ") && screen.contains("\u{1B}[K"), "\(screen)")
        #expect(screen.contains("pageinfo: 41 files in"))
        let notTerminal = try Self.run(["pages", "--files-from", listURL.path, "--jobs", "2", "--timeout", "1", "-o", out.path])
        #expect(!notTerminal.stderr.contains("files/s  ") && !notTerminal.stderr.contains("\u{1B}[K"))
        #expect(notTerminal.stderr.split(separator: "\n").count == 1)
        let quiet = try Self.run(["-qc", command + " --no-progress", "/dev/null"], env: Self.hookEnvironment, executable: script)
        #expect(!String(decoding: quiet.stdout, as: UTF8.self).contains("\u{1B}[K"))
    }

    // MARK: - Schema

    @Test("batch output validates against docs/records.schema.json (jsonl, and the chunks of --format columns)", .requiresSchemaValidator,
          arguments: [[], ["--format", "columns"]])
    func schema(format: [String]) throws {
        try SchemaValidator.requirePresent()
        let names = ["good-00000.pdf", "good-00003.pdf", "crash-me.pdf", "damaged.pdf", "missing.pdf", "new\nline.pdf"]
        var list = Data()
        for n in names { list += Data(Self.path(n).utf8) + Data([0]) }
        let run = try Self.run(["pages"] + format + ["--files-from", "-", "-0", "--no-progress"], stdin: list)
        let jsonl = Self.scratch.appendingPathComponent("schema-\(getpid())\(format.joined()).jsonl")
        try run.stdout.write(to: jsonl)
        let schema = CLI.packageRoot.appendingPathComponent("docs/records.schema.json").path
        let check = try Self.run([SchemaValidator.python, "-c", SchemaValidator.prelude + """
            import json, sys
            schema = json.load(open(sys.argv[1]))
            v = Validator(schema)
            n = 0
            for line in open(sys.argv[2], encoding="utf-8", errors="surrogateescape"):
                v.validate(json.loads(line)); n += 1
            print(n)
            """, schema, jsonl.path], env: [:], executable: "/usr/bin/env")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(Int(String(decoding: check.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) == Self.parseJSONL(run.stdout).count)
    }
}

extension BatchTests {
    /// Runs another program (script, env) with `stdin` and this process's environment plus `env`.
    static func run(_ args: [String], stdin: Data = Data(), env: [String: String], executable: String) throws -> Run {
        Run(try ProcessRunner.run(executable, arguments: args, stdin: .bytes(stdin), environment: env))
    }
}

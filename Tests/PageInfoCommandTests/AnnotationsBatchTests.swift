// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `pageinfo annotations` and `pageinfo outline` in batch mode: the records are the ones the
/// in-process command prints (only `seconds` differs), each file record counts the records
/// before it, and `--resume` continues an output of the same command and options only.
@Suite("annotations and outline in batch mode")
struct AnnotationsBatchTests {
    static let files = ["annotations/annotations.pdf", "annotations/hostile.pdf", "annotations/hostile-outline.pdf", "rotations.pdf"]
        .map { CLI.fixture($0) }
    static let missing = "/nonexistent/none.pdf"

    /// The records of `args` (a command and its options) over `files`: in process, and in batch
    /// mode with two workers.
    static func bothWays(_ args: [String], _ files: [String] = files) throws -> (inProcess: CLI.Result, batch: BatchTests.Run) {
        (try CLI.run(args + files), try BatchTests.run(args + ["--jobs", "2", "--no-progress"] + files, env: [:]))
    }

    @Test("batch records equal the in-process ones, byte for byte but seconds, in every format the command has",
          arguments: [["annotations", "--format", "jsonl", "--view", "800x600", "--dpi", "150", "--frames", "all"],
                      ["annotations", "--format", "json", "--view", "612x792", "--bitmap-size", "640x480", "--fit", "fill"],
                      ["annotations", "--format", "csv", "--view", "800x600", "--pages", "2-3"],
                      ["annotations", "--format", "jsonl", "--strict"],
                      ["outline", "--format", "jsonl"], ["outline", "--format", "json"], ["outline", "--format", "csv"]])
    func sameAsInProcess(args: [String]) throws {
        let (inProcess, batch) = try Self.bothWays(args, Self.files + [Self.missing])
        // (the worst file's status: 66 for the missing one, 64 for --pages past an end)
        #expect(batch.status == inProcess.status && inProcess.status != 0, "\(args): \(batch.status) \(batch.stderr)")
        let plain = Data(inProcess.stdout.utf8)
        // (csv carries seconds as a bare column: batch mode measures them, in process they are empty)
        if args.contains("csv") {
            func rows(_ text: String) -> [String] {
                text.split(separator: "\n").map { $0.replacingOccurrences(of: #",[0-9.e-]*$"#, with: ",", options: .regularExpression) }
            }
            #expect(rows(String(decoding: batch.stdout, as: UTF8.self)) == rows(inProcess.stdout))
        } else {
            #expect(BatchTests.withoutSeconds(batch.stdout) == BatchTests.withoutSeconds(plain))
        }
    }

    @Test("each file record counts the annotation or outline records before it; a failed file counts 0")
    func counts() throws {
        for (command, record, key) in [("annotations", "annotation", "annotationCount"), ("outline", "outline", "outlineCount")] {
            let run = try BatchTests.run([command, "--jobs", "2", "--no-progress"] + Self.files + [Self.missing], env: [:])
            #expect(run.status == 66, "\(command): \(run.stderr)")
            var seen = 0, files = 0
            for r in run.records {
                switch r["record"] as? String {
                case record: seen += 1
                case "file":
                    files += 1
                    #expect(r[key] as? Int == seen, "\(command) \(r["file"] ?? "?"): \(key) \(r[key] ?? "none") after \(seen) records")
                    if r["status"] as? String == "failed" { #expect(seen == 0) }
                    seen = 0
                case "page": #expect(command == "annotations")
                default: Issue.record("\(command): an unexpected record \(r)")
                }
            }
            #expect(files == Self.files.count + 1)
        }
        // The goldens say how many annotations the fixture has and how many outline entries.
        let annotations = try AnnotationsCommandTests.golden("annotations").reduce(0) { $0 + (($1["annotations"] as? [Any])?.count ?? 0) }
        let outline = try OutlineCommandTests.golden("annotations").count
        let run = try BatchTests.run(["annotations", "--jobs", "1", "--no-progress", Self.files[0]], env: [:])
        #expect(run.records.last?["annotationCount"] as? Int == annotations)
        let entries = try BatchTests.run(["outline", "--jobs", "1", "--no-progress", Self.files[0]], env: [:])
        #expect(entries.records.last?["outlineCount"] as? Int == outline)
    }

    /// Writes `first` over the fixture and a hostile file (the one with outline entries for an
    /// outline run) with `-o`, cuts the output inside the second file's records (or after the
    /// first file's when `cutInside` is false), resumes with `then`.
    private func resume(_ first: [String], then: [String], cutInside: Bool = true) throws -> (BatchTests.Run, whole: Data, kept: Data, out: URL) {
        let list = Data(([Self.files[0], Self.files[first[0] == "outline" ? 2 : 1]].joined(separator: "\n") + "\n").utf8)
        let out = BatchTests.scratch.appendingPathComponent("annotations-resume-\(getpid())-\((first + ["then"] + then).joined(separator: "_")).jsonl")
        let written = try BatchTests.run(first + ["--files-from", "-", "--no-progress", "-o", out.path], stdin: list, env: [:])
        #expect(written.status == 0, "\(first): \(written.stderr)")
        let whole = try Data(contentsOf: out)
        let lines = String(decoding: whole, as: UTF8.self).components(separatedBy: "\n")
        let firstFile = lines.prefix { !$0.contains("\"record\":\"file\"") }.count + 1
        let keep = cutInside ? firstFile + 3 : firstFile
        let kept = Data((lines.prefix(keep).joined(separator: "\n") + "\n").utf8) + (cutInside ? Data("{\"record\":\"annot".utf8) : Data())
        try kept.write(to: out)
        let resumed = try BatchTests.run(then + ["--files-from", "-", "--no-progress", "-o", out.path, "--resume"], stdin: list, env: [:])
        return (resumed, whole, kept, out)
    }

    @Test("--resume drops a file cut inside its annotation or outline records and reads it again: the output is the whole run's",
          arguments: [["annotations", "--view", "800x600"], ["outline"]])
    func resumeCutFile(args: [String]) throws {
        let (resumed, whole, _, out) = try resume(args, then: args)
        #expect(resumed.status == 0 && resumed.stderr.contains("1 more done by the earlier run"), "\(resumed.stderr)")
        #expect(BatchTests.withoutSeconds(try Data(contentsOf: out)) == BatchTests.withoutSeconds(whole))
    }

    @Test("--resume refuses an output of another command or another --view: exit 64, one line, the output left as it is",
          arguments: [(["pages"], ["annotations"], "no annotationCount"),
                      (["info"], ["outline"], "no outlineCount"),
                      (["annotations"], ["pages"], "annotation records"),
                      (["annotations"], ["info"], "annotation records"),
                      (["outline"], ["info"], "outline records"),
                      (["outline"], ["annotations"], "outline records"),
                      (["annotations"], ["outline"], "annotation records"),
                      (["annotations", "--view", "800x600"], ["annotations", "--view", "800x601"], "another view than this run's --view 800x601"),
                      (["annotations", "--view", "800x600"], ["annotations"], "carry view rectangles"),
                      (["annotations"], ["annotations", "--view", "800x600"], "carry no view rectangles")])
    func resumeRefusesAnotherRun(first: [String], then: [String], reason: String) throws {
        let (resumed, _, kept, out) = try resume(first, then: then, cutInside: false)
        #expect(resumed.status == 64, "\(first) then \(then): \(resumed.status) \(resumed.stderr)")
        #expect(resumed.stderr.split(separator: "\n").count == 1 && resumed.stderr.contains(reason), "\(resumed.stderr)")
        #expect(try Data(contentsOf: out) == kept, "the output is left as it is")
    }

    @Test("--resume refuses a file record whose count is not the records before it (an edited or stitched output)")
    func resumeRefusesWrongCount() throws {
        let list = Data((Self.files[0] + "\n").utf8)
        let out = BatchTests.scratch.appendingPathComponent("annotations-count-\(getpid()).jsonl")
        #expect(try BatchTests.run(["annotations", "--files-from", "-", "--no-progress", "-o", out.path], stdin: list, env: [:]).status == 0)
        var lines = String(decoding: try Data(contentsOf: out), as: UTF8.self).components(separatedBy: "\n")
        let drop = try #require(lines.firstIndex { $0.hasPrefix("{\"record\":\"annotation\"") })
        lines.remove(at: drop)
        try Data(lines.joined(separator: "\n").utf8).write(to: out)
        let resumed = try BatchTests.run(["annotations", "--files-from", "-", "--no-progress", "-o", out.path, "--resume"], stdin: list, env: [:])
        #expect(resumed.status == 64 && resumed.stderr.contains("has 60 annotation records where its file record says 61"), "\(resumed.stderr)")
    }

    @Test("batch usage errors: one line, exit 64", arguments: [
        (["annotations", "--jobs", "2", "--format", "columns", Self.files[0]], "columns"),
        (["outline", "--jobs", "2", "--format", "columns", Self.files[0]], "columns"),
        (["annotations", "--jobs", "2", "--format", "csv", "--resume", "-o", "/tmp/never.csv", Self.files[0]], "--resume"),
        (["outline", "--jobs", "2", "-", Self.files[0]], "stdin"),
        (["annotations"], "--files-from"),
    ])
    func usage(args: [String], phrase: String) throws {
        let r = try BatchTests.run(args, env: [:])
        #expect(r.status == 64, "\(args): \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(phrase), "\(args): \(r.stderr)")
    }
}

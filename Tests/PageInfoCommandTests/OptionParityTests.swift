// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// No option is dropped on any path. Batch mode (`--files-from`, workers) gives the
/// in-process output and exit code for every option of `pages` and `info`; every command that
/// opens a PDF takes its password from a file or the environment; a stream is spooled with flat
/// memory and bounded by `--max-input-size`.
@Suite(.serialized)
struct OptionParityTests {
    /// Every fixture, good and damaged (encrypted, not a PDF, truncated, the damaged page trees),
    /// and a name that does not exist.
    static let inputs: [String] = {
        var files: [String] = []
        for dir in [Paths.fixtures, Paths.fixtures.appendingPathComponent("damaged")] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            files += names.filter { $0.hasSuffix(".pdf") }.sorted().map { dir.appendingPathComponent($0).path }
        }
        return files + [Paths.fixtures.appendingPathComponent("no-such-file.pdf").path]
    }()

    /// This suite's files: the list, the password file, each test's output (removed by a later run).
    static let directory = processScratchDirectory("parity")

    static let list: URL = {
        let url = directory.appendingPathComponent("list.txt")
        try! (inputs.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }()

    /// Batch output with each file record's measured `seconds` checked (a finite number ≥ 0)
    /// and replaced by `null`, which is what the in-process output holds.
    static func normalizingSeconds(_ text: String) throws -> String {
        let regex = try NSRegularExpression(pattern: #""seconds":([^,}\]]+)"#)
        var out = text
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let range = Range(match.range(at: 1), in: text)!
            let value = String(text[range])
            #expect(Double(value).map { $0.isFinite && $0 >= 0 } == true, "seconds \(value)")
            out.replaceSubrange(Range(match.range(at: 1), in: out)!, with: "null")
        }
        return out
    }

    static let passwordFile: URL = {
        let url = directory.appendingPathComponent("password")
        try! "secret\n".write(to: url, atomically: true, encoding: .utf8)
        return url
    }()

    @Test("every pages/info option: batch mode prints what the in-process command prints, with its exit code", arguments: [
        ["pages", "--format", "jsonl"], ["pages", "--format", "json"], ["pages", "--format", "csv"],
        ["pages", "--format", "table"], ["pages", "--format", "table", "--wide"],
        ["pages", "--format", "jsonl", "--strict"], ["pages", "--format", "csv", "--strict"],
        ["pages", "--format", "json", "--pages", "1"], ["pages", "--format", "jsonl", "--pages", "2-3,5-"],
        ["pages", "--format", "jsonl", "--dpi", "97", "--renderer", "mupdf"], ["pages", "--format", "json", "--dpi", "150"],
        ["pages", "--format", "csv", "--bitmap-size", "640x480", "--fit", "fill", "--renderer", "pdfium"],
        ["pages", "--format", "jsonl", "--frames", "all"], ["pages", "--format", "json", "--frames", "pypdf,pymupdf", "--dpi", "72"],
        ["pages", "--format", "csv", "--frames", "pdfplumber"],
        ["pages", "--format", "jsonl", "--password", "secret"], ["pages", "--format", "table", "--password-file", "PWFILE"],
        ["info", "--format", "text"], ["info", "--format", "json"], ["info", "--format", "jsonl"],
        ["info", "--format", "jsonl", "--strict"], ["info", "--format", "json", "--password-file", "PWFILE"],
    ])
    func batchEqualsInProcess(_ options: [String]) throws {
        let options = options.map { $0 == "PWFILE" ? Self.passwordFile.path : $0 }
        let inProcess = try CLI.run(options + Self.inputs)
        for jobs in ["1", "2"] {
            let batch = try CLI.run(options + ["--files-from", Self.list.path, "--jobs", jobs])
            #expect(batch.status == inProcess.status, "\(options) --jobs \(jobs): exit \(batch.status), in process \(inProcess.status)")
            #expect(try Self.normalizingSeconds(batch.stdout) == inProcess.stdout, "\(options) --jobs \(jobs)")
            // stderr: the table and text formats do not say why a file is not ok, so each such
            // file has its line, as in process, in input order; the records of the other formats
            // carry the reason, and batch mode keeps stderr to its summary line.
            let tableLike = options.contains("table") || options.contains("text")
            #expect(Array(batch.stderrLines.dropLast()) == (tableLike ? inProcess.stderrLines : []), "\(options) --jobs \(jobs)")
            #expect(batch.stderrLines.last?.contains("\(Self.inputs.count) files in") == true, "\(batch.stderr)")
            if tableLike { #expect(!inProcess.stderrLines.isEmpty) }
        }
        // The worst outcome, in the documented order 74 > 64 > 70 > 77 > 66 > 65 > 2 > 0: a page
        // past the end (page 1 of damaged/empty-tree.pdf, built with no page; page 2 of a
        // one-page file) is a usage error (64); the encrypted fixture needs its password (77)
        // unless one is given; then the missing file (66) outranks the damaged ones.
        let expected: Int32 = if options.contains("--pages") { 64 }
            else if options.contains("--password") || options.contains(Self.passwordFile.path) { 66 }
            else { 77 }
        #expect(inProcess.status == expected, "\(options): \(inProcess.stderr)")
    }

    @Test("the whole json document and the csv header appear once, with one file record per input")
    func assembledDocuments() throws {
        let json = try CLI.run(["pages", "--format", "json", "--files-from", Self.list.path, "--jobs", "2"])
        let documents = try #require(try CLI.json(json) as? [[String: Any]])
        #expect(documents.count == Self.inputs.count)
        #expect(documents.map { $0["file"] as? String } == Self.inputs.map { Optional($0) })
        let csv = try CLI.run(["pages", "--format", "csv", "--files-from", Self.list.path, "--jobs", "2"])
        let lines = csv.stdoutLines
        #expect(lines.first?.hasPrefix("record,file,index,") == true)
        #expect(lines.filter { $0.hasPrefix("record,") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("file,") }.count == Self.inputs.count)
        // One file given to batch mode: a JSON object, not an array, as in process, with the
        // pages its golden file (written by the fixture script as it built the file) lists.
        let single = try CLI.run(["pages", "--format", "json", "--jobs", "1", CLI.fixture("mixed.pdf")])
        #expect(single.status == 0)
        let object = try #require(try CLI.json(single) as? [String: Any])
        let golden = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: CLI.fixture("mixed.golden.json")))) as? [String: Any])
        let goldenPages = try #require(golden["pages"] as? [Any])
        #expect((object["pages"] as? [Any])?.count == goldenPages.count)
    }

    @Test("an option that takes one value, given twice, is refused with 64 and one line (the parser kept the last, ignoring the first)",
          arguments: [
              (["pages", "rotations.pdf", "--pages", "1-3", "--pages", "5"], "--pages is given twice, but"),
              (["info", "rotations.pdf", "--format", "json", "--format=csv"], "--format is given twice, but"),
              (["pages", "--files-from", "/dev/null", "-o", "/nonexistent/a", "--output", "/nonexistent/b"], "--output is given twice (as --output and -o)"),
              (["pages", "--files-from", "/dev/null", "--files-from", "/dev/null"], "--files-from is given twice"),
              (["pages", "rotations.pdf", "-j", "2", "-j", "3", "-j", "4"], "--jobs is given 3 times (as -j)"),
              // After an option's name comes its value, whatever it looks like: one --pages here.
              (["pages", "rotations.pdf", "--format", "--pages", "--pages", "1"], "The value '--pages' is invalid for '--format"),
              (["viewstate", "capture", "--view", "400x600", "--view", "500x600"], "--view is given twice"),
              // The `=` spellings, a long cluster of short names, a negative ITEM among the
              // arguments, and -h as an option's value hid the repeat (exit 0, the last won).
              (["draw", "rotations.pdf", "--page", "1", "-o=/nonexistent/a.png", "--output=/nonexistent/b.png"], "--output is given twice (as --output and -o)"),
              (["pages", "--format", "json", "--format", "csv", "-o=/nonexistent/c.out", "boxes.pdf"], "--format is given twice"),
              (["pages", "-0rLo", "/nonexistent/a.out", "--files-from", "/dev/null", "--output", "/nonexistent/b.out"], "--output is given twice"),
              (["convert", "rotations.pdf", "--page=2", "--from", "raw", "--to", "page", "120,80", "-5,3", "--from", "page"], "--from is given twice"),
              (["pages", "userunit.pdf", "--pages", "1", "--pages", "2", "--password", "-h"], "--pages is given twice"),
          ])
    func repeatedOption(arguments: [String], says: String) throws {
        let r = try CLI.run(arguments.map { $0.hasSuffix(".pdf") ? CLI.fixture($0) : $0 })
        #expect(r.status == 64, "\(arguments): \(r.status) \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(says), "\(arguments): \(r.stderr)")
    }

    @Test("options that take a list may repeat; a value that looks like an option is a value; help is still help")
    func repeatsThatAreFine() throws {
        let golden = CLI.fixture("rotations.golden.json"), labels = CLI.fixture("labels.golden.json")
        let check = try CLI.run(["check", "--golden", golden, "--golden", labels, CLI.fixture("rotations.pdf"), CLI.fixture("labels.pdf")])
        #expect(check.status == 0, "\(check.stderr)")
        // -50,300,200,300 is --viewport's value, not an option: the same answer as the `=` form.
        let common = ["convert", CLI.fixture("rotations.pdf"), "--page", "1", "--from", "view", "--to", "page", "--view", "300x200"]
        let separate = try CLI.run(common + ["--viewport", "-50,300,200,300", "0,0"])
        let joined = try CLI.run(common + ["--viewport=-50,300,200,300", "0,0"])
        #expect(separate.status == 0 && joined.status == 0 && !separate.stdout.isEmpty && separate.stdout == joined.stdout, "\(separate.stderr)")
        // A negative ITEM is an ITEM: page 2 (/Rotate 90, CropBox [20 30 420 630]) puts raw (120, 80)
        // at page (50, 300) and raw (-5, 3) at page (-27, 425) (page x = y - 30, page y = 420 - x).
        let items = try CLI.run(["convert", CLI.fixture("rotations.pdf"), "--page", "2", "--from", "raw", "--to", "page", "120,80", "-5,3"])
        #expect(items.status == 0 && items.stdout == "50,300\n-27,425\n", "\(items.stdout) \(items.stderr)")
        let help = try CLI.run(["pages", "--pages", "1", "--pages", "2", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--pages"))
    }

    /// The repeat check reads the parser's description of each command (RepeatedOptions.swift);
    /// so does this test, from the binary (`--experimental-dump-help`): every option of every
    /// command, by each of its names, given twice, is refused with the one message when it takes
    /// one value and accepted when it takes a list; every short flag is known in a cluster
    /// (`-0o FILE`). The counts pin how many there are, so a description that lost options fails.
    @Test("every option the parser knows that takes one value is refused twice, by each name; lists may repeat; short flags cluster")
    func repeatCheckKnowsEveryOption() throws {
        let dump = try #require(try CLI.json(CLI.run(["--experimental-dump-help"])) as? [String: Any])
        var commands: [([String], [String: Any])] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            commands.append((path, command))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, path + [sub["commandName"] as? String ?? "?"]) }
        }
        walk(try #require(dump["command"] as? [String: Any]), [])
        var checked = 0, lists = 0, clusters = 0
        for (path, command) in commands where !path.isEmpty && path != ["worker"] && path != ["help"] {
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            func names(_ argument: [String: Any]) -> [String] {
                (argument["names"] as? [[String: Any]] ?? []).map { ($0["kind"] as? String == "short" ? "-" : "--") + ($0["name"] as? String ?? "") }
            }
            var shortOption: String?
            for argument in arguments where argument["kind"] as? String == "option" {
                let all = names(argument), preferred = all.first { $0.hasPrefix("--") } ?? all[0]
                let repeats = argument["isRepeating"] as? Bool == true
                for name in all {
                    let r = try CLI.run(path + [name, "1", name, "2"])
                    if repeats {
                        #expect(!r.stderr.contains("is given twice"), "\(path) \(name): \(r.stderr)")
                        lists += 1
                    } else {
                        let spelled = name == preferred ? "" : " (as \(name))"
                        #expect(r.status == 64 && r.stderr == "pageinfo: \(preferred) is given twice\(spelled), but it takes one value, and all but the last would be ignored: give it once\n",
                                "\(path) \(name): \(r.status) \(r.stderr)")
                        checked += 1
                    }
                    if name.count == 2 && !repeats { shortOption = name }
                }
            }
            guard let shortOption else { continue }
            for argument in arguments where argument["kind"] as? String == "flag" {
                for flag in names(argument) where flag.count == 2 && flag != "-h" {
                    let r = try CLI.run(path + [flag + shortOption.dropFirst(), "1", shortOption, "2"])
                    #expect(r.status == 64 && r.stderr.contains("is given twice (as \(shortOption))"), "\(path) \(flag)\(shortOption.dropFirst()): \(r.stderr)")
                    clusters += 1
                }
            }
        }
        // The 14 commands with options have 166 single-valued ones, 11 with a short name too
        // (-j and -o in the four batch commands, pages, info, annotations and outline; -o in draw,
        // sheet and inspect); check --golden and draw's and inspect's --overlay and --frame are
        // the lists; -0, -r and -L cluster in the four batch commands.
        #expect(checked == 177 && lists == 5 && clusters == 12, "\(checked) \(lists) \(clusters)")
    }

    @Test("an option batch mode cannot apply is refused with exit 64 and one line naming it", arguments: [
        (["pages", "--max-input-size", "10"], "--max-input-size"),
        (["info", "--max-input-size", "10"], "--max-input-size"),
        (["pages", "--format", "json", "--resume", "-o", "/tmp/pageinfo-parity-never"], "--resume"),
        (["pages", "--wide"], "--wide"),
        (["pages", "--format", "csv", "--wide"], "--wide"),
    ])
    func refusedInBatch(_ options: [String], _ named: String) throws {
        let result = try CLI.run(options + ["--files-from", Self.list.path])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains(named), "\(result.stderr)")
    }

    static func scratch(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Each command that opens a PDF, on the encrypted fixture (user password "secret").
    static let commandsOpeningPDFs: [[String]] = {
        let e = CLI.fixture("encrypted.pdf")
        return [
            ["pages", e], ["info", e], ["outline", e], ["convert", e, "--page", "1", "--from", "page", "--to", "raw", "1,2"],
            ["draw", "--page", "1", "-o", scratch("draw.svg"), e], ["sheet", "-o", scratch("sheet.png"), e],
            ["layout", "--view", "800x600", e], ["thumbnails", "--container", "800x600", e], ["spreads", e],
            ["viewstate", "capture", "--view", "800x600", e],
            ["viewstate", "restore", "--view", "800x600", "--state", #"{"pageIndex":0,"viewport":{"x":0,"y":0,"width":100,"height":100}}"#, e],
            ["check", "--golden", CLI.fixture("encrypted.golden.json"), e],
        ]
    }()

    @Test("every command that opens a PDF takes PAGEINFO_PASSWORD and --password-file; without them, 77", arguments: commandsOpeningPDFs)
    func passwordsOffTheCommandLine(_ command: [String]) throws {
        let none = try CLI.run(command)
        #expect(none.status == 77, "\(command): \(none.stderr)")
        #expect(none.stderrLines.count == 1)
        #expect(none.stderr.contains("--password-file"), "the message says how to give the password: \(none.stderr)")
        let env = try CLI.run(command, environment: ["PAGEINFO_PASSWORD": "secret"])
        #expect(env.status == 0, "\(command) with PAGEINFO_PASSWORD: \(env.stderr)")
        let file = try CLI.run(Array(command.dropLast()) + ["--password-file", Self.passwordFile.path, command.last!])
        #expect(file.status == 0, "\(command) with --password-file: \(file.stderr)")
        let wrong = try CLI.run(command, environment: ["PAGEINFO_PASSWORD": "wrong"])
        #expect(wrong.status == 77)
    }

    /// Runs the binary under GNU time with stdin from `stdinPath`, and returns its exit status,
    /// peak resident memory in KiB and stderr. (GNU time forks it from a small process: the
    /// rusage of a child spawned straight from this test process would count this process's
    /// own peak, which Linux carries across exec.)
    static func runMeasured(_ args: [String], stdinPath: String) throws -> (status: Int32, maxRSSKiB: Int, stderr: String) {
        let timeOutput = URL(fileURLWithPath: scratch("rss"))
        let p = try ProcessRunner.run(try ExternalTool.gnuTime.require().path, arguments: ["-o", timeOutput.path, "-f", "%M", CLI.binary.path] + args,
                                      stdin: .file(stdinPath), stdout: .discard)
        let stderr = p.stderrText
        #expect(p.termination.exitStatus != nil, "\(args): GNU time \(p.termination)")
        // time's file ends with the %M line (a line "Command exited with non-zero status N" before it).
        let lines = try String(contentsOf: timeOutput, encoding: .utf8).split(separator: "\n")
        let rss = try #require(lines.last.flatMap { Int($0) })
        return (p.status, rss, stderr)
    }

    @Test("an endless stream is refused at --max-input-size with exit 66 and one line; memory stays flat", .requiresTool(.gnuTime))
    func endlessStream() throws {
        // 300 MiB of /dev/zero: the reader that held a stream in memory needed more than 300 MiB.
        for args in [["pages", "--max-input-size", "300", "/dev/zero"], ["pages", "--max-input-size", "300", "-"],
                     ["convert", "--max-input-size", "300", "-", "--page", "1", "--from", "page", "--to", "raw", "1,1"]] {
            let run = try Self.runMeasured(args, stdinPath: "/dev/zero")
            #expect(run.status == 66, "\(args): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(run.stderr.contains("--max-input-size 300 MiB"), "\(run.stderr)")
            #expect(run.maxRSSKiB < 200 * 1024, "\(args): peak RSS \(run.maxRSSKiB) KiB")
        }
    }

    @Test("a stream read from a pipe opens for the renderer too (draw reads the spooled copy)")
    func drawFromStdin() throws {
        let out = Self.scratch("draw.svg")
        let fromFile = try CLI.run(["draw", "--page", "2", "-o", out, CLI.fixture("mixed.pdf")])
        #expect(fromFile.status == 0)
        let expected = try String(contentsOfFile: out, encoding: .utf8)
        try FileManager.default.removeItem(atPath: out)
        let piped = try InputTests.shell("cat \"$F\" | \"$PAGEINFO\" draw --page 2 -o \"$O\" -", environment: ["F": CLI.fixture("mixed.pdf"), "O": out])
        #expect(piped.status == 0, "\(piped.stderr)")
        // The same picture, but the SVG names its source: "-" instead of the path.
        let fromPipe = try String(contentsOfFile: out, encoding: .utf8)
        #expect(fromPipe == expected.replacingOccurrences(of: CLI.fixture("mixed.pdf"), with: "-"))
    }

    @Test("a stream that is not a PDF, or a damaged one, fails as the same bytes in a file do (65, one line, no hang)",
          .timeLimit(.minutes(1)), arguments: [
        ("printf 'hello' | \"$PAGEINFO\" info -", "not a PDF"),
        ("\"$PAGEINFO\" info <(printf 'hello')", "not a PDF"),
        ("printf '%%PDF-1.4\\ngarbage' | \"$PAGEINFO\" info -", "damaged PDF"),
        ("mkfifo \"$T/f\" && { printf 'hello' > \"$T/f\" & } && \"$PAGEINFO\" info \"$T/f\"", "not a PDF"),
    ])
    func streamThatIsNotAPDF(_ script: String, _ says: String) throws {
        let dir = Self.scratch("fifo-dir")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try InputTests.shell(script, environment: ["T": dir, "PAGEINFO_STREAM_TIMEOUT": "5"])
        #expect(r.status == 65, "\(script): \(r.stderr)")
        #expect(r.stderrLines.count == 1)
        #expect(r.stderr.contains(says), "\(script): \(r.stderr)")
    }

    @Test("a password file read once: draw and sheet from <(echo secret); a directory as the password file is 66")
    func passwordFileReadOnce() throws {
        let e = CLI.fixture("encrypted.pdf")
        for command in ["draw --page 1 -o \"$O.png\"", "sheet -o \"$O.png\""] {
            let r = try InputTests.shell("\"$PAGEINFO\" \(command) --password-file <(echo secret) \"$E\"", environment: ["E": e, "O": Self.scratch("pw")])
            #expect(r.status == 0, "\(command): \(r.stderr)")
        }
        let dir = try CLI.run(["pages", "--password-file", FileManager.default.temporaryDirectory.path, e])
        #expect(dir.status == 66)
        #expect(dir.stderrLines.count == 1)
        #expect(dir.stderr.contains("Is a directory"), "\(dir.stderr)")
        // An empty PAGEINFO_PASSWORD is no password: the file asks for one (77, "password-required").
        let empty = try CLI.run(["info", "--format", "jsonl", e], environment: ["PAGEINFO_PASSWORD": ""])
        #expect(empty.status == 77)
        #expect(empty.stdout.contains("\"password-required\""), "\(empty.stdout)")
    }

    @Test("--resume refuses an output that is not JSON lines and leaves it as it is; '-' is refused in batch mode")
    func resumeRefusesOtherFormats() throws {
        let out = Self.scratch("out.csv")
        let csv = try CLI.run(["pages", "--format", "csv", "--files-from", Self.list.path, "-o", out])
        #expect(csv.status == 77)  // the encrypted fixture without its password is the worst outcome
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(!before.isEmpty)
        let resumed = try CLI.run(["pages", "--files-from", Self.list.path, "-o", out, "--resume"])
        #expect(resumed.status == 64)
        #expect(resumed.stderrLines.count == 1)
        #expect(resumed.stderr.contains("does not hold pageinfo JSON lines"), "\(resumed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
        let dash = try CLI.run(["pages", "--jobs", "2", "-"], stdin: "")
        #expect(dash.status == 64)
        #expect(dash.stderrLines.count == 1)
    }

    @Test("convert: a stdin line longer than the limit is an error (66), not a buffer that grows without bound")
    func convertLineTooLong() throws {
        let r = try InputTests.shell("head -c 70000000 /dev/zero | \"$PAGEINFO\" convert \"$F\" --page 1 --from page --to raw",
                                     environment: ["F": CLI.fixture("mixed.pdf")])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderrLines.count == 1)
        #expect(r.stderr.contains("line 1 is longer than 64 MiB"), "\(r.stderr)")
    }
}

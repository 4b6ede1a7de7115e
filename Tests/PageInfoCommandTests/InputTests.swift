// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// Inputs a shell user expects: `-`, /dev/stdin, pipes and process substitution, a FIFO that
/// never gets a writer (bounded wait, one clear line), passwords outside `ps`, names that
/// begin with '-'.
@Suite("pageinfo inputs")
struct InputTests {
    /// Runs a shell command line with `$PAGEINFO` set to the binary.
    static func shell(_ script: String, environment: [String: String] = [:], directory: String? = nil) throws -> CLI.Result {
        let env = ["PAGEINFO": CLI.binary.path].merging(environment) { $1 }
        return CLI.Result(try ProcessRunner.run("/bin/bash", arguments: ["-c", script], environment: env, directory: directory))
    }

    static let mixed = CLI.fixture("mixed.pdf")

    @Test("'-', /dev/stdin, a pipe and process substitution read the PDF from the stream", arguments: [
        "\"$PAGEINFO\" info --format json - < \"$F\"",
        "cat \"$F\" | \"$PAGEINFO\" info --format json -",
        "\"$PAGEINFO\" info --format json /dev/stdin < \"$F\"",
        "cat \"$F\" | \"$PAGEINFO\" info --format json /dev/stdin",
        "\"$PAGEINFO\" info --format json <(cat \"$F\")",
    ])
    func streams(script: String) throws {
        let r = try Self.shell(script, environment: ["F": Self.mixed])
        #expect(r.status == 0, "\(script): \(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
        #expect(doc["pageCount"] as? Int == 10 && doc["pageLayout"] as? String == "TwoPageRight", "\(script)")
    }

    @Test("'-' is standard input even where a small file named '-' exists (pages, info)", arguments: [
        "\"$PAGEINFO\" info --format json - < \"$F\"",
        "cat \"$F\" | \"$PAGEINFO\" pages --format jsonl -",
    ])
    func dashIsStandardInput(script: String) throws {
        let dir = try makeScratchDirectory("dash")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A different fixture named '-' in the working directory, small enough to be read in memory.
        try FileManager.default.copyItem(atPath: CLI.fixture("userunit.pdf"), toPath: dir + "/-")
        let mixedCount = try FixtureGolden.load("mixed").pageCount
        #expect(try mixedCount != FixtureGolden.load("userunit").pageCount)
        let r = try Self.shell(script, environment: ["F": Self.mixed], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let file = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(file.contains("\"pageCount\":\(mixedCount ?? -1),"), "\(file)")
    }

    @Test("convert: a read error on stdin (a directory, EISDIR) exits 66 with one line, never 0 as if stdin had ended")
    func convertStdinReadError() throws {
        let r = try Self.shell("\"$PAGEINFO\" convert \"$F\" --page 1 --from page --to raw < /", environment: ["F": Self.mixed])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("read: Is a directory"), "\(r.stderr)")
        // The same items from a readable stdin still work (the error is the read's, not the option's).
        let ok = try Self.shell("echo 1,2 | \"$PAGEINFO\" convert \"$F\" --page 1 --from page --to raw", environment: ["F": Self.mixed])
        #expect(ok.status == 0 && ok.stdout == "1,2\n", "\(ok.stdout) \(ok.stderr)")
    }

    @Test("a file that fails from standard input has its size in bytes, as by its name (it was null)", arguments: [
        "\"$PAGEINFO\" pages --format jsonl - < \"$F\"", "cat \"$F\" | \"$PAGEINFO\" pages --format jsonl -",
        "cat \"$F\" | \"$PAGEINFO\" info --format json -",
    ])
    func failedStreamHasItsSize(script: String) throws {
        // Fixtures that fail when opened: not a PDF (65), truncated (65), encrypted without its password (77).
        for (name, status) in [("not-a-pdf.pdf", Int32(65)), ("truncated.pdf", 65), ("encrypted.pdf", 77)] {
            let path = CLI.fixture(name)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            let r = try Self.shell(script, environment: ["F": path])
            #expect(r.status == status, "\(name): \(r.stderr)")
            let last = r.stdout.split(separator: "\n").last.map { Data($0.utf8) } ?? Data()
            let record = try #require(try JSONSerialization.jsonObject(with: last) as? [String: Any], "\(name): \(r.stdout)")
            #expect(record["status"] as? String == "failed" && record["bytes"] as? Int == size, "\(name), \(script): \(record)")
        }
    }

    @Test("pages of a piped PDF equal the pages of the file, except the name")
    func pipedPagesEqualFile() throws {
        let file = try CLI.run(["pages", "--format", "jsonl", Self.mixed])
        let piped = try Self.shell("cat \"$F\" | \"$PAGEINFO\" pages --format jsonl -", environment: ["F": Self.mixed])
        #expect(piped.status == 0)
        let strip = { (s: String) in s.split(separator: "\n").map { $0.replacingOccurrences(of: "\"file\":\"\(Self.mixed)\"", with: "\"file\":\"-\"") } }
        #expect(strip(file.stdout).dropLast() == strip(piped.stdout).dropLast(), "page records equal")
    }

    @Test("a FIFO nobody writes to: one line and exit 66 after the timeout, no hang", .timeLimit(.minutes(1)))
    func fifoWithoutWriter() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-fifo-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("in.pdf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = try Self.shell("\"$PAGEINFO\" info \"$F\"", environment: ["F": fifo, "PAGEINFO_STREAM_TIMEOUT": "1"])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderrLines.count == 1 && r.stderr.contains("no writer") && r.stderr.contains(fifo), "\(r.stderr)")
        // And a FIFO with a writer works.
        let ok = try Self.shell("(cat \"$M\" > \"$F\" &) ; \"$PAGEINFO\" info --format json \"$F\"", environment: ["F": fifo, "M": Self.mixed])
        #expect(ok.status == 0 && ok.stdout.contains("\"pageCount\":10"), "\(ok.stderr)")
    }

    /// A password is tried as the user password, then as the owner password (a second open,
    /// which Poppler, given only an owner password, would let fall back to an empty user
    /// password): a wrong password is refused even where no password is needed, as pdfinfo
    /// -upw refuses it.
    @Test("a file with an empty user password: opens without one and with the owner password, refuses a wrong one", .requiresTool(.python3))
    func emptyUserPassword() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-emptyuser-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("empty-user.pdf").path
        // RC4 128-bit, /R 3 (scripts/pdfgen.py): user password "", owner password "owner".
        try ExternalTool.python3.require()  // (the shell's python3: the same PATH)
        let made = try Self.shell("""
            python3 - "$F" <<'PY'
            import sys
            sys.path.insert(0, "scripts")
            import pdfgen
            from pdfgen import Page
            root = pdfgen.balanced_tree([Page({"MediaBox": [0, 0, 300, 400]}, contents=b"")], 50)
            with open(sys.argv[1], "wb") as f:
                pdfgen.write_document(f, root, seed="empty-user", user_password="", owner_password="owner")
            PY
            """, environment: ["F": file], directory: CLI.packageRoot.path)
        try #require(made.status == 0, "\(made.stderr)")
        for (arguments, status) in [([String](), Int32(0)), (["--password", "owner"], 0), (["--password", "wrong"], 77)] {
            for parsed in [false, true] {  // the parser-free path and the parser's
                let r = try CLI.run(["pages", "--format", "jsonl"] + arguments + (parsed ? ["--", file] : [file]))
                #expect(r.status == status, "\(arguments) \(r.stderr)")
                if status == 0 { #expect(r.stdout.contains("\"width\":300,\"height\":400"), "\(r.stdout)") }
            }
        }
    }

    @Test("passwords from --password-file and PAGEINFO_PASSWORD")
    func passwords() throws {
        let encrypted = CLI.fixture("encrypted.pdf")
        let env = try CLI.run(["info", encrypted])
        #expect(env.status == 77)
        let fromEnv = try Self.shell("\"$PAGEINFO\" info --format json \"$F\"", environment: ["F": encrypted, "PAGEINFO_PASSWORD": "secret"])
        #expect(fromEnv.status == 0 && fromEnv.stdout.contains("\"pageCount\":3"), "\(fromEnv.stderr)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-pw-\(getpid())")
        try Data("secret\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try CLI.run(["info", "--format", "json", "--password-file", file.path, encrypted])
        #expect(fromFile.status == 0 && fromFile.stdout.contains("\"pageCount\":3"), "\(fromFile.stderr)")
        let missing = try CLI.run(["info", "--password-file", "/nonexistent/pw", encrypted])
        #expect(missing.status == 66 && missing.stderrLines.count == 1, "\(missing.stderr)")
        let both = try CLI.run(["info", "--password", "x", "--password-file", file.path, encrypted])
        #expect(both.status == 64 && both.stderrLines.count == 1, "\(both.stderr)")
    }

    @Test("a file whose name begins with '-': the usage error says how to name it, and -- works")
    func dashNames() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-dash-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: Self.mixed, toPath: dir.appendingPathComponent("-odd.pdf").path)
        let bad = try Self.shell("cd \"$D\" && \"$PAGEINFO\" pages -odd.pdf", environment: ["D": dir.path])
        #expect(bad.status == 64 && bad.stderrLines.count == 1 && bad.stderr.contains("--") && bad.stderr.contains("./-odd.pdf"), "\(bad.stderr)")
        let good = try Self.shell("cd \"$D\" && \"$PAGEINFO\" info --format json -- -odd.pdf", environment: ["D": dir.path])
        #expect(good.status == 0 && good.stdout.contains("\"pageCount\":10"), "\(good.stderr)")
    }

    @Test("a file name that is not UTF-8 opens by its bytes; JSON carries its exact bytes (\\udcXX), the table and messages U+FFFD")
    func nonUTF8Name() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-bytes-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "\(dir.path)/caf$(printf '\\351').pdf"  // "café" in Latin-1: 0xE9 alone is not UTF-8
        try #require(Self.shell("cp \"$M\" \"\(name)\"", environment: ["M": Self.mixed]).status == 0)
        let exact = "\"\(dir.path)/caf\\udce9.pdf\""  // PEP 383: os.fsencode(json.loads(...)) gives the bytes back
        // The layout commands' "file" too (they wrote U+FFFD, which gives other bytes back).
        for command in ["info --format jsonl", "pages --format jsonl", "pages --format json", "pages --format jsonl --",
                        "layout --view 300x300", "thumbnails --container 300x300", "spreads --mode double",
                        "convert --page 1 --from raw --to page --format json"] {
            let r = try Self.shell("\"$PAGEINFO\" \(command) \"\(name)\"" + (command.hasPrefix("convert") ? " 1,1" : ""))
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(r.stdout.contains("\"file\":\(exact)") && !r.stdout.contains("\u{FFFD}"), "\(command): \(r.stdout.prefix(300))")
        }
        // check: the golden --update writes is byte for byte what `pages --format json` prints,
        // and the JSON report names the file (and a failure's message) exactly (both were U+FFFD).
        let golden = "\(dir.path)/g.json"
        let recorded = try Self.shell("\"$PAGEINFO\" check \"\(name)\" --golden \"\(golden)\" --update --format json")
        #expect(recorded.status == 0 && recorded.stdout.contains("{\"file\":\(exact),") && !recorded.stdout.contains("\u{FFFD}"),
                "\(recorded.stdout.prefix(300))\(recorded.stderr)")
        let pages = try Self.shell("\"$PAGEINFO\" pages --format json \"\(name)\"")
        #expect(pages.status == 0 && (try? String(contentsOfFile: golden, encoding: .utf8)) == pages.stdout)
        let notPDF = "\(dir.path)/x$(printf '\\351').pdf"
        try #require(Self.shell("echo text > \"\(notPDF)\"").status == 0)
        let failed = try Self.shell("\"$PAGEINFO\" check \"\(notPDF)\" --golden \"\(golden)\" --format json")
        #expect(failed.status == 65, "\(failed.stderr)")
        #expect(failed.stdout.contains("{\"file\":\"\(dir.path)/x\\udce9.pdf\",") && failed.stdout.contains("\"message\":\"\(dir.path)/x\\udce9.pdf: ")
                && !failed.stdout.contains("\u{FFFD}"), "\(failed.stdout.prefix(400))")
        let table = try Self.shell("\"$PAGEINFO\" pages \"\(name)\"")
        #expect(table.status == 0 && table.stdout.hasPrefix("# \(dir.path)/caf\u{FFFD}.pdf"), "\(table.stdout.prefix(200))")
        // A name that does not exist: the message on stderr repairs it, the file record's is exact.
        let missing = try Self.shell("\"$PAGEINFO\" info --format jsonl \"\(dir.path)/gone$(printf '\\377').pdf\"")
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("gone\u{FFFD}.pdf"), "\(missing.stderr)")
        #expect(missing.stdout.contains("\"file\":\"\(dir.path)/gone\\udcff.pdf\"") && missing.stdout.contains("\(dir.path)/gone\\udcff.pdf: "),
                "\(missing.stdout)")
    }

    @Test("names that repair alike each open their own file; only the name is spelled exactly, never a label that happens to hold U+FFFD", .requiresTool(.python3))
    func namesThatRepairAlike() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-alike-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // caf\xe9.pdf (10 pages) and caf\xe8.pdf (9 pages) both repair to "caf\u{FFFD}.pdf"; "\xff"
        // repairs to "\u{FFFD}" alone, and its page label is "\u{FFFD}1" (/P <9F>, undefined in
        // PDFDocEncoding).
        try ExternalTool.python3.require()  // (the shell's python3: the same PATH)
        let made = try Self.shell("""
            cp "$M" "$D/caf$(printf '\\351').pdf" && cp "$B" "$D/caf$(printf '\\350').pdf" && python3 - "$D" <<'PY'
            import os, sys
            sys.path.insert(0, "scripts")
            import pdfgen
            from pdfgen import Page
            root = pdfgen.balanced_tree([Page({"MediaBox": [0, 0, 300, 400]}, contents=b"")], 50)
            with open(os.path.join(os.fsencode(sys.argv[1]), b"\\xff"), "wb") as f:
                pdfgen.write_document(f, root, seed="ff", labels=[(0, "D", b"\\x9f", 1)])
            PY
            """, environment: ["M": Self.mixed, "B": CLI.fixture("boxes.pdf"), "D": dir.path], directory: CLI.packageRoot.path)
        try #require(made.status == 0, "\(made.stderr)")
        let r = try Self.shell("cd \"$D\" && \"$PAGEINFO\" info --format jsonl caf$(printf '\\351').pdf caf$(printf '\\350').pdf", environment: ["D": dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdoutLines.count == 2)
        #expect(r.stdoutLines.first?.contains("\"file\":\"caf\\udce9.pdf\"") == true && r.stdoutLines.first?.contains("\"pageCount\":10") == true,
                "\(r.stdout)")
        #expect(r.stdoutLines.last?.contains("\"file\":\"caf\\udce8.pdf\"") == true && r.stdoutLines.last?.contains("\"pageCount\":9") == true,
                "\(r.stdout)")
        let label = try Self.shell("cd \"$D\" && \"$PAGEINFO\" pages --format jsonl $(printf '\\377')", environment: ["D": dir.path])
        #expect(label.status == 0, "\(label.stderr)")
        #expect(label.stdout.contains("\"file\":\"\\udcff\",\"index\":0,\"label\":\"\u{FFFD}1\""), "\(label.stdout.prefix(200))")
        // A chunk record (--format columns) names its file as the page records do.
        let chunk = try Self.shell("cd \"$D\" && \"$PAGEINFO\" pages --format columns $(printf '\\377')", environment: ["D": dir.path])
        #expect(chunk.status == 0, "\(chunk.stderr)")
        #expect(chunk.stdout.hasPrefix("{\"record\":\"pages\",\"file\":\"\\udcff\",\"count\":1,\"columns\":{\"index\":[0],\"label\":[\"\u{FFFD}1\"],"),
                "\(chunk.stdout.prefix(200))")
    }

    @Test("a name with a newline or an escape is one line on stderr, its control characters escaped")
    func controlCharactersInNames() throws {
        let r = try CLI.run(["pages", "no\nsuch\u{1B}[31m.pdf"])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr == "pageinfo: no\\nsuch\\x1b[31m.pdf: no such file\n", "\(r.stderr)")
        let batch = try CLI.run(["pages", "--files-from", "-", "--no-progress", "--format", "table"], stdin: "tab\there.pdf\n")
        #expect(batch.status == 66 && batch.stderrLines.count == 2 && batch.stderr.contains("tab\\there.pdf"), "\(batch.stderr)")
    }

    @Test("a PDF whose name is not UTF-8 opens in every command; a name an option writes to or builds on is refused")
    func nonUTF8NamesInEveryCommand() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-names-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["D": dir.path, "R": CLI.fixture("rotations.pdf")]
        let setup = try Self.shell(#"cd "$D" && cp "$R" "r$(printf '\377').pdf" && mkdir "d$(printf '\377')" && "$PAGEINFO" pages "$R" --format json > g.json"#, environment: env)
        try #require(setup.status == 0, "\(setup.stderr)")
        // Each command on the copy prints what it prints on the fixture itself (same bytes).
        for command in [#"convert X --page 2 --from raw --to view --view 400x600 0,0 10,20,30,40"#, "layout X --view 400x600",
                        "viewstate capture X --view 400x600 --zoom 2 --offset 10,20", "spreads X", "thumbnails X --container 375x667",
                        "check X --golden g.json --format json"] {
            let copy = try Self.shell(#"cd "$D" && "$PAGEINFO" "# + command.replacingOccurrences(of: "X", with: #""r$(printf '\377').pdf""#), environment: env)
            let original = try Self.shell(#"cd "$D" && "$PAGEINFO" "# + command.replacingOccurrences(of: "X", with: #""$R""#), environment: env)
            #expect(copy.status == 0 && original.status == 0, "\(command): \(copy.status) \(copy.stderr)")
            if command.hasPrefix("check") {
                #expect(copy.stdout.contains("\"status\":\"ok\""), "\(copy.stdout.prefix(300))")
            } else {
                // (the layout commands' JSON names the file: that field aside)
                let unnamed = { (s: String) in s.replacingOccurrences(of: #"^\{"file":"[^"]*","#, with: "{", options: .regularExpression) }
                #expect(unnamed(copy.stdout) == unnamed(original.stdout), "\(command)")
            }
        }
        // r\376.pdf repairs to the same text as r\377.pdf and does not exist: it is not found, not
        // read as r\377.pdf.
        let alike = try Self.shell(#"cd "$D" && "$PAGEINFO" info --format jsonl "r$(printf '\377').pdf" "r$(printf '\376').pdf""#, environment: env)
        #expect(alike.status == 66 && alike.stdoutLines.count == 2 && alike.stdoutLines.last?.contains("\"code\":\"not-found\"") == true,
                "\(alike.stdout)\(alike.stderr)")
        let draw = try Self.shell(#"cd "$D" && "$PAGEINFO" draw "r$(printf '\377').pdf" --page 2 -o p.svg && test -s p.svg"#, environment: env)
        #expect(draw.status == 0, "\(draw.stderr)")
        // Refused, exit 64 and nothing written: --golden-dir (it wrote a golden into "d\u{FFFD}", a
        // new directory, with exit 0), -o, --golden, --password-file, --files-from.
        for options in [#"check "$R" --golden-dir "d$(printf '\377')" --update"#, #"draw "$R" --page 1 -o "o$(printf '\377').png""#,
                        #"check "$R" --golden "g$(printf '\377').json""#, #"pages "$R" --password-file "p$(printf '\377')""#,
                        #"pages --files-from "l$(printf '\377')""#] {
            let r = try Self.shell(#"cd "$D" && "$PAGEINFO" "# + options, environment: env)
            #expect(r.status == 64 && r.stderrLines.count == 1 && r.stderr.contains("is not valid UTF-8"), "\(options): \(r.status) \(r.stderr)")
        }
        let empty = try Self.shell(#"cd "$D" && test -z "$(ls -A "d$(printf '\377')")" && test ! -e "d$(printf '\357\277\275')" && test ! -e "o$(printf '\377').png""#, environment: env)
        #expect(empty.status == 0, "nothing written")
    }
}

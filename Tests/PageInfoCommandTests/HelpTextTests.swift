// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// The prose of every command's help, as the parser holds it (the man page is made from the same).
@Suite("help text")
struct HelpTextTests {
    /// A sentence joined onto a line without its `\` continuation in the source keeps the source's
    /// indentation in the middle of the line: a word, a run of spaces, a word. (A shell example
    /// continued with a backslash must print the backslash and a new line.)
    @Test("no command's discussion has a line broken in the source without its continuation")
    func noJoinedLines() throws {
        let dump = try #require(try CLI.json(CLI.run(["--experimental-dump-help"])) as? [String: Any])
        var checked = 0
        func walk(_ command: [String: Any], _ path: [String]) {
            let text = command["discussion"] as? String ?? ""
            for line in text.split(separator: "\n") {
                #expect(line.firstMatch(of: /\S {8,}\S/) == nil, "\(path.joined(separator: " ")): \(line)")
            }
            if !text.isEmpty { checked += 1 }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, path + [sub["commandName"] as? String ?? "?"]) }
        }
        walk(try #require(dump["command"] as? [String: Any]), ["pageinfo"])
        #expect(checked >= 15, "every command with a discussion: \(checked)")
    }
}

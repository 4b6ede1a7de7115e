// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The code blocks of the package's Markdown documents (README, DocC articles), so tests can
/// run them or check that a compiled copy matches them character for character.
public enum DocumentationSnippets {
    /// One fenced block: its info string (`swift`, `console`…), its text without the fences, and
    /// the name given by a `<!-- readme-example: NAME -->` comment on the line before, if any.
    public struct Block: Sendable, Equatable {
        public var language: String
        public var text: String
        public var name: String?
    }

    /// The fenced blocks of the Markdown file at `path` (relative to the package root), in order.
    public static func blocks(inFile path: String) throws -> [Block] {
        let url = Paths.packageRoot.appendingPathComponent(path)
        return blocks(inMarkdown: try String(contentsOf: url, encoding: .utf8))
    }

    /// The fenced blocks of a Markdown text: a line starting with three backticks opens a block
    /// (the rest of the line is its info string) and the next such line closes it.
    public static func blocks(inMarkdown markdown: String) -> [Block] {
        var result: [Block] = []
        var lines: [String]? = nil
        var language = ""
        var name: String? = nil
        var previous = ""
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let body = lines {
                    result.append(Block(language: language, text: body.joined(separator: "\n"), name: name))
                    lines = nil
                } else {
                    language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    name = exampleName(previous)
                    lines = []
                }
            } else if lines != nil {
                lines!.append(line)
            }
            previous = line
        }
        return result
    }

    /// The Swift blocks of a Markdown file (relative to the package root).
    public static func swiftBlocks(inFile path: String) throws -> [String] {
        try blocks(inFile: path).filter { $0.language == "swift" }.map(\.text)
    }

    /// The source of a test file, to check that it holds a snippet verbatim (pass `#filePath`).
    public static func source(of filePath: String) throws -> String {
        try String(contentsOfFile: filePath, encoding: .utf8)
    }

    /// The Swift snippets of `articles` (Markdown files, relative to the package root): how many
    /// there are, and those the test file at `filePath` does not hold verbatim (each with its
    /// article), for a test that every snippet is compiled code.
    public static func snippets(of articles: [String], compiledIn filePath: String) throws -> (count: Int, missing: [String]) {
        let source = try source(of: filePath)
        var count = 0, missing: [String] = []
        for article in articles {
            for snippet in try swiftBlocks(inFile: article) {
                count += 1
                if !source.contains(snippet + "\n") { missing.append("\(article):\n\(snippet)") }
            }
        }
        return (count, missing)
    }

    private static func exampleName(_ line: String) -> String? {
        let prefix = "<!-- readme-example: ", suffix = " -->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }
}

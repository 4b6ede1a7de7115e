// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoEncoding
import PageInfoGrammar
import PageInfoRecords

/// An option that takes one value given twice (`--pages 1-3 … --pages 5`, `-o a --output b`):
/// the parser keeps the last and drops the first without a word, so a script that builds a
/// command line from parts reads other pages, or writes elsewhere, than one part asked. It is a
/// usage error instead. Options that take a list (`check --golden`) may repeat.
///
/// Which options take a value, which may repeat and which names each has come from the parser
/// itself: its description of the command (`--experimental-dump-help`, asked through the
/// public `parseAsRoot` and `fullMessage(for:)`), so every option is declared once, where the
/// command declares it. The arguments are scanned only when they could hold a repeat — a name
/// written twice, or a short name beside another option (`-o` beside `--output`); a plain
/// `pageinfo pages a.pdf --format json` never pays for it (a line that does pays about 4 ms on
/// a loaded 2-core machine: BENCHMARKS.md, "Start-up").
enum RepeatedOptions {
    /// The usage failure for the first single-valued option of `arguments` (the command line
    /// without the program name) that is given more than once, or nil.
    static func failure(in arguments: [String]) -> ExitFailure? {
        guard arguments.first != "help" else { return nil }
        let names = arguments.prefix { $0 != "--" }.filter { $0.hasPrefix("-") && $0 != "-" }.map { String($0.prefix { $0 != "=" }) }
        // (A short name or a cluster of them, -o, -0rLo, -o=FILE; not a value such as -50,300.)
        let hasShort = names.contains { !$0.hasPrefix("--") && $0.dropFirst().allSatisfy { $0.isLetter || $0.isNumber } }
        guard Set(names).count < names.count || (hasShort && names.count > 1) else { return nil }
        // The subcommand named by the leading arguments (`viewstate capture`).
        var command: ParsableCommand.Type = PageInfoTool.self
        var path: [String] = []
        var rest = arguments[...]
        while let word = rest.first, let sub = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) {
            command = sub
            path.append(word)
            rest = rest.dropFirst()
        }
        guard !path.isEmpty else { return nil }
        // A command the parser has cannot lack a description: fail rather than let repeats through.
        guard let options = DeclaredOption.options(ofCommand: path) else {
            return ExitFailure("cannot read the argument parser's description of '\(path.joined(separator: " "))' to check for repeated options",
                               status: .softwareFailure)
        }
        guard let (k, given) = DeclaredOption.firstRepeat(in: rest, options: options) else { return nil }
        return ExitFailure(options[k].repeatedMessage(given: given), status: .usage)
    }
}

extension DeclaredOption {
    /// The options and flags of the subcommand at `path` (`["viewstate", "capture"]`), in the
    /// order it declares them, from the parser's own description of it; nil if the parser
    /// gives none (a path that names no command).
    static func options(ofCommand path: [String]) -> [DeclaredOption]? {
        let description: String
        do {
            _ = try PageInfoTool.parseAsRoot(path + ["--experimental-dump-help"])
            return nil
        } catch {
            description = PageInfoTool.fullMessage(for: error)
        }
        var parser = JSONParser(Array(description.utf8))
        guard case .object(let top)? = try? parser.value(),
              case .object(let command)? = top.first(where: { $0.0 == "command" })?.1,
              case .array(let arguments)? = command.first(where: { $0.0 == "arguments" })?.1
        else { return nil }
        return arguments.compactMap { argument -> DeclaredOption? in
            guard case .object(let fields) = argument else { return nil }
            func field(_ key: String) -> JSONValue? { fields.first { $0.0 == key }?.1 }
            guard case .string(let kind)? = field("kind"), kind == "option" || kind == "flag",
                  case .array(let spelled)? = field("names") else { return nil }
            let names = spelled.compactMap { name -> String? in
                guard case .object(let parts) = name,
                      case .string(let nameKind)? = parts.first(where: { $0.0 == "kind" })?.1,
                      case .string(let text)? = parts.first(where: { $0.0 == "name" })?.1 else { return nil }
                return (nameKind == "long" ? "--" : "-") + text
            }
            guard !names.isEmpty else { return nil }
            var repeating = false
            if case .bool(let value)? = field("isRepeating") { repeating = value }
            // A flag may be given again (it says the same thing); an option only if it collects a list.
            return DeclaredOption(names: names, takesValue: kind == "option", repeats: kind == "flag" || repeating)
        }
    }
}

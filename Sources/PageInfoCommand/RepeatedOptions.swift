// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoEncoding
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
        var seen: [Int: [String]] = [:]  // option → the names it was given by
        while let token = rest.popFirst(), token != "--" {
            guard token.hasPrefix("-"), token != "-" else { continue }
            let attached = token.contains("=")  // --name=VALUE, -o=VALUE: no value follows
            let spelled: [String]
            if token.hasPrefix("--") {
                spelled = [String(token.prefix { $0 != "=" })]
            } else {
                // -0L: a cluster of short names (an option among them takes the next argument).
                let cluster = token.dropFirst().prefix { $0 != "=" }
                // (-5,3 or -.5: a value, convert's negative ITEM.)
                guard cluster.allSatisfy({ $0.isLetter || $0.isNumber }) else { continue }
                spelled = cluster.map { "-" + String($0) }
            }
            // Help asked for is shown, whatever else the line holds.
            if spelled.contains(where: { $0 == "-h" || $0 == "--help" }) { return nil }
            // (A name the command does not declare, -5 say: a value, or an error the parser reports.)
            let found = spelled.compactMap { name in options.firstIndex { $0.names.contains(name) } }
            guard found.count == spelled.count else { continue }
            var takesNext = false
            for (k, name) in zip(found, spelled) where options[k].takesValue {
                takesNext = takesNext || !attached
                if !options[k].repeats { seen[k, default: []].append(name) }
            }
            if takesNext { _ = rest.popFirst() }  // its value, whatever it looks like (getopt's way)
        }
        guard let (k, given) = seen.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) else { return nil }
        let preferred = options[k].preferred, spellings = Array(Set(given)).sorted()
        let spelled = spellings == [preferred] ? "" : " (as \(spellings.joined(separator: " and ")))"
        return ExitFailure("\(preferred) is given \(given.count == 2 ? "twice" : "\(given.count) times")\(spelled), but it takes one value, and all but the last would be ignored: give it once",
                           status: .usage)
    }
}

/// One option or flag of a command, as the parser declares it.
struct DeclaredOption {
    /// Every name, with its dashes (`-o`, `--output`).
    var names: [String]
    var takesValue: Bool, repeats: Bool

    /// The name a message gives it: the long one.
    var preferred: String { names.first { $0.hasPrefix("--") } ?? names[0] }

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

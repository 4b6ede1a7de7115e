// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoOutput
import PageInfoRecords

/// An option that takes one value given twice (`--pages 1-3 … --pages 5`, `-o a --output b`):
/// the parser keeps the last and drops the first without a word, so a script that builds a
/// command line from parts reads other pages, or writes elsewhere, than one part asked. It is a
/// usage error instead. Options that take a list (`check --golden`) may repeat.
///
/// Which options take one value, and which names each has, comes from the parser's own
/// description of the commands (`--experimental-dump-help`), so no list is kept by hand. That
/// description costs some 15 ms to build: it is consulted only when the arguments could hold a
/// repeat — a name written twice, or a short name beside another option (`-o` beside
/// `--output`); a plain `pageinfo pages a.pdf --format json` never pays for it.
enum RepeatedOptions {
    /// The usage failure for the first single-valued option of `arguments` (the command line
    /// without the program name) that is given more than once, or nil.
    static func failure(in arguments: [String]) -> ExitFailure? {
        guard arguments.first != "help" else { return nil }
        let names = arguments.prefix { $0 != "--" }.filter { $0.hasPrefix("-") && $0 != "-" }.map { String($0.prefix { $0 != "=" }) }
        // (A short name or a cluster of them, -o, -0rLo, -o=FILE; not a value such as -50,300.)
        let hasShort = names.contains { !$0.hasPrefix("--") && $0.dropFirst().allSatisfy { $0.isLetter || $0.isNumber } }
        guard Set(names).count < names.count || (hasShort && names.count > 1) else { return nil }
        var parser = JSONParser(Array(PageInfoTool._dumpHelp().utf8))
        guard case .object(let root)? = try? parser.value(), case .object(var command)? = root.member("command") else { return nil }
        // The subcommand named by the leading arguments (`viewstate capture`).
        var rest = arguments[...]
        while let word = rest.first, case .array(let subcommands)? = command.member("subcommands"),
              let sub = subcommands.first(where: { $0.objectMember("commandName")?.text == word }), case .object(let object) = sub {
            command = object
            rest = rest.dropFirst()
        }
        guard case .array(let definitions)? = command.member("arguments") else { return nil }
        let arguments = definitions.compactMap(Argument.init)
        var seen: [Int: [String]] = [:]  // argument → the names it was given by
        while let token = rest.popFirst(), token != "--" {
            guard token.hasPrefix("-"), token != "-" else { continue }
            let attached = token.contains("=")  // --name=VALUE, -o=VALUE: no value follows
            let spelled: [(name: String, short: Bool)]
            if token.hasPrefix("--") {
                spelled = [(String(token.dropFirst(2).prefix { $0 != "=" }), false)]
            } else {
                // -0L: a cluster of short names (an option among them takes the next argument).
                let cluster = token.dropFirst().prefix { $0 != "=" }
                // (-5,3 or -.5: a value, convert's negative ITEM.)
                guard cluster.allSatisfy({ $0.isLetter || $0.isNumber }) else { continue }
                spelled = cluster.map { (String($0), true) }
            }
            // Help asked for is shown, whatever else the line holds.
            if spelled.contains(where: { $0.short ? $0.name == "h" : $0.name == "help" }) { return nil }
            // (A name the parser does not know, -5 say: a value, or an error the parser reports.)
            let found = spelled.compactMap { s in arguments.firstIndex { s.short ? $0.shorts.contains(s.name) : $0.longs.contains(s.name) } }
            guard found.count == spelled.count else { continue }
            var takesNext = false
            for (k, s) in zip(found, spelled) where arguments[k].takesValue {
                takesNext = takesNext || !attached
                if !arguments[k].repeats { seen[k, default: []].append(s.short ? "-" + s.name : "--" + s.name) }
            }
            if takesNext { _ = rest.popFirst() }  // its value, whatever it looks like (getopt's way)
        }
        guard let (k, given) = seen.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) else { return nil }
        let preferred = arguments[k].preferred, spellings = Array(Set(given)).sorted()
        let spelled = spellings == [preferred] ? "" : " (as \(spellings.joined(separator: " and ")))"
        return ExitFailure("\(preferred) is given \(given.count == 2 ? "twice" : "\(given.count) times")\(spelled), but it takes one value, and all but the last would be ignored: give it once",
                           status: .usage)
    }

    /// What the help description says of one argument.
    private struct Argument {
        var longs: [String], shorts: [String]
        var takesValue: Bool, repeats: Bool
        var preferred: String

        init?(_ value: JSONValue) {
            guard case .object(let members) = value, let kind = members.member("kind")?.text,
                  case .array(let names)? = members.member("names") else { return nil }
            longs = []; shorts = []
            for name in names {
                guard let text = name.objectMember("name")?.text, let nameKind = name.objectMember("kind")?.text else { continue }
                if nameKind == "short" { shorts.append(text) } else { longs.append(text) }
            }
            takesValue = kind == "option"
            if case .bool(let b)? = members.member("isRepeating") { repeats = b } else { repeats = false }
            preferred = longs.first.map { "--" + $0 } ?? shorts.first.map { "-" + $0 } ?? "an option"
        }
    }
}

private extension Array where Element == (String, JSONValue) {
    func member(_ key: String) -> JSONValue? { first { $0.0 == key }?.1 }
}

private extension JSONValue {
    func objectMember(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.member(key)
    }

    var text: String? {
        guard case .string(let s) = self else { return nil }
        return s
    }
}

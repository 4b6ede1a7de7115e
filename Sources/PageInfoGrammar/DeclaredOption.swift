// SPDX-License-Identifier: Apache-2.0

/// One option or flag of a command, as the argument parser declares it: what the scan for
/// repeated single-valued options (`pageinfo`'s `RepeatedOptions`) reads the arguments with.
package struct DeclaredOption: Hashable, Sendable {
    /// Every name, with its dashes (`-o`, `--output`).
    package var names: [String]
    package var takesValue: Bool, repeats: Bool

    package init(names: [String], takesValue: Bool, repeats: Bool) {
        self.names = names
        self.takesValue = takesValue
        self.repeats = repeats
    }

    /// The name a message gives it: the long one.
    package var preferred: String { names.first { $0.hasPrefix("--") } ?? names[0] }

    /// The usage error for this option given by each of the names `given` (`--pages` twice, or
    /// `-o` and `--output`).
    package func repeatedMessage(given: [String]) -> String {
        let spellings = Array(Set(given)).sorted()
        let spelled = spellings == [preferred] ? "" : " (as \(spellings.joined(separator: " and ")))"
        return "\(preferred) is given \(given.count == 2 ? "twice" : "\(given.count) times")\(spelled), but it takes one value, "
            + "and all but the last would be ignored: give it once"
    }

    /// The first option of `options` (its position) that takes one value and is given more than
    /// once in `tokens` (the arguments after the subcommand's name), with the names it was given
    /// by; nil when there is none, or when help is asked for. Scanned as getopt does: an
    /// option's value is the next token whatever it looks like (`--name=VALUE`, `-o=VALUE`: none
    /// follows), `-0L` a cluster of short names, `-5,3` a value, and `--` ends the options.
    package static func firstRepeat(in tokens: ArraySlice<String>, options: [DeclaredOption]) -> (Int, [String])? {
        var rest = tokens
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
        return seen.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }).map { ($0.key, $0.value) }
    }
}

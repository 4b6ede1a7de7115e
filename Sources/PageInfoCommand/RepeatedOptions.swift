// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoRecords

/// An option that takes one value given twice (`--pages 1-3 … --pages 5`, `-o a --output b`):
/// the parser keeps the last and drops the first without a word, so a script that builds a
/// command line from parts reads other pages, or writes elsewhere, than one part asked. It is a
/// usage error instead. Options that take a list (`check --golden`) may repeat.
///
/// Which options take a value, and which names each has, each command and option group says
/// (``DeclaredOptions``, at the end of this file), in the order it declares them; the parser's
/// public API has no way to list a command's options. `OptionParityTests` holds every such
/// declaration to the parser's own description of the commands (`--experimental-dump-help`), so
/// an option added without its entry fails the tests. The arguments are scanned only when they
/// could hold a repeat — a name written twice, or a short name beside another option (`-o`
/// beside `--output`); a plain `pageinfo pages a.pdf --format json` never pays for it.
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
        var rest = arguments[...]
        while let word = rest.first, let sub = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) {
            command = sub
            rest = rest.dropFirst()
        }
        guard let options = (command as? DeclaredOptions.Type)?.declaredOptions else { return nil }
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

/// One option or short flag of a command, as ``RepeatedOptions`` reads the arguments.
struct DeclaredOption {
    /// Every name, with its dashes (`-o`, `--output`).
    var names: [String]
    var takesValue: Bool, repeats: Bool

    /// An option that takes one value.
    static func one(_ names: String...) -> DeclaredOption { DeclaredOption(names: names, takesValue: true, repeats: false) }
    /// An option that takes one value each time and may repeat (a list).
    static func list(_ names: String...) -> DeclaredOption { DeclaredOption(names: names, takesValue: true, repeats: true) }
    /// A flag with a short name (one that may stand in a cluster such as `-0rL`).
    static func flag(_ names: String...) -> DeclaredOption { DeclaredOption(names: names, takesValue: false, repeats: true) }

    /// The name a message gives it: the long one.
    var preferred: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}

/// A command or option group that lists its options that take a value, and its flags that
/// have a short name, in the order it declares them (option groups where they stand).
protocol DeclaredOptions {
    static var declaredOptions: [DeclaredOption] { get }
}

// MARK: - The options of each command

extension PasswordOptions: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] { [.one("--password"), .one("--password-file")] }
}

extension InputOptions: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] { PasswordOptions.declaredOptions + [.one("--max-input-size")] }
}

extension LayoutOptions: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] {
        ["--view", "--mode", "--axis", "--spread", "--binding", "--spacing", "--insets", "--min-zoom", "--max-zoom"].map { .one($0) }
    }
}

extension BatchOptions: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] {
        [.one("--files-from"), .flag("-0"), .flag("-r"), .flag("-L"), .one("-j", "--jobs"), .one("-o", "--output"), .one("--timeout"),
         .one("--max-memory"), .one("--files-per-worker"), .one("--worker")]
    }
}

extension PagesCommand: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] {
        ["--pages", "--format", "--dpi", "--bitmap-size", "--fit", "--renderer", "--frames", "--require-version"].map { .one($0) }
            + InputOptions.declaredOptions + BatchOptions.declaredOptions
    }
}

extension InfoCommand: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] { [.one("--format")] + InputOptions.declaredOptions + BatchOptions.declaredOptions }
}

extension ConvertCommand: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] {
        InputOptions.declaredOptions
            + ["--page", "--from", "--to", "--view", "--dpi", "--fit", "--viewport", "--zoom", "--center", "--format"].map { .one($0) }
    }
}

extension SpreadsCommand: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] { InputOptions.declaredOptions + [.one("--page-count"), .one("--mode"), .one("--binding")] }
}

extension LayoutCommand: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] { InputOptions.declaredOptions + LayoutOptions.declaredOptions + [.one("--visible")] }
}

extension ViewStateCommand.Capture: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] { InputOptions.declaredOptions + LayoutOptions.declaredOptions + [.one("--zoom"), .one("--offset")] }
}

extension ViewStateCommand.Restore: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] { InputOptions.declaredOptions + LayoutOptions.declaredOptions + [.one("--state"), .one("--source-view")] }
}

extension ThumbnailsCommand: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] { InputOptions.declaredOptions + [.one("--page-size"), .one("--container"), .one("--spacing")] }
}

extension CheckCommand: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] {
        [.list("--golden"), .one("--golden-dir"), .one("--tolerance"), .one("--fields"), .one("--format")] + PasswordOptions.declaredOptions
    }
}

extension DrawCommand: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] {
        InputOptions.declaredOptions + [.one("--page"), .one("-o", "--output"), .one("--scale"), .one("--width"), .one("--viewport"), .one("--boxes"), .one("--space")]
    }
}

extension SheetCommand: DeclaredOptions {
    static var declaredOptions: [DeclaredOption] {
        InputOptions.declaredOptions + [.one("-o", "--output"), .one("--container"), .one("--pages"), .one("--spacing")]
    }
}

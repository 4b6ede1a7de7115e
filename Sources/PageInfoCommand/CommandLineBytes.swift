// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoEncoding
import PageInfoSystem
import PageInfoPoppler
import PageInfoReading

#if canImport(Glibc)
import Glibc
#endif

/// The raw bytes of the program's command-line arguments (`argv`), for file names that are not
/// UTF-8. The executable's own: the libraries take names as raw bytes (`DocumentSource.rawPath`),
/// and never look at the process's arguments.
///
/// Swift's `CommandLine.arguments` repairs invalid UTF-8 (each bad byte becomes U+FFFD), so a
/// name taken from it no longer opens the file it named. ``rawBytes(of:)`` finds each argument's
/// own bytes again.
enum CommandLineBytes {
    /// The raw bytes of `texts`, arguments of this process taken from `CommandLine.arguments`
    /// (or a parser's values of them) in command-line order: each text is matched to the next
    /// `argv` entry whose repaired text is byte for byte the same — by position, so that two
    /// names that repair alike, or are the same text in NFC and NFD, each get their own bytes.
    /// Only a repaired text holds U+FFFD: when none does, every text is its own UTF-8 bytes, and
    /// a text that matches no later entry (not an argument) is too.
    static func rawBytes(of texts: [String]) -> [[UInt8]] {
        guard texts.contains(where: { $0.unicodeScalars.contains("\u{FFFD}") }) else { return texts.map { Array($0.utf8) } }
        var next = 1
        return texts.map { text in
            let bytes = Array(text.utf8)
            while next < Int(CommandLine.argc) {
                defer { next += 1 }
                guard let raw = argument(next) else { continue }
                if FileName(raw: raw).text.utf8.elementsEqual(bytes) { return raw }
            }
            return bytes
        }
    }

    /// The bytes of `argv[index]`.
    private static func argument(_ index: Int) -> [UInt8]? {
        guard let arg = CommandLine.unsafeArgv[index] else { return nil }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(arg).assumingMemoryBound(to: UInt8.self), count: strlen(arg)))
    }

    /// The raw bytes of the argument whose repaired text is `text`, when no other argument with
    /// other bytes repairs to the same text (`a\xff` and `a\xfe` are both `a\u{FFFD}`: which one
    /// a text means is then unknown, and `nil` is returned); `text`'s own UTF-8 when no argument
    /// repairs to it.
    static func uniqueBytes(of text: String) -> [UInt8]? {
        guard text.unicodeScalars.contains("\u{FFFD}") else { return Array(text.utf8) }
        var found: [UInt8]?
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = argument(index), FileName(raw: raw).text == text else { continue }
            if let found, found != raw { return nil }
            found = raw
        }
        return found ?? Array(text.utf8)
    }

    /// The exact name of the argument whose repaired text is `text`, when its bytes are not valid
    /// UTF-8 (``DocumentSource/exactName``, for a JSON `file` field that gives them back:
    /// `\udcXX`); nil for a UTF-8 name, or one that two arguments repair to.
    static func exactName(of text: String) -> FileName? {
        uniqueBytes(of: text).flatMap { DocumentSource.rawPath($0).exactName }
    }

    /// Whether `text` spells its argument exactly: it holds no repaired byte (U+FFFD that
    /// `argv` did not have), so a path built from it names the file the argument named.
    static func isExact(_ text: String) -> Bool {
        uniqueBytes(of: text)?.elementsEqual(text.utf8) ?? false
    }
}

// MARK: - Names on the command line as sources

/// The sources of FILE arguments read one after another (`pages`, `info`, `check`): each name's
/// own bytes from `argv` (``CommandLineBytes/rawBytes(of:)``), and `-` as standard input: the
/// command line's convention, which the libraries do not know.
func commandLineSources(_ files: [String]) -> [DocumentSource] {
    CommandLineBytes.rawBytes(of: files).map { $0 == [UInt8(ascii: "-")] ? .standardInput : .rawPath($0) }
}

/// The source of the one FILE argument of a command that reads one document: `-` is standard
/// input; a name is opened by the bytes of the argument it is the repaired text of (a name that
/// two arguments with other bytes repair to is refused, exit 66: which file is meant is unknown).
func commandLineSource(_ file: String) throws(PageInfoError) -> DocumentSource {
    if file == "-" { return .standardInput }
    guard let raw = CommandLineBytes.uniqueBytes(of: file) else {
        throw .unreadable(path: file, reason: "another argument's name reads the same once its bytes that are not UTF-8 are replaced, so which file is meant is unknown; name the files by UTF-8 paths (a symbolic link will do)")
    }
    return raw.elementsEqual(file.utf8) ? .path(file) : .rawPath(raw)
}

// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoOutput

#if canImport(Glibc)
import Glibc
#endif

/// The raw bytes of the program's command-line arguments (`argv`), for file names that are not
/// UTF-8.
///
/// Swift's `CommandLine.arguments` repairs invalid UTF-8 (each bad byte becomes U+FFFD), so a
/// name taken from it no longer opens the file it named. ``rawBytes(of:)`` finds each argument's
/// own bytes again.
public enum CommandLineBytes {
    /// The raw bytes of `texts`, arguments of this process taken from `CommandLine.arguments`
    /// (or a parser's values of them) in command-line order: each text is matched to the next
    /// `argv` entry whose repaired text is byte for byte the same — by position, so that two
    /// names that repair alike, or are the same text in NFC and NFD, each get their own bytes.
    /// Only a repaired text holds U+FFFD: when none does, every text is its own UTF-8 bytes, and
    /// a text that matches no later entry (not an argument) is too.
    public static func rawBytes(of texts: [String]) -> [[UInt8]] {
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
    public static func uniqueBytes(of text: String) -> [UInt8]? {
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
    public static func exactName(of text: String) -> FileName? {
        uniqueBytes(of: text).flatMap { DocumentSource.rawPath($0).exactName }
    }

    /// Whether `text` spells its argument exactly: it holds no repaired byte (U+FFFD that
    /// `argv` did not have), so a path built from it names the file the argument named.
    public static func isExact(_ text: String) -> Bool {
        uniqueBytes(of: text)?.elementsEqual(text.utf8) ?? false
    }
}

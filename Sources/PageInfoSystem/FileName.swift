// SPDX-License-Identifier: Apache-2.0
// File names are bytes: the system layer hands them on as the file system has them, and each
// writer decides how to spell one that is not valid UTF-8 (JSON exactly, text with U+FFFD).

/// A file name as the file system has it (`raw`) and as Swift text spells it (`text`: each byte
/// that is not part of valid UTF-8 repaired as U+FFFD).
package struct FileName: Sendable, Hashable {
    /// The name's bytes, as the file system has them.
    package var raw: [UInt8]
    /// The name as Swift text: `raw` decoded as UTF-8, each invalid byte repaired as U+FFFD.
    package var text: String

    /// The name of the bytes `raw`.
    package init(raw: [UInt8]) {
        self.raw = raw
        self.text = String(decoding: raw, as: UTF8.self)
    }

    /// Whether `raw` is valid UTF-8, so that `text` spells it exactly.
    package var isValidUTF8: Bool { Array(text.utf8) == raw }
}

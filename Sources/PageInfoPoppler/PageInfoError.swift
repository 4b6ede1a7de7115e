// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoRecords

/// Why a document or page could not be read. Every case carries what a person needs to act.
public enum PageInfoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not exist.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file does not start like a PDF (no `%PDF-` header in its first 1024 bytes).
    case notPDF(path: String)
    /// The file looks like a PDF but Poppler cannot repair it enough to open it.
    case malformed(path: String, detail: String)
    /// The file is encrypted and needs a password that was not given.
    case passwordRequired(path: String)
    /// The file is encrypted and the given password is neither its user nor its owner password.
    case wrongPassword(path: String)
    /// A 0-based page index outside `0..<pageCount`.
    case pageOutOfRange(index: Int, pageCount: Int)
    /// The page tree lists something at this position that is not a page (`reason` says what).
    case pageUnreadable(path: String, index: Int, reason: String)
    /// The document opened but no page can be found in it, and it is damaged (`reason` says
    /// how): not a valid, empty document (code `damaged`, exit 65).
    case noPageFound(path: String, reason: String)
    /// A stream (standard input, a pipe, a device) is longer than the limit on what is read from
    /// one, `limitMiB` MiB (`DocumentReader.maxStreamMiB`): unreadable (exit 66).
    case streamTooLong(path: String, limitMiB: Int)

    /// The broad kind of failure (`FailureKind`: `cannotOpen` missing or
    /// unreadable, `malformed` not a PDF, damaged, or a page error, `encrypted` a password is
    /// missing or wrong, `usage` a page past the end).
    public typealias Kind = FailureKind

    /// The broad kind of this error.
    public var kind: Kind {
        switch self {
        case .fileNotFound, .unreadable, .streamTooLong: .cannotOpen
        case .notPDF, .malformed, .pageUnreadable, .noPageFound: .malformed
        case .passwordRequired, .wrongPassword: .encrypted
        case .pageOutOfRange: .usage
        }
    }

    /// The exit status of a file that fails this way (66, 65, 77 or 64), by the one mapping
    /// (`FailureKind.exitStatus`).
    public var exitStatus: ExitStatus { kind.exitStatus }

    /// The file record's `error` code for this failure (see `docs/records.md`).
    public var fileErrorCode: FileErrorCode {
        switch self {
        case .fileNotFound: .notFound
        case .unreadable, .streamTooLong: .unreadable
        case .notPDF: .notPDF
        case .malformed, .pageUnreadable, .noPageFound: .damaged
        case .passwordRequired: .passwordRequired
        case .wrongPassword: .wrongPassword
        case .pageOutOfRange: .pageOutOfRange
        }
    }

    /// The stable code of the file record's `error` (see `docs/records.md`), as its text:
    /// ``fileErrorCode``'s raw value.
    public var code: String { fileErrorCode.rawValue }

    /// One line, naming the file, that says what went wrong and what to do, in the library's
    /// wording (``message(_:)``).
    public var description: String { message(.library) }

    /// One line, naming the file, that says what went wrong and what to do, naming the settings
    /// it mentions (the password, the stream limit) in `wording`.
    public func message(_ wording: Wording) -> String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file"
        case .unreadable(let path, let reason):
            "\(path): cannot read the file: \(reason)"
        case .notPDF(let path):
            "\(path): not a PDF file (no %PDF- header)"
        case .malformed(let path, let detail):
            "\(path): damaged PDF that Poppler cannot repair" + (detail.isEmpty ? "" : " (\(detail))")
        case .passwordRequired(let path):
            // (The library's caller knows where its password goes; the CLI says how to give one.)
            "\(path): encrypted; give its user or owner password" + (wording == .commandLine ? " with \(wording.name(.password))" : "")
        case .wrongPassword(let path):
            "\(path): encrypted, and the password given is not its user or owner password"
        case .pageOutOfRange(let index, let count):
            "page \(index + 1) is out of range: the document has \(count) page\(count == 1 ? "" : "s")"
        case .pageUnreadable(let path, _, let reason):
            "\(path): \(reason)"
        case .noPageFound(let path, let reason):
            "\(path): no page found: \(reason)"
        case .streamTooLong(let path, let limit):
            "\(path): cannot read the file: the stream is longer than \(wording.name(.maxInputSize)) \(limit) MiB; "
                + "save it to a file, or raise \(wording.name(.maxInputSize))"
        }
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoSystem
import SystemPackage
import PageInfoPoppler
import PageInfoRecords
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Why the password file could not be read; the description names the file (a command adds the
/// option it came from).
package enum PasswordFileError: ClassifiedError, Hashable, Sendable {
    /// The file cannot be opened: `reason` is the system's.
    case cannotOpen(file: String, reason: String)
    /// The file cannot be read to its end, or holds more than 1 MiB.
    case unreadable(PageInfoError)

    /// Always `cannotOpen` (66).
    package var kind: FailureKind { .cannotOpen }

    /// `FILE: open: REASON`, or the read error's line (`FILE: cannot read the file: …`).
    package var description: String {
        switch self {
        case .cannotOpen(let file, let reason): "\(file): open: \(reason)"
        case .unreadable(let error): error.description
        }
    }
}

/// Where the password of encrypted files comes from, so that it need not appear in `ps` when
/// that matters: given, the first line of a file, or `PAGEINFO_PASSWORD`.
package struct PasswordSource: Sendable, Hashable {
    /// A password given directly (`--password`).
    package var password: String?
    /// A file whose first line is the password (`--password-file`; at most 1 MiB; a FIFO or
    /// `<(…)` is fine: it is read once per process).
    package var file: String?
    /// Whether `PAGEINFO_PASSWORD` (unless empty) applies when neither of the above is given.
    package var usesEnvironment: Bool

    /// A source with its parts; by default `PAGEINFO_PASSWORD` alone.
    package init(password: String? = nil, file: String? = nil, usesEnvironment: Bool = true) {
        self.password = password
        self.file = file
        self.usesEnvironment = usesEnvironment
    }

    /// The password to try: ``password``, else the first line of ``file`` (without its `\n` or
    /// `\r\n`), else `$PAGEINFO_PASSWORD` (unless empty), else none. A file is read once per
    /// process; a file that cannot be read is a ``PasswordFileError`` (exit 66) naming it.
    package func resolve() throws(PasswordFileError) -> String? {
        if let password { return password }
        if let file {
            if let cached = Self.fromFiles.withLock({ $0[file] }) { return cached }
            let fd: OpenFile
            do { fd = try OpenFile.open(file) } catch {
                throw .cannotOpen(file: file, reason: error.reason)
            }
            defer { try? fd.close() }
            let bytes: [UInt8]
            do { bytes = try InputFile.readAll(fd.descriptor, name: file, maxBytes: 1 << 20) } catch {
                throw .unreadable(error)
            }
            var line = bytes.prefix { $0 != 0x0A }
            if line.last == 0x0D { line.removeLast() }
            let password = String(decoding: line, as: UTF8.self)
            Self.fromFiles.withLock { $0[file] = password }
            return password
        }
        return usesEnvironment ? Self.environmentPassword() : nil
    }

    /// Passwords read from files, by file name (see ``resolve()``); behind a lock, as documents
    /// may be opened on several threads at once.
    private static let fromFiles = Mutex<[String: String]>([:])

    /// `$PAGEINFO_PASSWORD` when it is set and not empty.
    package static func environmentPassword() -> String? {
        guard let value = CurrentProcess.environmentValue("PAGEINFO_PASSWORD"), !value.isEmpty else { return nil }
        return value
    }
}

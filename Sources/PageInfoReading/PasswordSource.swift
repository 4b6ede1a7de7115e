// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoOutput
import SystemPackage
import PageInfoPoppler
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// Where the password of encrypted files comes from, so that it need not appear in `ps` when
/// that matters: given, the first line of a file, or `PAGEINFO_PASSWORD`.
public struct PasswordSource: Sendable, Hashable {
    /// A password given directly (`--password`).
    public var password: String?
    /// A file whose first line is the password (`--password-file`; at most 1 MiB; a FIFO or
    /// `<(…)` is fine: it is read once per process).
    public var file: String?
    /// Whether `PAGEINFO_PASSWORD` (unless empty) applies when neither of the above is given.
    public var usesEnvironment: Bool

    /// A source with its parts; by default `PAGEINFO_PASSWORD` alone.
    public init(password: String? = nil, file: String? = nil, usesEnvironment: Bool = true) {
        self.password = password
        self.file = file
        self.usesEnvironment = usesEnvironment
    }

    /// The password to try: ``password``, else the first line of ``file`` (without its `\n` or
    /// `\r\n`), else `$PAGEINFO_PASSWORD` (unless empty), else none. A file is read once per
    /// process; a file that cannot be read is an `ExitFailure` (exit 66) naming it.
    public func resolve() throws(ExitFailure) -> String? {
        if let password { return password }
        if let file {
            if let cached = Self.fromFiles[file] { return cached }
            let fd: OpenFile
            do { fd = try OpenFile.open(file) } catch {
                throw ExitFailure("--password-file \(file): open: \(error.reason)", status: .cannotOpen)
            }
            defer { try? fd.close() }
            let bytes: [UInt8]
            do { bytes = try InputFile.readAll(fd.descriptor, name: file, maxBytes: 1 << 20) } catch {
                throw ExitFailure("--password-file \(error.description)", status: .cannotOpen)
            }
            var line = bytes.prefix { $0 != 0x0A }
            if line.last == 0x0D { line.removeLast() }
            let password = String(decoding: line, as: UTF8.self)
            Self.fromFiles[file] = password
            return password
        }
        return usesEnvironment ? Self.environmentPassword() : nil
    }

    /// Passwords read from files, by file name (see ``resolve()``).
    nonisolated(unsafe) private static var fromFiles: [String: String] = [:]

    /// `$PAGEINFO_PASSWORD` when it is set and not empty.
    public static func environmentPassword() -> String? {
        guard let value = CurrentProcess.environmentValue("PAGEINFO_PASSWORD"), !value.isEmpty else { return nil }
        return value
    }
}

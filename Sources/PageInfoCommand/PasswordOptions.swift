// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// `--password`, `--password-file` and `PAGEINFO_PASSWORD`: the user or owner password of
/// encrypted files, given so that it need not appear in `ps` when that matters.
struct PasswordOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The user or owner password of encrypted files (visible in `ps`; prefer --password-file or PAGEINFO_PASSWORD).",
                               valueName: "password"))
    var password: String?

    @Option(help: ArgumentHelp("Read the password from the first line of FILE ('-' is not allowed: stdin may hold a PDF).",
                               valueName: "file"))
    var passwordFile: String?

    func validate() throws {
        if password != nil && passwordFile != nil { throw ValidationError("give --password or --password-file, not both") }
        if passwordFile == "-" { throw ValidationError("--password-file: name a file; '-' (stdin) may hold a PDF") }
    }

    /// The password to try: --password, else the first line of --password-file, else
    /// $PAGEINFO_PASSWORD, else none.
    func resolved() throws -> String? {
        if let password { return password }
        if let passwordFile {
            guard let f = fopen(passwordFile, "rb") else {
                throw CommandFailure("--password-file \(passwordFile): \(String(cString: strerror(errno)))", code: ExitStatus.cannotOpen)
            }
            defer { fclose(f) }
            var bytes: [UInt8] = []
            while bytes.count < 4096 {
                let c = fgetc(f)
                if c == EOF || c == 0x0A { break }
                bytes.append(UInt8(c))
            }
            if bytes.last == 0x0D { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
        return Self.environmentPassword()
    }

    /// `$PAGEINFO_PASSWORD`, the password when no option names one.
    static func environmentPassword() -> String? {
        getenv("PAGEINFO_PASSWORD").map { String(cString: $0) }
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// `--password`, `--password-file` and `PAGEINFO_PASSWORD`: the user or owner password of
/// encrypted files, given so that it need not appear in `ps` when that matters. Every command
/// that opens a PDF takes this group (through ``InputOptions`` or directly).
struct PasswordOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("The user or owner password of encrypted files (visible in `ps`; prefer --password-file or PAGEINFO_PASSWORD).",
                               valueName: "password"))
    var password: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Read the password from the first line of FILE (at most 1 MiB; '-' is not allowed: stdin may hold a PDF).",
                               valueName: "file"))
    var passwordFile: String?

    func validate() throws {
        if password != nil && passwordFile != nil { throw ValidationError("give --password or --password-file, not both") }
        if passwordFile == "-" { throw ValidationError("--password-file: name a file; '-' (stdin) may hold a PDF") }
        try requireExactName(passwordFile, option: "--password-file")
    }

    /// The password to try (``PasswordSource/resolve()``): --password, else the first line of
    /// --password-file, else $PAGEINFO_PASSWORD (unless empty), else none.
    func resolved() throws -> String? {
        do { return try PasswordSource(password: password, file: passwordFile).resolve() } catch {
            var failure = ExitFailure(error)
            failure.message = "--password-file " + failure.message
            throw failure
        }
    }
}

/// How the commands that read PDFs open them: the password (``PasswordOptions``) and
/// `--max-input-size`, the most read from standard input, a pipe or a device (``InputFile``).
struct InputOptions: ParsableArguments {
    @OptionGroup var passwords: PasswordOptions

    @Option(name: .customLong("max-input-size"), parsing: .unconditional,
            help: ArgumentHelp("The most read from stdin, a pipe or a device, in MiB (default: \(InputFile.defaultMaxStreamMiB)); it is spooled to an unlinked temporary file.",
                               valueName: "mib"))
    var maxInputSize: Int?

    func validate() throws {
        if let maxInputSize, maxInputSize < 1 { throw ValidationError("--max-input-size must be at least 1 MiB") }
        if let maxInputSize, maxInputSize > 1 << 40 { throw ValidationError("--max-input-size must be at most \(1 << 40) MiB") }
    }

    /// The stream limit in MiB.
    var maxStreamMiB: Int { maxInputSize ?? InputFile.defaultMaxStreamMiB }

    /// Opens a PDF or throws a ``ExitFailure`` with the documented exit code and one clear line;
    /// a damaged PDF in which no page can be found is refused as `pages` fails it (65), never
    /// laid out as an empty document. `forRendering`: ``renderer(_:)`` will open it again, and
    /// must read the same file (``PageInfoReading/InputFile/open(_:password:maxStreamMiB:pinned:)``).
    func open(_ path: String, forRendering: Bool = false) throws -> PopplerDocument {
        let reader = DocumentReader(password: try passwords.resolved(), maxStreamMiB: maxStreamMiB, wording: .commandLine)
        do throws(PageInfoError) { return try reader.openDocument(try commandLineSource(path), forRendering: forRendering) } catch { throw ExitFailure(error) }
    }

    /// Opens the renderer once the document has opened (``PageInfoReading/DocumentReader/renderer(_:)``).
    func renderer(_ path: String) throws -> PageRenderer {
        let reader = DocumentReader(password: try passwords.resolved(), maxStreamMiB: maxStreamMiB, wording: .commandLine)
        let source: DocumentSource
        do { source = try commandLineSource(path) } catch { throw ExitFailure(error) }
        do { return try reader.renderer(source) } catch { throw ExitFailure(error) }
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoSystem
import PageInfoEncoding
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

extension CheckError {
    /// The exit status of this failure, by the one mapping (`FailureKind.exitStatus`):
    /// 66 a PDF or golden cannot be opened, 65 not a PDF or not a golden, 77 encrypted, 64 a usage
    /// error, 74 a golden could not be written.
    package var exitStatus: ExitStatus { kind.exitStatus }
}

/// Why `check` could not run over its files (each file's own failure is a ``CheckError`` in the
/// report instead).
package enum CheckRunError: ClassifiedError, Hashable, Sendable {
    /// The PDFs and goldens cannot be paired (usage, 64).
    case pairing(GoldenPairing.Problem)
    /// The golden folder cannot be created: `reason` is the system's (74).
    case goldenFolder(path: String, reason: String)
    /// The report could not be written: `reason` is the system's (74).
    case outputUnwritable(reason: String)

    /// `usage` for the pairing, `ioError` for the folder and the report.
    package var kind: FailureKind {
        switch self {
        case .pairing: .usage
        case .goldenFolder, .outputUnwritable: .ioError
        }
    }

    /// One line naming the folder, or saying what does not pair, in the library's wording.
    package var description: String { message(.library) }

    /// One line naming the folder, or saying what does not pair (naming the settings in `wording`).
    package func message(_ wording: Wording) -> String {
        switch self {
        case .pairing(let problem): problem.message(wording)
        case .goldenFolder(let path, let reason): "\(path): cannot create the golden folder: \(reason)"
        case .outputUnwritable(let reason): "cannot write the output: \(reason)"
        }
    }
}

extension GoldenCheck {
    /// Checks every PDF of `files` against its golden (`pairing`) in order and writes the report
    /// to `out`: what `pageinfo check` does. The text format is written file by file as each is
    /// checked, then its summary line; json and junit are one document at the end
    /// (``CheckReport/render(_:)``). With ``update`` and a golden folder, the folder is created
    /// first when it does not exist (one level).
    ///
    /// Every file is checked. Each file that cannot be checked is passed to `report` (after
    /// `out` is flushed, so the lines stay in order on a terminal); it still counts in the report.
    ///
    /// - Returns: the worst outcome: `ExitStatus.success` when every compared
    ///   value is within the tolerance, `ExitStatus.differs` when something
    ///   moved (not when updating), else the worst ``CheckError/exitStatus``.
    /// - Throws: ``CheckRunError``: PDFs and goldens that cannot be paired (64), a
    ///   golden folder that cannot be created (74), or `out` could not be written (74).
    package func run(files: [String], pairing: GoldenPairing, format: CheckReport.Format, out: inout ByteWriter,
                    report: (CheckError) -> Void) throws(CheckRunError) -> ExitStatus {
        try run(sources: files.map { .path($0) }, pairing: pairing, format: format, out: &out, report: report)
    }

    /// ``run(files:pairing:format:out:report:)`` over sources: PDFs by raw path (names that are
    /// not UTF-8 open by their bytes), or standard input. Goldens are paired by each source's
    /// name (`DocumentSource.name`).
    package func run(sources: [DocumentSource], pairing: GoldenPairing, format: CheckReport.Format, out: inout ByteWriter,
                    report: (CheckError) -> Void) throws(CheckRunError) -> ExitStatus {
        let pairs: [(pdf: String, golden: String)]
        do { pairs = try pairing.pairs(sources.map(\.name)) } catch { throw .pairing(error) }
        if update, case .directory(let directory) = pairing, (try? FileStatus(path: directory)) == nil {
            do { try FileSystem.makeDirectory(directory) } catch {
                if error.code != EEXIST {
                    throw .goldenFolder(path: directory, reason: error.reason)
                }
            }
        }
        var results: [FileCheck] = []
        var worst = ExitStatus.success
        for (source, (_, golden)) in zip(sources, pairs) {
            let result = check(source, golden: golden)
            results.append(result)
            if let error = result.error {
                out.flush()
                report(error)
                worst = .worse(worst, error.exitStatus)
            } else if !result.differences.isEmpty && !update {
                worst = .worse(worst, .differs)
            }
            if format == .text {
                out.append(CheckReport.text(for: result))
                out.flush()
            }
        }
        let summary = CheckReport(results: results, tolerance: expectation.tolerance, fields: expectation.fields, update: update,
                                  wording: wording)
        out.append(format == .text ? summary.summaryLine + "\n" : summary.render(format))
        out.flush()
        if let error = out.writeError {
            throw .outputUnwritable(reason: error.reason)
        }
        return worst
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoPoppler
import PageInfoRecords

/// Why a batch could not run, or stopped before its files: what failed, and which file (the
/// list, the output, a worker). Each file's own failure is its `failed` file record instead.
///
/// The descriptions name files and what to do in the library's terms (the list of names, the
/// output, the configuration); a command that took them from options words them with its
/// option names.
public enum BatchError: ClassifiedError, Hashable, Sendable {
    /// The list of names (``BatchInputs/filesFrom``) cannot be opened: `reason` is the system's (66).
    case listCannotOpen(list: String, reason: String)
    /// The list cannot be read to its end, or is longer than ``BatchInputs/maxListBytes`` (66).
    case listUnreadable(PageInfoError)
    /// Resuming needs a JSON-lines format (jsonl or columns), whose every file ends in its file
    /// record (64).
    case resumeNeedsJSONLines
    /// The records asked for mix the outline with page or annotation records, which no command
    /// writes together (a worker writes one command's records).
    case outlineWithPages
    /// Another process holds the output's lock: another run is writing it (74).
    case outputLocked(path: String)
    /// The output is, by device and inode, the list of names: writing would destroy it (64).
    case outputIsList(path: String, list: String)
    /// The output is, by device and inode, one of the inputs (named here by its text) (64).
    case outputIsInput(path: String, input: String)
    /// The output cannot be opened or written; `path` is `nil` for standard output (74).
    case outputUnwritable(path: String?, reason: String)
    /// The output to resume cannot be read (`pread`) (74).
    case resumeUnreadable(path: String, reason: String)
    /// The output to resume does not hold pageinfo JSON lines; it is left as it is (64).
    case resumeNotJSONLines(path: String)
    /// The output to resume was written by another command or other options (`mismatch` says
    /// which); it is left as it is (64).
    case resumeMismatch(String)
    /// The output to resume cannot be read, cut or appended to (`what` failed, for `reason`) (74).
    case resumeFile(what: String, reason: String)
    /// No worker executable: none next to `near`, none on `PATH`, none configured (70).
    case noWorker(near: String)
    /// The password is longer than a worker accepts (`WorkerProtocol/maxNameBytes`) (64).
    case passwordTooLong
    /// A worker process cannot be started: `call` failed for `reason` (70).
    case workerStart(call: String, reason: String)
    /// Waiting for the workers failed (`poll`) (70).
    case poll(reason: String)
    /// The worker executable `worker` is not of the version `needed` (this library's): a run
    /// speaks only with workers of its own version, and stops at the first worker of another
    /// (70). `reported` is the version the worker gave in its hello (the first bytes a worker
    /// started with `--hello` writes); `nil` when it gave none: a `pageinfo` from before workers
    /// gave their version (it refuses `--hello` with exit status 64), or a program that is no
    /// `pageinfo` worker.
    case workerVersion(worker: String, reported: String?, needed: String)

    /// The kind of the failure, which decides its exit status.
    public var kind: FailureKind {
        switch self {
        case .listCannotOpen, .listUnreadable: .cannotOpen
        case .resumeNeedsJSONLines, .outlineWithPages, .outputIsList, .outputIsInput, .resumeNotJSONLines, .resumeMismatch, .passwordTooLong: .usage
        case .outputLocked, .outputUnwritable, .resumeUnreadable, .resumeFile: .ioError
        case .noWorker, .workerStart, .poll, .workerVersion: .softwareFailure
        }
    }

    /// One line for a person, in the library's terms.
    public var description: String {
        switch self {
        case .listCannotOpen(let list, let reason): "the list of names \(list): open: \(reason)"
        case .listUnreadable(let error): "the list of names \(error.description)"
        case .resumeNeedsJSONLines: "resuming continues JSON lines (it reads the output's file records): write jsonl or columns"
        case .outlineWithPages: "a batch writes one command's records: the outline (withOutline, listsOutline) without pages (withPages false) or annotations"
        case .outputLocked(let path): "\(path): another process holds a lock on this output (another pageinfo run writing it?); let it finish, or write another output"
        case .outputIsList(let path, let list): "the output \(path) is the list of names (\(list)): writing the records would destroy it; write another output"
        case .outputIsInput(let path, let input): "the output \(path) is also an input (\(input)): writing the records would destroy it; write another output"
        case .outputUnwritable(let path, let reason): (path.map { "\($0): " } ?? "") + "cannot write the output: \(reason)"
        case .resumeUnreadable(let path, let reason): "\(path): cannot read the output to resume it: pread: \(reason)"
        case .resumeNotJSONLines(let path): "\(path) does not hold pageinfo JSON lines (the output of a jsonl or columns run); it is left as it is"
        case .resumeMismatch(let mismatch): "the output was written by another command or with other options (\(mismatch)); resume with the same configuration, or write a new output; it is left as it is"
        case .resumeFile(let what, let reason): "the output file to resume: \(what): \(reason)"
        case .noWorker(let near): "no worker to start: no pageinfo next to \(near) or on PATH; give the worker executable"
        case .passwordTooLong: "the password is longer than \(WorkerProtocol.maxNameBytes >> 20) MiB, more than a worker accepts"
        case .workerStart(let call, let reason): "cannot start a worker process (\(call)): \(reason)"
        case .poll(let reason): "poll: \(reason)"
        case .workerVersion: message(.library)
        }
    }

    /// The ``description``, naming the settings it mentions in `wording` (the worker executable:
    /// `BatchConfiguration.worker`, or `--worker`).
    public func message(_ wording: Wording) -> String {
        switch self {
        case .workerVersion(let worker, let reported, let needed):
            let what = reported.map { "is pageinfo \($0)" } ?? "did not say its version when asked (an older pageinfo, or no pageinfo worker)"
            return "the worker \(worker) \(what); this is pageinfo \(needed), which needs a worker of the same version: "
                + "install pageinfo \(needed) in its place, or name one with \(wording.name(.worker))"
        default:
            return description
        }
    }
}

extension BatchError {
    /// The line `pageinfo pages` prints for a batch that cannot run: the library's error in
    /// the words of the options the values came from (`--files-from`, `-o`, `--resume`, the
    /// format); the exit status is its kind's, by the one mapping.
    package var commandLineMessage: String {
        switch self {
        case .listCannotOpen(let list, let reason): "--files-from \(list): open: \(reason)"
        case .listUnreadable(let error): "--files-from \(error.description)"
        case .resumeNeedsJSONLines: "--resume continues JSON lines (it reads the file records of -o FILE): use --format jsonl or columns"
        case .outputLocked(let path): "\(path): another process holds a lock on this output (another pageinfo run writing it?); let it finish (then --resume continues it), or give another -o FILE"
        case .outputIsList(let path, let list): "-o \(path) is the list of names (--files-from \(list)): writing the records would destroy it; give another -o FILE"
        case .outputIsInput(let path, let input): "-o \(path) is also an input (\(input)): writing the records would destroy it; give another -o FILE"
        case .resumeNotJSONLines(let path): "--resume: \(path) does not hold pageinfo JSON lines (the output of a --format jsonl or columns run); it is left as it is"
        case .resumeMismatch(let mismatch): "--resume: the output was written by another command or with other options (\(mismatch)); resume with the same command, --pages, --strict, bitmap options, --frames, --view and format, or write a new output; it is left as it is"
        case .resumeFile(let what, let reason): "--resume: the output file: \(what): \(reason)"
        case .workerVersion: message(.commandLine)
        case .outlineWithPages: "batch mode writes one command's records: pageinfo outline's, or pages' or annotations'"
        case .outputUnwritable, .resumeUnreadable, .noWorker, .passwordTooLong, .workerStart, .poll: description
        }
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
// pageinfo-client batch WORKER LIST OUT  reads the files named in LIST (one a line) through
//                                         PageInfoBatch with 2 workers started from WORKER, and
//                                         writes their records (JSON lines, input order) to OUT;
//                                         exits with the batch's exit status.
// pageinfo-client job WORKER LIST OUT [--resume]
//                                         what `pageinfo pages --files-from LIST -o OUT [--resume]`
//                                         does, in one call (PageInfoBatch's BatchJob, 2 workers
//                                         started from WORKER); exits with its exit status.
// pageinfo-client typed WORKER FILE...   reads FILEs (String paths) through PageInfoBatch as typed
//                                         records (2 workers started from WORKER, input order), and
//                                         prints one line per record with their values, for a
//                                         comparison with `pageinfo pages --format jsonl`.
// pageinfo-client same FILE              reads FILE through PageInfoReading from its path, from
//                                         its bytes in memory and from an open descriptor; exits 0
//                                         when the records are equal.
// (Reading.swift reads with one import, Collections.swift with one more; Descriptors.swift is
// what names file descriptors.)
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String, _ status: Int32 = 1) -> Never {
    let line = Array("pageinfo-client: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "batch" where arguments.count == 4:
    exit(runBatch(worker: arguments[1], list: arguments[2], output: arguments[3]))

case "job" where arguments.count == 4 || (arguments.count == 5 && arguments[4] == "--resume"):
    exit(runJob(worker: arguments[1], list: arguments[2], output: arguments[3], resume: arguments.count == 5))

case "typed" where arguments.count >= 3:
    printTypedRecords(worker: arguments[1], paths: Array(arguments.dropFirst(2)))

case "same" where arguments.count == 2:
    let path = arguments[1]
    do {
        let (records, difference) = try compareRecords(path: path, bytes: try readBytes(path: path))
        if let difference { fail(difference) }
        if let difference = try compareFromDescriptor(path: path, expected: records) { fail(difference) }
        guard !records.entries.isEmpty else { fail("\(path): no page read") }
        print("pageinfo-client: \(path): \(records.entries.count) positions, \(records.outcome.status.rawValue); the same from its path, its bytes and a descriptor")
    } catch {
        fail("\(path): \(error)")
    }

default:
    fail("usage: pageinfo-client batch WORKER LIST OUT | pageinfo-client job WORKER LIST OUT [--resume] | pageinfo-client typed WORKER FILE... | pageinfo-client same FILE", 64)
}

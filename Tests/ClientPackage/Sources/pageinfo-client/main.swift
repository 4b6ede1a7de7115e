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
// pageinfo-client same FILE              reads FILE through PageInfoReading from its path and from
//                                         its bytes in memory; exits 0 when the records are equal.
import PageGeometry
import PageInfoBatch
import PageInfoReading
import SystemPackage
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String, _ status: Int32 = 1) -> Never {
    let line = Array("pageinfo-client: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

/// Two workers started from `worker`. The records are compared byte for byte with those of
/// `pageinfo pages`, so the messages name the settings as its options (`Wording.commandLine`;
/// a Swift program gets the library's words by default).
func configuration(worker: String) -> BatchConfiguration {
    BatchConfiguration(reader: DocumentReader(wording: .commandLine), jobs: 2, worker: worker)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "batch" where arguments.count == 4:
    let (worker, list, output) = (arguments[1], arguments[2], arguments[3])
    let names: [[UInt8]]
    do { names = try BatchInputs(filesFrom: list).collect() } catch { fail(error.description, error.kind.exitStatus.rawValue) }
    let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { fail("\(output): cannot write it") }
    let run = BatchRun(names: names, configuration: configuration(worker: worker))
    let writer = BatchWriter(output: run.configuration.output, fd: FileDescriptor(rawValue: fd), documentCount: names.count)
    writer.begin()
    var files = 0
    do {
        while let event = try run.next() {
            guard case .file(let file) = event else { continue }
            guard file.index == files else { fail("file \(file.index) came in place of \(files): not in input order") }
            files += 1
            writer.write(file)
        }
    } catch {
        fail(error.description, error.kind.exitStatus.rawValue)
    }
    writer.end()
    close(fd)
    if let failure = writer.writeFailure { fail("\(output): \(failure)") }
    guard files == names.count, run.tally.files == files else { fail("\(files) files delivered of \(names.count)") }
    print("pageinfo-client: \(run.tally.files) files, \(run.tally.ok) ok, \(run.tally.partial) partial, \(run.tally.failedDescription); exit \(run.tally.exitCode)")
    exit(run.tally.exitCode.rawValue)

case "job" where arguments.count == 4 || (arguments.count == 5 && arguments[4] == "--resume"):
    let job = BatchJob(inputs: BatchInputs(filesFrom: arguments[2]), configuration: configuration(worker: arguments[1]),
                       destination: .file(path: arguments[3], resume: arguments.count == 5))
    do { exit(try job.run().rawValue) } catch { fail(error.description, error.kind.exitStatus.rawValue) }

case "typed" where arguments.count >= 3:
    let paths = Array(arguments.dropFirst(2))
    let run = BatchRun(names: paths, configuration: configuration(worker: arguments[1]))
    func rect(_ r: Rect) -> String { "\(r.origin.x),\(r.origin.y),\(r.size.width),\(r.size.height)" }
    func text(_ s: String?) -> String { s ?? "-" }
    var documents = 0
    do {
        while let document = try run.nextDocument() {
            guard document.index == documents, document.records.summary.file == paths[documents] else { fail("file \(document.index) out of order") }
            documents += 1
            let r = document.records
            for entry in r.entries {
                var line = "page \(r.summary.file) \(entry.index) \(text(entry.label))"
                switch entry.result {
                case .success(let p):
                    line += " \(p.rotation.rawValue) \(p.rawRotation) \(p.userUnit) " + [p.boxes.mediaBox, p.boxes.cropBox, p.boxes.bleedBox,
                            p.boxes.trimBox, p.boxes.artBox].map(rect).joined(separator: " ") + " \(p.size.width),\(p.size.height)"
                case .failure(let e): line += " error \(e.code.rawValue) \(e.message)"
                }
                print(line + " [" + entry.warnings.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "; ") + "]")
            }
            let o = r.outcome, s = r.summary
            print("file \(s.file) \(text(s.pdfVersion)) \(s.encrypted) \(s.hasPageLabels) \(text(s.pageLayout?.rawValue)) \(text(s.direction?.rawValue))"
                  + " \(o.status.rawValue) \(o.pageCount) \(o.pageErrors) \(o.countClaimed.map(String.init) ?? "-") \(text(o.error?.code)) \(text(o.error?.message))"
                  + " \(o.bytes.map(String.init) ?? "-") [" + o.warnings.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "; ") + "]")
        }
    } catch {
        fail("\(error)")
    }
    guard documents == paths.count else { fail("\(documents) files delivered of \(paths.count)") }

case "same" where arguments.count == 2:
    let path = arguments[1]
    let reader = DocumentReader()
    let fromPath: DocumentRecords
    do { fromPath = try reader.records(.path(path)) } catch { fail("\(path): \(error)") }
    // The file's bytes, read with the libraries' own stream reader, then read from memory.
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { fail("\(path): cannot open it") }
    let bytes: [UInt8]
    do { bytes = try InputFile.readAll(FileDescriptor(rawValue: fd), name: path, maxBytes: 1 << 30) } catch { fail("\(error)") }
    close(fd)
    let fromBytes: DocumentRecords
    do { fromBytes = try reader.records(.bytes(bytes, name: path)) } catch { fail("\(path) (bytes): \(error)") }
    guard fromPath.summary == fromBytes.summary else { fail("\(path): the summaries differ: \(fromPath.summary) / \(fromBytes.summary)") }
    guard fromPath.entries == fromBytes.entries else { fail("\(path): the page entries differ") }
    guard fromPath.outcome == fromBytes.outcome, fromPath.exitStatus == fromBytes.exitStatus else {
        fail("\(path): the outcomes differ: \(fromPath.outcome) / \(fromBytes.outcome)")
    }
    guard !fromPath.entries.isEmpty else { fail("\(path): no page read") }
    print("pageinfo-client: \(path): \(fromPath.entries.count) positions, \(fromPath.outcome.status.rawValue); the same from its path and its bytes")

default:
    fail("usage: pageinfo-client batch WORKER LIST OUT | pageinfo-client job WORKER LIST OUT [--resume] | pageinfo-client same FILE", 64)
}

// SPDX-License-Identifier: GPL-2.0-or-later
// Collections, with one more import: PageInfoBatch (BatchRun, BatchJob), which re-exports
// PageInfoReading. Writing the records to a file goes through Descriptors.swift's OutputFile.
import PageInfoBatch

/// `batch WORKER LIST OUT`: the files named in LIST read through a BatchRun with 2 workers
/// started from WORKER, their records (JSON lines, input order) written to OUT as they come;
/// the batch's exit status.
func runBatch(worker: String, list: String, output: String) -> Int32 {
    let names: [[UInt8]]
    do { names = try BatchInputs(filesFrom: list).collect() } catch { fail(error.description, error.kind.exitStatus.rawValue) }
    let out: OutputFile
    do { out = try OutputFile(path: output) } catch { fail("\(output): cannot write it: \(error)") }
    let run = BatchRun(names: names, configuration: configuration(worker: worker))
    var files = 0
    do {
        while let event = try run.next() {
            guard case .file(let file) = event else { continue }
            guard file.index == files else { fail("file \(file.index) came in place of \(files): not in input order") }
            files += 1
            // A file's records in JSON lines: its lines of `pageinfo pages --format jsonl`.
            try out.write(file.records)
        }
    } catch let error as BatchError {
        fail(error.description, error.kind.exitStatus.rawValue)
    } catch {
        fail("\(output): \(error)")
    }
    out.close()
    guard files == names.count, run.tally.files == files else { fail("\(files) files delivered of \(names.count)") }
    print("pageinfo-client: \(run.tally.files) files, \(run.tally.ok) ok, \(run.tally.partial) partial, \(run.tally.failedDescription); exit \(run.tally.exitCode)")
    return run.tally.exitCode.rawValue
}

/// `job WORKER LIST OUT [--resume]`: what `pageinfo pages --files-from LIST -o OUT [--resume]`
/// does, in one call.
func runJob(worker: String, list: String, output: String, resume: Bool) -> Int32 {
    let job = BatchJob(inputs: BatchInputs(filesFrom: list), configuration: configuration(worker: worker),
                       destination: .file(path: output, resume: resume))
    do { return try job.run().rawValue } catch { fail(error.description, error.kind.exitStatus.rawValue) }
}

/// `typed WORKER FILE...`: the files (String paths) read through a BatchRun as typed records,
/// one line per record with its values (Reading.swift's `describe`).
func printTypedRecords(worker: String, paths: [String]) {
    let run = BatchRun(names: paths, configuration: configuration(worker: worker))
    var documents = 0
    do {
        while let document = try run.nextDocument() {
            guard document.index == documents, document.records.summary.file == paths[documents] else { fail("file \(document.index) out of order") }
            documents += 1
            for line in describe(document.records) { print(line) }
        }
    } catch {
        fail("\(error)")
    }
    guard documents == paths.count else { fail("\(documents) files delivered of \(paths.count)") }
}

/// Two workers started from `worker`. The records are compared byte for byte with those of
/// `pageinfo pages`, so the messages name the settings as its options (`Wording.commandLine`;
/// a Swift program gets the library's words by default).
func configuration(worker: String) -> BatchConfiguration {
    BatchConfiguration(reader: DocumentReader(wording: .commandLine), jobs: 2, worker: worker)
}

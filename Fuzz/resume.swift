// SPDX-License-Identifier: GPL-2.0-or-later
// Batch mode's resume scanner (`pages -o OUT --resume`): ResumeState.prepare reads what an
// interrupted run left in OUT and cuts it after the last complete file record. The input is
// (a) the file itself, any bytes, and (b) a file record written by the worker's own writer
// (fileRecord) for a name, status and page count drawn from the same bytes.
// Invariants: the file is cut exactly after the last line that FileRecordFields accepts (or to
// nothing), and only cut; preparing the cut file again cuts nothing and finds the same files and
// tally; the tally counts every accepted record; a record the writer wrote reads back with the
// same name bytes (non-UTF-8 names included), status, error code and page count.
@testable import PageInfoBatch
import PageInfoEncoding
import PageInfoRecords
import SystemPackage
import Foundation

private let path = scratchPath("resume.jsonl")

private func prepare(_ bytes: [UInt8]) -> (ResumeState, [UInt8])? {
    writeFile(path, bytes)
    let fd = open(path, O_RDWR | O_CLOEXEC)
    require(fd >= 0, "cannot open \(path)")
    defer { close(fd) }
    guard let state = try? ResumeState.prepare(fd: FileDescriptor(rawValue: fd)) else { return nil }
    let after = readFile(path)
    return (state, after)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)

    // (b) The writer's record reads back.
    let name = input.rawBytes(max: 24)
    let statuses: [DocumentOutcome.Status] = [.ok, .partial, .failed]
    let status = statuses[Int(input.byte()) % 3]
    let code: FileErrorCode? = status == .failed && input.bool() ? FileErrorCode.allCases[Int(input.byte()) % FileErrorCode.allCases.count] : nil
    let pages = input.int(0...1_000_000)
    var out = ByteWriter()
    fileRecord(&out, output: BatchOutput(format: .jsonl), name: name, status: status, summary: nil, pageCount: pages, pageErrors: 0,
               error: code.map { FileError(code: $0, message: String(decoding: name, as: UTF8.self)) }, bytes: nil, seconds: nil)
    var line = out.bytes
    require(line.last == 0x0A, "a file record without its newline")
    line.removeLast()
    guard let fields = FileRecordFields(line) else { require(false, "the writer's record is not read: \(String(decoding: line, as: UTF8.self))"); return 0 }
    require(fields.file == name, "name \(name) reads back as \(fields.file) from \(String(decoding: line, as: UTF8.self))")
    require(fields.status == status && fields.errorCode == code && fields.pageCount == pages, "status, code or count of \(String(decoding: line, as: UTF8.self))")

    // (a) The scan of an output file: the rest of the input, after the writer's record when asked.
    var file = input.rest()
    if input.bytes.first.map({ $0 & 0x80 != 0 }) == true { file = out.bytes + file }
    guard let (state, after) = prepare(file) else { return 0 }
    var keep = 0, accepted = 0, start = 0
    for (i, b) in file.enumerated() where b == 0x0A {
        if FileRecordFields(Array(file[start..<i])) != nil { keep = i + 1; accepted += 1 }
        start = i + 1
    }
    require(after == Array(file[..<keep]), "cut to \(after.count) bytes, the last record ends at \(keep)")
    require(state.tally.files == accepted && state.done.values.reduce(0, +) == accepted,
            "\(accepted) records, tally \(state.tally.files), done \(state.done.values.reduce(0, +))")
    require(state.tally.ok + state.tally.partial + state.tally.failed == state.tally.files, "tally \(state.tally)")
    guard let (again, twice) = prepare(after) else { require(false, "the cut file cannot be prepared"); return 0 }
    require(twice == after, "preparing the cut file cut it again")
    require(again.done == state.done && again.tally.files == state.tally.files && again.tally.pages == state.tally.pages
            && again.tally.exitCode == state.tally.exitCode, "preparing again finds other files")
    return 0
}

// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoSystem
import PageInfoEncoding
import PageInfoRecords
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Writes a batch's files to a file descriptor as `pageinfo pages` writes them: JSON lines (and
/// `columns`, whose chunks never span two files) as they come, the other formats stitched into one document (json's array, csv's header, the
/// table's blank lines) by an encoder of that format. Each file is one `write`, so a kill
/// leaves whole files (and at most one cut file, which ``ResumeState/prepare(fd:)`` removes).
package final class BatchWriter {
    /// The format written.
    package let output: BatchOutput
    /// Where the records go.
    package let fd: FileDescriptor
    /// Files whose records were written whole.
    package private(set) var filesWritten = 0
    /// The write that failed, once one did (nothing more is written then): `write`, the
    /// output's name and its `errno`, as `ByteWriter.writeError`.
    package private(set) var writeFailure: SystemCallError?
    private var assembler: PageListEncoder
    private let documentCount: Int

    /// Whether the format needs more than the files' records (anything but JSON lines: jsonl and
    /// columns).
    package var assembles: Bool { output.format != .jsonl && output.format != .columns }

    /// What errors call the output (`standard output`, the `-o` file's path).
    package let name: String?

    /// A writer of `documentCount` files' records in `output`'s format to `fd`; `name` is what
    /// errors call it.
    package init(output: BatchOutput, fd: FileDescriptor, documentCount: Int, name: String? = nil) {
        self.output = output
        self.fd = fd
        self.name = name
        self.documentCount = documentCount
        self.assembler = output.assemblingEncoder()
    }

    /// Writes what comes before the first file (json's `[`, csv's header).
    package func begin() {
        guard assembles else { return }
        assembler.begin(documentCount: documentCount)
        flushAssembled(countsAsFile: false)
    }

    /// Writes one file's records, in one write.
    package func write(_ file: BatchFile) {
        guard writeFailure == nil else { return }
        guard assembles else {
            do { try OpenFile(fd, path: name).writeAll(file.records); filesWritten += 1 } catch { writeFailure = error }
            return
        }
        assembler.appendFragment(file.records)
        flushAssembled(countsAsFile: true)
    }

    /// Writes what comes after the last file (json's `]`).
    package func end() {
        guard assembles else { return }
        assembler.end()
        flushAssembled(countsAsFile: false)
    }

    private func flushAssembled(countsAsFile: Bool) {
        let bytes = assembler.out.bytes
        assembler.out.bytes = []
        guard writeFailure == nil else { return }
        do { try OpenFile(fd, path: name).writeAll(bytes) } catch { writeFailure = error; return }
        if countsAsFile { filesWritten += 1 }
    }
}

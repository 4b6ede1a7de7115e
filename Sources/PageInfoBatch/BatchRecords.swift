// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoSystem
import PageInfoEncoding
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

// The records batch mode writes beyond what `PageListEncoder` prints (docs/records.md): the file
// record that closes each file, and the page-error record. Both are written here and nowhere else.

/// A file error: its stable code and one line for a person, without the file name (the record's
/// message starts with it, as every message of `pages` does).
struct FileError: Sendable {
    var code: FileErrorCode
    var message: String

    /// A name that `open` refused: not-found for ENOENT and ENOTDIR, else unreadable with the
    /// system's reason — what reading the name in process says.
    static func opening(_ error: SystemCallError) -> FileError {
        error.code == ENOENT || error.code == ENOTDIR
            ? FileError(code: .notFound, message: "no such file")
            : FileError(code: .unreadable, message: "cannot read the file: \(error.reason)")
    }
}

/// How batch mode writes records: the format and options of the in-process command it runs, so
/// that the whole output is what that command prints for the same files.
public struct BatchOutput: Sendable, Hashable {
    /// The format of every file's records (`pageinfo pages --format`).
    public var format: PageListFormat
    /// Table format: all five boxes and UserUnit in full (`--wide`).
    public var wide: Bool
    /// `pages` (true: page records and file records) or `info` (false: file records only).
    public var includesPages: Bool
    /// The bitmap each page record describes (`pages --dpi`, `--bitmap-size`), or nil.
    public var bitmap: BitmapRequest?
    /// The libraries whose frames each page record carries (`pages --frames`), in canonical
    /// order, or none.
    public var frames: [LibraryFrame]
    /// `pageinfo annotations`: each page's annotation records after its page record, and an
    /// `annotationCount` in each file record (the reader must read them:
    /// `DocumentReader.withAnnotations`).
    public var listsAnnotations: Bool
    /// `annotations --view WxH`: the view, in view-space units, each annotation record's `view`
    /// rectangles are for; nil for none.
    public var annotationView: Size?
    /// `pageinfo outline`: each file's outline records before its file record, with an
    /// `outlineCount` (with `includesPages` false; the reader must read the outline:
    /// `DocumentReader.withOutline`).
    public var listsOutline: Bool

    /// The output of `pageinfo pages --format FORMAT` (`includesPages`), `pageinfo info`,
    /// `pageinfo annotations` (`listsAnnotations`, `annotationView`) or `pageinfo outline`
    /// (`listsOutline`, `includesPages` false).
    public init(format: PageListFormat = .jsonl, wide: Bool = false, includesPages: Bool = true, bitmap: BitmapRequest? = nil,
                frames: [LibraryFrame] = [], listsAnnotations: Bool = false, annotationView: Size? = nil, listsOutline: Bool = false) {
        self.listsAnnotations = listsAnnotations
        self.annotationView = annotationView
        self.listsOutline = listsOutline
        self.format = format
        self.wide = wide
        self.includesPages = includesPages
        self.bitmap = bitmap
        self.frames = LibraryFrame.canonical(frames)
    }

    /// An encoder for one file's records inside the whole output (see
    /// `PageListEncoder.init(format:wide:includesPages:fragment:bitmap:frames:out:)`): what a worker writes
    /// for each file, and the coordinator for a file whose worker failed.
    /// `headerRoom` zero bytes come before the records (room for a response header).
    package func fragmentEncoder(headerRoom: Int = 0) -> PageListEncoder {
        var out = ByteWriter()
        if headerRoom > 0 { [UInt8](repeating: 0, count: headerRoom).withUnsafeBufferPointer { out.append(buffer: $0) } }
        return PageListEncoder(format: format, wide: wide, includesPages: includesPages, fragment: true, bitmap: bitmap, frames: frames,
                               listsAnnotations: listsAnnotations, annotationView: annotationView, listsOutline: listsOutline, out: out)
    }

    /// An encoder that stitches the fragments into one output (``BatchWriter``).
    package func assemblingEncoder() -> PageListEncoder {
        PageListEncoder(format: format, wide: wide, includesPages: includesPages, bitmap: bitmap, frames: frames,
                        listsAnnotations: listsAnnotations, annotationView: annotationView, listsOutline: listsOutline, out: ByteWriter())
    }
}

/// Writes the file record of a file the worker could not read or the coordinator gave up on
/// (docs/records.md), with the encoder `pageinfo pages` uses for a failed file, in the batch's
/// format (JSON lines: one line; a table: nothing, as in process).
/// - Parameters:
///   - name: the file's name as the file system has it (written exactly: ``ByteWriter/exactFileName``).
///   - bytes: the file's size in bytes; `seconds`: wall-clock time spent on it.
func fileRecord(_ out: inout ByteWriter, output: BatchOutput, name: [UInt8], status: DocumentOutcome.Status, summary: DocumentSummary?,
                pageCount: Int, pageErrors: Int, error: FileError?, bytes: Int?, seconds: Double?) {
    let fileName = FileName(raw: name)
    var encoder = output.fragmentEncoder()
    if !fileName.isValidUTF8 { encoder.out.exactFileName = fileName }
    let outcome = DocumentOutcome(status: DocumentOutcome.Status(rawValue: status.rawValue) ?? .failed, pageCount: pageCount,
                                  pageErrors: pageErrors,
                                  error: error.map { DocumentOutcome.Failure(code: $0.code.rawValue, message: "\(fileName.text): \($0.message)") },
                                  bytes: bytes, seconds: seconds.map { ($0 * 1e6).rounded() / 1e6 })
    encoder.failedDocument(file: fileName.text, outcome: outcome)
    out.bytes += encoder.out.bytes
}

// (signalDescription, the name of a signal for messages, is the system layer's.)


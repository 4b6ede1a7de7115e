// SPDX-License-Identifier: GPL-2.0-or-later
// Reading into the writers of `pageinfo pages`: the reader knows only its RecordSink and the
// encoders know nothing of Poppler, so the module that holds both, above them, joins them.
import PageInfoEncoding
import PageInfoReading
import PageInfoRecords

extension PageListEncoder: RecordSink {
    /// True once the encoder's output could not be written.
    package var isStopped: Bool { out.writeFailed }
}

extension DocumentReader {
    /// Reads every source in `sources` into `encoder`, as `pageinfo pages FILE…` does (the
    /// command passes each name's raw bytes, `DocumentSource.rawPath(_:)`, and `-` as
    /// `DocumentSource.standardInput`): each failure is handed to `report` in one line once the
    /// records before it are flushed; returns the worst exit status (`ExitStatus.ioError`
    /// when the encoder's output could not be written; reading stops then).
    package func read(_ sources: [DocumentSource], into encoder: inout PageListEncoder, report: (String) -> Void) -> ExitStatus {
        encoder.begin(documentCount: sources.count)
        var worst = ExitStatus.success
        for source in sources {
            let result = read(source, into: &encoder)
            if let message = result.message {
                encoder.out.flush()
                report(message)
            }
            worst = .worse(worst, result.exitStatus)
            if encoder.out.writeFailed { break }
        }
        encoder.end()
        return encoder.out.writeFailed ? .ioError : worst
    }

    /// Reads one file into `encoder`: its page records (unless ``withPages`` is false) and its
    /// file record. A name that is not valid UTF-8 (``DocumentSource/rawPath(_:)``) is written
    /// with its exact bytes in JSON (`\udcXX`, `ByteWriter.exactFileName`).
    package func read(_ source: DocumentSource, into encoder: inout PageListEncoder) -> FileResult {
        let exact = source.exactName
        if let exact { encoder.out.exactFileName = exact }
        defer { if exact != nil { encoder.out.exactFileName = nil } }
        return read(source, sink: &encoder)
    }
}

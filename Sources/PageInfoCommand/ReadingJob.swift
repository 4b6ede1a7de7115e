// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoSystem
import PageInfoEncoding
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// What `pages` and `info` do outside batch mode, as plain values after parsing: read each file
/// in this process and print its records to stdout. Both the parsed commands and
/// ``PlainInvocation`` (the parser-free fast path) run it, so the two cannot drift apart.
struct ReadingJob {
    /// The files, as given (names may hold repaired UTF-8: they are read by their raw bytes).
    var files: [String]
    var format: PageListFormat
    /// Table format: all five boxes and UserUnit in full.
    var wide = false
    /// The bitmap each page record describes (`pages --dpi`, `--bitmap-size`), or nil.
    var bitmap: BitmapRequest? = nil
    /// The libraries whose frames each page record carries (`pages --frames`), or none.
    var frames: [LibraryFrame] = []
    /// Each page's annotation records too (`pageinfo annotations`), with view rectangles for `view`.
    var annotations = false
    var view: Size? = nil
    /// The document outline instead of pages (`pageinfo outline`).
    var outline = false
    var reading: DocumentReader

    /// Reads every file; throws the worst exit code when a file is not ok, or a
    /// ``ExitFailure`` when stdout cannot be written.
    func run() throws {
        var encoder = PageListEncoder(format: format, wide: wide, includesPages: reading.withPages, bitmap: bitmap, frames: frames,
                                      listsAnnotations: annotations, annotationView: view, listsOutline: outline,
                                      out: ByteWriter(fd: .standardOutput))
        let code = reading.read(commandLineSources(files), into: &encoder, report: reportFailure)
        if code == .ioError {
            // The write's own error: errno has been overwritten by the reads since.
            let reason = encoder.out.writeError?.reason ?? SystemCallError.reason(for: EIO)
            throw ExitFailure.outputUnwritable(reason)
        }
        if code != .success { throw ExitCode(code) }
    }
}

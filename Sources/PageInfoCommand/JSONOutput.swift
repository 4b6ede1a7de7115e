// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoEncoding
import PageInfoSystem
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

// MARK: - Writing to stdout

/// Stdout for one command: everything goes through one ``ByteWriter``, and ``finish()`` turns
/// a failed write into exit 74 with one line.
struct StandardOutput: ~Copyable {
    var out = ByteWriter(fd: .standardOutput)

    /// Writes everything buffered; throws exit 74 when any write failed (a full disk, a closed
    /// pipe).
    mutating func finish() throws {
        out.flush()
        if let error = out.writeError {
            throw ExitFailure.outputUnwritable(error.reason)
        }
    }

    /// Prints `document` and a newline after checking every number: the line is formatted in
    /// memory and written only when no number in it is NaN or infinite; otherwise nothing is
    /// printed and `failure()` is thrown. For documents of bounded size (`thumbnails`,
    /// `viewstate`). `exactFileName`: the name of the file read when it is not valid UTF-8.
    static func printLine(_ document: some JSONWritable, exactFileName: FileName? = nil, failure: () -> ExitFailure) throws {
        var line = ByteWriter()
        line.exactFileName = exactFileName
        document.writeJSON(to: &line)
        line.append(byte: UInt8(ascii: "\n"))
        guard line.nonFiniteNumbers == 0 else { throw failure() }
        var stdout = StandardOutput()
        stdout.out.bytes = line.bytes
        try stdout.finish()
    }
}

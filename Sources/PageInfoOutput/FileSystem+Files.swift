// SPDX-License-Identifier: Apache-2.0
import Glibc

extension FileSystem {
    /// Creates the directory `path` with `mkdir(2)` and the permission bits `mode` (before the
    /// umask), retrying `EINTR`. One level: the parent must exist.
    ///
    /// - Throws: ``SystemCallError`` naming `mkdir` and `path`: `EEXIST` when something is
    ///   already there, `ENOENT` without the parent, `EACCES`, `EROFS`, …
    public static func makeDirectory(_ path: String, mode: mode_t = 0o777) throws(SystemCallError) {
        while mkdir(path, mode) != 0 {
            if errno != EINTR { throw SystemCallError(call: "mkdir", path: path, code: errno) }
        }
    }

    /// Writes `bytes` to the file at `path`, created with the permission bits `mode` (before
    /// the umask) or emptied first, and closes it exactly once. On any failure the file is
    /// removed (what was written of it is useless) and the first error is thrown: the `open`,
    /// the `write`, or else the `close` (`EIO`, `EDQUOT`: data that never reached the file).
    ///
    /// - Throws: ``SystemCallError`` naming `open`, `write` or `close` and `path`.
    public static func writeFile(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(SystemCallError) {
        let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
        var failure: SystemCallError?
        do { try file.writeAll(bytes) } catch { failure = error }
        do { try file.close() } catch { failure = failure ?? error }
        if let failure {
            try? removeFile(path)
            throw failure
        }
    }
}

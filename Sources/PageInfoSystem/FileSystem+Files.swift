// SPDX-License-Identifier: Apache-2.0
import Glibc

extension FileSystem {
    /// Creates the directory `path` with `mkdir(2)` and the permission bits `mode` (before the
    /// umask), retrying `EINTR`. One level: the parent must exist.
    ///
    /// - Throws: ``SystemCallError`` naming `mkdir` and `path`: `EEXIST` when something is
    ///   already there, `ENOENT` without the parent, `EACCES`, `EROFS`, …
    package static func makeDirectory(_ path: String, mode: mode_t = 0o777) throws(SystemCallError) {
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
    package static func writeFile(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(SystemCallError) {
        let file = try OpenFile.open(path, O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
        var failure: SystemCallError?
        do { try file.writeAll(bytes) } catch { failure = error }
        do { try file.close() } catch { failure = failure ?? error }
        if let failure {
            try? removeFile(path)
            throw failure
        }
    }

    /// Replaces the file at `path` with `bytes` atomically: they are written to a temporary file
    /// in the same directory (`.NAME.PID.tmp`, created exclusively), flushed to disk (`fsync`),
    /// and renamed over `path`, so a reader sees the old file or the new one, never a part. An
    /// existing file keeps its permission bits (set with `fchmod(2)`, not subject to the umask,
    /// as the old file's were); a new one gets 0666 less the umask. On a failure the temporary
    /// file is removed and `path` is left as it was.
    ///
    /// - Throws: ``SystemCallError`` naming `open` (of the temporary file), `write`, `fsync`,
    ///   `close` or `rename`.
    package static func writeFileAtomically(_ bytes: [UInt8], to path: String) throws(SystemCallError) {
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        let directory = path.hasSuffix(name) ? String(path.dropLast(name.count)) : ""
        let temporary = "\(directory).\(name).\(getpid()).tmp"
        let mode = (try? FileStatus(path: path))?.permissions ?? 0o666
        let file = try OpenFile.open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: mode)
        if mode != 0o666 { _ = fchmod(file.rawValue, mode) }  // (best effort, as before: the bytes matter more)
        do throws(SystemCallError) {
            do throws(SystemCallError) {
                try file.writeAll(bytes)
                try file.sync()
            } catch {
                try? file.close()
                throw error
            }
            try file.close()
            try rename(temporary, to: path)
        } catch {
            try? removeFile(temporary)
            throw error
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `buffer` to `fd`, retrying after `EINTR` and short writes. Returns 0, or the
/// `errno` of the `write(2)` that failed. The one write loop of the package: the output buffer,
/// the CLI's text and files, and batch mode's pipes all go through it.
public func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
    guard var base = buffer.baseAddress else { return 0 }
    var remaining = buffer.count
    while remaining > 0 {
        let n = write(fd, base, remaining)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        base += n
        remaining -= n
    }
    return 0
}

/// ``writeAll(_:_:)-(_,UnsafeRawBufferPointer)`` for an array of bytes.
public func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
    bytes.withUnsafeBytes { writeAll(fd, $0) }
}

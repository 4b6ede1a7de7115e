// SPDX-License-Identifier: Apache-2.0
import Glibc

/// The Linux calls the system-call layer, the reader and batch mode use that Swift's Glibc
/// module does not declare (glibc declares them only under `_GNU_SOURCE`, or as variadic
/// functions Swift cannot call), each looked up once by name in the C library: the one place
/// of the package that does. Each is in glibc since 2.27 at the latest; a missing one fails with
/// `ENOSYS`.
package enum LinuxCalls {
    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
    private typealias Mkostemp = @convention(c) (UnsafeMutablePointer<CChar>, Int32) -> Int32
    /// `prctl(int option, ...)`: called with its integer arguments only, which the C calling
    /// conventions of Linux's architectures pass for a variadic callee as for a fixed one.
    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    private static func lookUp<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    private static let memfdCreateFunction = lookUp("memfd_create", as: MemfdCreate.self)
    private static let prctlFunction = lookUp("prctl", as: Prctl.self)
    private static let mkostempFunction = lookUp("mkostemp", as: Mkostemp.self)

    /// `memfd_create(name, MFD_CLOEXEC)`: an anonymous memory file. -1 with errno on failure
    /// (``OpenFile/memoryFile(_:)`` throws it as an error).
    package static func memoryFile(_ name: String) -> Int32 {
        guard let memfdCreateFunction else { errno = ENOSYS; return -1 }
        return memfdCreateFunction(name, 1 /* MFD_CLOEXEC */)
    }

    /// `mkostemp(template, O_CLOEXEC)`: a new file, 0600, named after `template` (its
    /// trailing `XXXXXX` replaced in place), never inherited by a child. -1 with errno on failure.
    package static func makeTemporaryFile(_ template: UnsafeMutablePointer<CChar>) -> Int32 {
        guard let mkostempFunction else { errno = ENOSYS; return -1 }
        return mkostempFunction(template, O_CLOEXEC)
    }

    /// `prctl(PR_SET_PDEATHSIG, signal)`: the kernel sends `signal` to this process when the
    /// thread that started it exits. -1 with errno on failure.
    package static func deliverOnParentDeath(_ signal: Int32) -> Int32 {
        guard let prctlFunction else { errno = ENOSYS; return -1 }
        return prctlFunction(1 /* PR_SET_PDEATHSIG */, UInt(signal), 0, 0, 0)
    }
}

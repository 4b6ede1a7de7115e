// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Where /proc is not mounted (a bare chroot, a sandbox), Swift's runtime finds no command line
/// (it checks the stack's bounds in /proc/self/maps). `pageinfo` then refuses with exit 70 and one
/// line, instead of answering an empty command line with the overview and exit 0. The run is in
/// a mount namespace of its own whose /proc is an empty tmpfs (`unshare`: root only).
/// Whether this process may make a mount namespace (root in an unprivileged container may not).
private let canUnshare: Bool = {
    guard getuid() == 0, let run = try? ProcessRunner.run("/usr/bin/unshare", arguments: ["--mount", "true"]) else { return false }
    return run.termination == .exit(0)
}()

@Suite("no /proc: exit 70 and one line, never the overview",
       .enabled(if: canUnshare, "needs a mount namespace: root with CAP_SYS_ADMIN (unshare --mount true fails here)"))
struct NoProcTests {

    @Test("pages, info and the worker without /proc", arguments: [
        ["pages", CLI.fixture("rotations.pdf")], ["info", CLI.fixture("rotations.pdf")], ["--version"], ["worker", "--hello"],
    ])
    func refusesWithoutProc(_ arguments: [String]) throws {
        let script = "mount -t tmpfs none /proc && exec \"$0\" \"$@\""
        let run = try ProcessRunner.run("/usr/bin/unshare", arguments: ["--mount", "--fork", "/bin/sh", "-c", script, CLI.binary.path] + arguments)
        #expect(run.termination == .exit(70), "\(arguments): \(run.termination) \(run.stderrText)")
        #expect(run.stdout.isEmpty, "nothing on stdout: \(run.stdoutText.prefix(200))")
        #expect(run.stderrText == "pageinfo: cannot read this process's command line (Swift reads it with the help of /proc/self/maps): mount /proc and run it again\n")
        // With /proc, the same command works (the namespace alone changes nothing).
        let plain = try ProcessRunner.run("/usr/bin/unshare", arguments: ["--mount", "--fork", CLI.binary.path] + arguments, stdin: .empty)
        #expect(plain.termination != .exit(70), "\(arguments) with /proc: \(plain.stderrText)")
    }
}

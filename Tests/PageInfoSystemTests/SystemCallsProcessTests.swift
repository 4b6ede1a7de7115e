// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoSystem
import PageInfoTestSupport
import Testing

/// The layer's calls on processes: spawning a child with a filtered environment, waiting on
/// several pipes, the environment, the clock and signal names.
@Suite("System calls: processes")
struct SystemCallsProcessTests {
    @Test("spawn runs the program with its arguments, the environment less `removing` plus `adding`, and its stdout on the pipe")
    func spawnsWithEnvironment() throws {
        setenv("PAGEINFO_SPAWN_TEST_REMOVED", "still here", 1)
        defer { unsetenv("PAGEINFO_SPAWN_TEST_REMOVED") }
        let input = try OpenFile.pipe(), output = try OpenFile.pipe()
        let script = #"printf '%s|%s|%s' "$1" "${PAGEINFO_SPAWN_TEST_REMOVED-unset}" "$PAGEINFO_SPAWN_TEST_ADDED"; exit 3"#
        let pid = try ChildProcess.spawn("/bin/sh", arguments: ["sh", "-c", script, "sh", "first argument"],
                                         standardInput: input.readEnd, standardOutput: output.writeEnd,
                                         silencingStandardError: true, defaultSignals: [SIGPIPE],
                                         removing: ["PAGEINFO_SPAWN_TEST_REMOVED"], adding: ["PAGEINFO_SPAWN_TEST_ADDED=added"])
        try output.writeEnd.close()
        try input.readEnd.close()
        try input.writeEnd.close()
        let printed = try output.readEnd.readAll()
        try output.readEnd.close()
        let status = try ChildProcess.waitForExit(pid)
        #expect(String(decoding: printed, as: UTF8.self) == "first argument|unset|added")
        #expect(status & 0x7F == 0)
        #expect((status >> 8) & 0xFF == 3)
    }

    @Test("a write to a pipe whose reader is gone fails with EPIPE, without a handler: no signal, none left pending, dispositions untouched")
    func writeBlockingSIGPIPE() throws {
        var before = sigaction()
        sigaction(SIGPIPE, nil, &before)
        let pipe = try OpenFile.pipe()
        try pipe.readEnd.close()
        defer { try? pipe.writeEnd.close() }
        #expect(throws: SystemCallError.self) { try pipe.writeEnd.writeAllBlockingSIGPIPE(Array("request".utf8)) }
        do { try pipe.writeEnd.writeAllBlockingSIGPIPE([1]) } catch { #expect(error.code == EPIPE) }
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "a SIGPIPE is left pending")
        var after = sigaction()
        sigaction(SIGPIPE, nil, &after)
        #expect(after.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) }
                == before.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) })
    }

    @Test("spawning a missing program throws naming posix_spawn and the program (ENOENT)")
    func spawnMissing() throws {
        let pipe = try OpenFile.pipe()
        defer { try? pipe.readEnd.close(); try? pipe.writeEnd.close() }
        #expect(throws: SystemCallError(call: "posix_spawn", path: "/nonexistent/program", code: ENOENT)) {
            _ = try ChildProcess.spawn("/nonexistent/program", arguments: ["program"], standardInput: pipe.readEnd,
                                       standardOutput: pipe.writeEnd, silencingStandardError: true, defaultSignals: [],
                                       removing: [], adding: [])
        }
    }

    @Test("a readiness poll reports only the pipe that has bytes, and nothing when the time runs out")
    func readinessPoll() throws {
        let quiet = try OpenFile.pipe(), ready = try OpenFile.pipe()
        defer { for end in [quiet.readEnd, quiet.writeEnd, ready.readEnd, ready.writeEnd] { try? end.close() } }
        var poll = ReadinessPoll()
        poll.add(quiet.readEnd)
        poll.add(ready.readEnd)
        var seen: [Int] = []
        try poll.wait(timeoutMilliseconds: 0) { seen.append($0) }
        #expect(seen == [])
        try ready.writeEnd.writeAll([42])
        try poll.wait(timeoutMilliseconds: 1000) { seen.append($0) }
        #expect(seen == [1])
        poll.removeAll()
        poll.add(quiet.readEnd)
        seen = []
        try poll.wait(timeoutMilliseconds: 10) { seen.append($0) }
        #expect(seen == [])
    }

    @Test("the environment, the page size, the clock and a signal's name")
    func processFacts() {
        setenv("PAGEINFO_LAYER_TEST", "value 1", 1)
        defer { unsetenv("PAGEINFO_LAYER_TEST") }
        #expect(CurrentProcess.environmentValue("PAGEINFO_LAYER_TEST") == "value 1")
        #expect(CurrentProcess.environmentValue("PAGEINFO_LAYER_TEST_UNSET") == nil)
        #expect(CurrentProcess.id == getpid())
        #expect(CurrentProcess.pageSize == Int(getpagesize()))
        #expect(CurrentProcess.onlineProcessors == ProcessInfo.processInfo.processorCount)
        #expect(CurrentProcess.executablePath?.hasSuffix("/pageinfoPackageTests.xctest") == true)
        let first = monotonicSeconds()
        usleep(20_000)
        #expect(monotonicSeconds() - first >= 0.02)
        #expect(signalDescription(SIGSEGV) == "SIGSEGV (segmentation fault)")
        #expect(signalDescription(SIGKILL) == "SIGKILL (killed)")
    }
}

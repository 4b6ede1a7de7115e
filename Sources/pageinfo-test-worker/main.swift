// SPDX-License-Identifier: GPL-2.0-or-later
// A batch worker for the tests only (never installed): `pageinfo worker` (PageInfoWorkerCommand:
// the same options, parsed the same way, and the library's worker loop) with hooks that make chosen files crash, hang or exhaust memory, so
// that the tests can prove batch mode contains them. `pageinfo pages --worker PATH` and
// `BatchConfiguration.worker` point a batch at it; it takes the arguments of `pageinfo worker`.
//
// PAGEINFO_TEST_CRASH_ON, PAGEINFO_TEST_HANG_ON and PAGEINFO_TEST_ALLOC_ON each hold a substring
// of a file name (or a bytes request's name); reading a file whose name contains it crashes the
// worker (SIGSEGV), hangs it, or makes it allocate without bound.
import PageInfoSystem
import PageInfoWorkerCommand

#if canImport(Glibc)
import Glibc
#endif

/// The hook's substring, from the environment.
func hook(_ key: String) -> [UInt8]? {
    guard let value = CurrentProcess.environmentValue(key), !value.isEmpty else { return nil }
    return Array(value.utf8)
}

let crash = hook("PAGEINFO_TEST_CRASH_ON"), hang = hook("PAGEINFO_TEST_HANG_ON"), alloc = hook("PAGEINFO_TEST_ALLOC_ON")

func apply(_ name: [UInt8]) {
    func matches(_ s: [UInt8]?) -> Bool {
        guard let s, name.count >= s.count else { return false }
        return (0...(name.count - s.count)).contains { name[$0..<$0 + s.count].elementsEqual(s) }
    }
    if matches(crash) { CurrentProcess.raise(SIGSEGV) }
    if matches(hang) { while true { CurrentProcess.sleep(seconds: 1000) } }
    if matches(alloc) {
        var blocks: [[UInt8]] = []
        while true { blocks.append([UInt8](repeating: 1, count: 16 << 20)) }
    }
}

// Started as `pageinfo-test-worker worker ARGS…`, as the coordinator starts `pageinfo worker`.
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "worker" { arguments.removeFirst() }
CurrentProcess.exit(WorkerCommand.main(arguments: arguments, beforeEachFile: apply))

// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoSystem
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// A running worker child (`pageinfo worker`): its pid and the two pipe ends the coordinator holds.
struct WorkerProcess {
    let pid: pid_t
    /// The coordinator writes requests here (the worker's stdin).
    let requests: Int32
    /// The coordinator reads responses here (the worker's stdout), non-blocking.
    let responses: Int32

    /// Starts `EXECUTABLE worker ARGS…` with posix_spawn, in its own process group (so a
    /// Ctrl-C on the terminal reaches the coordinator alone, which then stops the workers),
    /// SIGPIPE/SIGINT/SIGTERM at their defaults, stderr on /dev/null (Poppler and a crashing
    /// runtime print nothing; set `PAGEINFO_DEBUG_WORKERS=1` to see it), and the Swift
    /// backtracer off (a crash should end the process at once, not symbolicate).
    ///
    /// Every worker is started from one long-lived thread (``SpawnerThread``): a worker asks the
    /// kernel for SIGKILL when its parent *thread* exits (`PR_SET_PDEATHSIG`), so a worker started
    /// from a caller's short-lived thread would be killed with that thread.
    static func spawn(executable: String, arguments: [String]) throws(BatchError) -> WorkerProcess {
        try SpawnerThread.shared.run { () throws(BatchError) in try spawnHere(executable: executable, arguments: arguments) }
    }

    private static func spawnHere(executable: String, arguments: [String]) throws(BatchError) -> WorkerProcess {
        // Close-on-exec from the start (pipe2), so no worker inherits another's pipe (it would
        // keep it from seeing EOF), even one spawned by another thread in between.
        // The coordinator's end of the responses is non-blocking (the child never has it).
        let toChild: [Int32], fromChild: [Int32]
        do throws(SystemCallError) {
            let requests = try OpenFile.pipe()
            toChild = [requests.readEnd.rawValue, requests.writeEnd.rawValue]
            do throws(SystemCallError) {
                let responses = try OpenFile.pipe()
                fromChild = [responses.readEnd.rawValue, responses.writeEnd.rawValue]
                do { try responses.readEnd.setNonBlocking() } catch {
                    closeAll(fromChild)
                    throw error
                }
            } catch {
                closeAll(toChild)
                throw error
            }
        } catch {
            throw .workerStart(call: error.call, reason: error.reason)
        }
        // argv[0]: the program's name (`pageinfo` for /proc/self/exe, as ps shows it).
        let program = executable == "/proc/self/exe" ? "pageinfo" : String(executable.split(separator: "/").last ?? "pageinfo")
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                executable, arguments: [program, "worker"] + arguments,
                standardInput: OpenFile(rawValue: toChild[0]), standardOutput: OpenFile(rawValue: fromChild[1]),
                silencingStandardError: CurrentProcess.environmentValue("PAGEINFO_DEBUG_WORKERS") == nil,
                defaultSignals: [SIGPIPE, SIGINT, SIGTERM],
                removing: ["SWIFT_BACKTRACE", Worker.coordinatorVariable],
                // Who the worker's parent must be: it exits at once if it is not (see Worker).
                adding: ["SWIFT_BACKTRACE=enable=no", "\(Worker.coordinatorVariable)=\(CurrentProcess.id)"])
        } catch {
            closeAll([toChild[0], fromChild[1], toChild[1], fromChild[0]])
            throw .workerStart(call: "posix_spawn \(executable)", reason: error.reason)
        }
        closeAll([toChild[0], fromChild[1]])
        return WorkerProcess(pid: pid, requests: toChild[1], responses: fromChild[0])
    }

    /// Closes descriptors this process no longer needs (a failed close still releases them).
    private static func closeAll(_ descriptors: [Int32]) {
        for fd in descriptors { try? OpenFile(rawValue: fd).close() }
    }

    /// Kills the worker (SIGKILL), closes the pipes and reaps it; returns its wait status.
    @discardableResult
    func kill() -> Int32 {
        ChildProcess.send(SIGKILL, to: pid)
        return close()
    }

    /// Closes the pipes and waits for the worker to exit; returns its wait status.
    @discardableResult
    func close() -> Int32 {
        Self.closeAll([requests, responses])
        // (Only a pid that is not our child fails: none to report.)
        return (try? ChildProcess.waitForExit(pid)) ?? 0
    }

    /// The worker's resident memory in bytes (from /proc/PID/statm), or nil.
    func residentBytes() -> Int? {
        CurrentProcess.residentBytes(of: pid)
    }
}

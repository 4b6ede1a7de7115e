// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// Workers die with their coordinator, at once, even while stuck in a file: the kernel delivers
/// SIGKILL on the coordinator's exit (PR_SET_PDEATHSIG). A worker that polled getppid() every
/// second outlived a killed coordinator by up to a second.
@Suite(.serialized)
struct WorkerLifetimeTests {
    /// The pids of `pid`'s children (every thread's `children` list).
    static func children(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [pid_t] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0) }
        }
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        // A zombie has been killed already; it only waits to be reaped by init.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        let state = stat.split(separator: ")").last?.split(separator: " ").first
        return state != "Z"
    }

    @Test("kill -9 of the coordinator: its worker stuck in a file is gone within 100 ms", .timeLimit(.minutes(1)))
    func workersDieWithTheCoordinator() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-lifetime-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let stuck = dir.appendingPathComponent("hang-me.pdf")
        try FileManager.default.copyItem(atPath: CLI.fixture("mixed.pdf"), toPath: stuck.path)

        let coordinator = try ProcessRunner.start(
            CLI.binary.path, arguments: ["pages", "--jobs", "1", "--timeout", "0", "--worker", CLI.testWorker.path, stuck.path],
            environment: ["PAGEINFO_TEST_HANG_ON": "hang-me"], stdout: .discard, stderr: .discard)
        // Its worker, once started (it then hangs in the file for good: --timeout 0).
        var workers: [pid_t] = []
        for _ in 0..<200 where workers.isEmpty {
            usleep(20_000)
            workers = Self.children(of: coordinator.pid)
        }
        try #require(workers.count == 1, "the coordinator started no worker")
        usleep(200_000)  // the worker is inside the file now
        coordinator.signal(SIGKILL)
        _ = coordinator.wait()
        usleep(100_000)
        #expect(!Self.isAlive(workers[0]), "worker \(workers[0]) outlived its coordinator")
        if Self.isAlive(workers[0]) { kill(workers[0], SIGKILL) }
    }

    /// A coordinator that dies while its worker is still starting dies before the worker asks
    /// the kernel for the signal; the worker then has another parent than the coordinator named
    /// in PAGEINFO_COORDINATOR_PID, which is gone, and must exit at once, not wait on a pipe that
    /// never ends (a sanitized run hung on such a worker). A worker run through a wrapper that
    /// forks also has another parent, but its coordinator lives: it must keep serving.
    @Test("a worker whose coordinator is gone exits at once; one behind a wrapper serves", .timeLimit(.minutes(1)))
    func orphanedWorkerExits() throws {
        // A pid that no process holds: a child that has ended and been waited for.
        let ended = try ProcessRunner.run("/bin/true")

        /// Starts `command` with the coordinator variable set to `coordinator` and a stdin that
        /// stays open until the test closes it.
        func start(_ command: [String], coordinator: pid_t) throws -> ProcessRunner.Child {
            try ProcessRunner.start(command[0], arguments: Array(command.dropFirst()), stdin: .open,
                                    environment: ["PAGEINFO_COORDINATOR_PID": "\(coordinator)"], stdout: .discard, stderr: .discard)
        }
        let worker = [CLI.binary.path, "worker", "--mode", "pages", "--format", "jsonl"]

        let orphan = try start(worker, coordinator: ended.pid)
        let exited = orphan.wait(timeout: 5)
        #expect(exited != nil, "the orphaned worker still waits on its input")
        if exited == nil { orphan.signal(SIGKILL) }
        #expect((exited ?? orphan.wait()).status == 0)
        orphan.closeInput()

        // Behind a shell that forks (the `; true` keeps sh from exec'ing the worker), with its
        // coordinator (this test) alive: the worker serves its input until it ends.
        let quoted = worker.map { "'\($0)'" }.joined(separator: " ")
        let wrapped = try start(["/bin/sh", "-c", quoted + "; true"], coordinator: getpid())
        usleep(500_000)
        #expect(wrapped.isRunning, "a worker behind a wrapper exited while its coordinator lives")
        wrapped.closeInput()
        #expect(wrapped.wait().status == 0)
    }
}

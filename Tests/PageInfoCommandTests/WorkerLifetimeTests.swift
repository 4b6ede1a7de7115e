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

        let coordinator = Process()
        coordinator.executableURL = CLI.binary
        coordinator.arguments = ["pages", "--jobs", "1", "--timeout", "0", "--worker", CLI.testWorker.path, stuck.path]
        coordinator.environment = ProcessInfo.processInfo.environment.merging(["PAGEINFO_TEST_HANG_ON": "hang-me"]) { $1 }
        coordinator.standardOutput = FileHandle.nullDevice
        coordinator.standardError = FileHandle.nullDevice
        try coordinator.run()
        // Its worker, once started (it then hangs in the file for good: --timeout 0).
        var workers: [pid_t] = []
        for _ in 0..<200 where workers.isEmpty {
            usleep(20_000)
            workers = Self.children(of: coordinator.processIdentifier)
        }
        try #require(workers.count == 1, "the coordinator started no worker")
        usleep(200_000)  // the worker is inside the file now
        kill(coordinator.processIdentifier, SIGKILL)
        coordinator.waitUntilExit()
        usleep(100_000)
        #expect(!Self.isAlive(workers[0]), "worker \(workers[0]) outlived its coordinator")
        if Self.isAlive(workers[0]) { kill(workers[0], SIGKILL) }
    }

    /// A coordinator that dies while its worker is still starting dies before the worker asks
    /// the kernel for the signal; the worker then has another parent than the coordinator named
    /// in PAGEINFO_COORDINATOR_PID and must exit at once, not wait on a pipe that never ends (a
    /// sanitized run hung on such a worker). Its stdin here stays open for 30 s.
    @Test("a worker whose coordinator is already gone exits at once", .timeLimit(.minutes(1)))
    func orphanedWorkerExits() throws {
        let worker = Process()
        worker.executableURL = CLI.binary
        worker.arguments = ["worker", "--mode", "pages", "--format", "jsonl"]
        // pid 1 is never this worker's parent (the test runner is).
        worker.environment = ProcessInfo.processInfo.environment.merging(["PAGEINFO_COORDINATOR_PID": "1"]) { $1 }
        let input = Pipe()
        worker.standardInput = input
        worker.standardOutput = FileHandle.nullDevice
        worker.standardError = FileHandle.nullDevice
        try worker.run()
        var waited = 0
        while worker.isRunning && waited < 100 { usleep(50_000); waited += 1 }  // up to 5 s
        #expect(!worker.isRunning, "the orphaned worker still waits on its input")
        if worker.isRunning { worker.terminate() }
        worker.waitUntilExit()
        #expect(worker.terminationStatus == 0)
        // With its real parent named, the same worker serves its input until it ends.
        let served = Process()
        served.executableURL = CLI.binary
        served.arguments = ["worker", "--mode", "pages", "--format", "jsonl"]
        served.environment = ProcessInfo.processInfo.environment.merging(["PAGEINFO_COORDINATOR_PID": "\(getpid())"]) { $1 }
        let open = Pipe()
        served.standardInput = open
        served.standardOutput = FileHandle.nullDevice
        served.standardError = FileHandle.nullDevice
        try served.run()
        usleep(300_000)
        #expect(served.isRunning, "a worker with its coordinator alive exited before its input ended")
        try open.fileHandleForWriting.close()
        served.waitUntilExit()
        #expect(served.terminationStatus == 0)
        try input.fileHandleForWriting.close()
    }
}

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
}

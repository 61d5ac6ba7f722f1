import Foundation
import NowPlaying

/// Reads a running process's CPU time and wakeups from /proc, summed over its threads.
struct ProcessProbe {
    struct Sample {
        /// CLOCK_MONOTONIC seconds when read.
        var time: Double
        /// CPU seconds used by all threads so far (scheduler nanoseconds, /proc/PID/task/*/schedstat).
        var cpu: Double
        /// Times a thread slept and was woken (voluntary context switches, /proc/PID/task/*/status).
        var wakeups: Int
    }

    let pid: Int32

    func sample() -> Sample {
        var cpu = 0.0, wakeups = 0
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            let dir = "/proc/\(pid)/task/\(task)"
            if let sched = try? String(contentsOfFile: dir + "/schedstat", encoding: .utf8),
               let ns = sched.split(separator: " ").first.flatMap({ Double($0) }) {
                cpu += ns / 1e9
            }
            if let status = try? String(contentsOfFile: dir + "/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
               let n = line.split(separator: "\t").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                wakeups += n
            }
        }
        return Sample(time: Monotonic.now(), cpu: cpu, wakeups: wakeups)
    }
}

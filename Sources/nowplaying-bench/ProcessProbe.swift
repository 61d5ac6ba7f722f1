import Foundation
import NowPlaying

/// Reads a running process's CPU time and wakeups from /proc, summed over its threads.
struct ProcessProbe {
    struct Sample {
        /// `Monotonic.now()` when read.
        var time: Double
        /// Per thread: CPU seconds so far (scheduler nanoseconds, /proc/PID/task/TID/schedstat) and the times
        /// it slept and was woken (voluntary context switches, /proc/PID/task/TID/status).
        var threads: [String: (cpu: Double, wakeups: Int)]

        /// CPU seconds and wakeups between an earlier sample and this one, over the threads alive now
        /// (a thread that started in between counts from zero).
        func since(_ a: Sample) -> (cpu: Double, wakeups: Int) {
            var cpu = 0.0, wakeups = 0
            for (tid, b) in threads {
                cpu += b.cpu - (a.threads[tid]?.cpu ?? 0)
                wakeups += b.wakeups - (a.threads[tid]?.wakeups ?? 0)
            }
            return (cpu, wakeups)
        }
    }

    let pid: Int32

    func sample() -> Sample {
        var threads: [String: (cpu: Double, wakeups: Int)] = [:]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            var cpu = 0.0, wakeups = 0
            let dir = "/proc/\(pid)/task/\(task)"
            if let sched = try? String(contentsOfFile: dir + "/schedstat", encoding: .utf8),
               let ns = sched.split(separator: " ").first.flatMap({ Double($0) }) {
                cpu = ns / 1e9
            }
            if let status = try? String(contentsOfFile: dir + "/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
               let n = line.split(separator: "\t").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                wakeups = n
            }
            threads[task] = (cpu, wakeups)
        }
        return Sample(time: Monotonic.now(), threads: threads)
    }
}

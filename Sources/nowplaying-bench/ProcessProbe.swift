import Foundation
import NowPlaying

/// Reads a running process's CPU time, wakeups and memory from /proc, summed over its threads (and, when
/// asked, over the processes it started: a player's helpers are part of what it costs).
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
    /// Whether the processes it started (and theirs) count too.
    var withChildren = false

    /// The process, and its descendants when `withChildren`.
    var processes: [Int32] {
        guard withChildren else { return [pid] }
        // Parent of each process, from /proc/PID/stat (the field after the parenthesised name).
        var children: [Int32: [Int32]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { children[parent, default: []].append(child) }
        }
        var all = [pid], i = 0
        while i < all.count { all += children[all[i]] ?? []; i += 1 }
        return all
    }

    func sample() -> Sample {
        var threads: [String: (cpu: Double, wakeups: Int)] = [:]
        for process in processes {
            sample(process, into: &threads)
        }
        return Sample(time: Monotonic.now(), threads: threads)
    }

    private func sample(_ process: Int32, into threads: inout [String: (cpu: Double, wakeups: Int)]) {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
        for task in tasks {
            var cpu = 0.0, wakeups = 0
            let dir = "/proc/\(process)/task/\(task)"
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
    }

    /// Peak resident memory (VmHWM) and proportional set size (Pss: shared pages divided among the processes
    /// sharing them) in KiB, summed over the processes.
    func memory() -> (peakKiB: Int, pssKiB: Int) {
        var peak = 0, pss = 0
        for process in processes {
            peak += ProcFile.kib("/proc/\(process)/status", "VmHWM:") ?? 0
            pss += ProcFile.kib("/proc/\(process)/smaps_rollup", "Pss:") ?? 0
        }
        return (peak, pss)
    }
}

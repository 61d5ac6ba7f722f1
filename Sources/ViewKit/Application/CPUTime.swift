import Glibc

/// CPU time consumed, in seconds (not wall time: a frame's cost without what other processes took).
public enum CPUTime {
    /// The calling thread's CPU time so far.
    public static func thread() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }
    /// The whole process's CPU time so far (all threads).
    public static func process() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }
    /// The calling thread's page faults so far, minor and major.
    public static func threadPageFaults() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (1) needs _GNU_SOURCE, which the Glibc module does not define.
        getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt + usage.ru_majflt
    }

    private static func read(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

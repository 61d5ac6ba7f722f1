import Glibc

/// CPU time consumed, in seconds (not wall time: a frame's cost without what other processes took).
public enum CPUTime {
    /// The calling thread's CPU time so far.
    public static func thread() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }
    /// The whole process's CPU time so far (all threads).
    public static func process() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

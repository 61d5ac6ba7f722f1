import NowPlaying

/// glibc's mallopt (malloc.h is not in Swift's Glibc module).
@_silgen_name("mallopt") func mallopt(_ option: Int32, _ value: Int32) -> Int32
let mallocMmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in malloc.h
let mallocArenaMax: Int32 = -8  // M_ARENA_MAX in malloc.h

// Pictures and frames are large, short-lived buffers: they go straight to the system and back, instead of
// fragmenting the heap (which would keep the process at its high-water mark).
_ = mallopt(mallocMmapThreshold, 128 * 1024)
// The worker threads (library reading, covers decoded ahead) make small, short-lived allocations: one heap
// serves them all, rather than an arena per thread that each keeps its own free pages.
_ = mallopt(mallocArenaMax, 1)
NowPlayingCommand.main()

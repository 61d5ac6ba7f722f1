import Glibc
import NowPlaying

/// glibc's mallopt (malloc.h is not in Swift's Glibc module).
@_silgen_name("mallopt") func mallopt(_ option: Int32, _ value: Int32) -> Int32
let mallocMmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in malloc.h
let mallocArenaMax: Int32 = -8  // M_ARENA_MAX in malloc.h
let mallocTrimThreshold: Int32 = -1  // M_TRIM_THRESHOLD in malloc.h

// Pictures and frames are large, short-lived buffers: they go straight to the system and back, instead of
// fragmenting the heap (which would keep the process at its high-water mark).
_ = mallopt(mallocMmapThreshold, 128 * 1024)
// Fixing that threshold also fixes the trim threshold at its 128 KB start: the heap's free top would go back to
// the system at every free above it. Mesa's llvmpipe allocates its scenes' 64 KB blocks anew for every render
// target it draws to and frees them after: with a group or a card flip on screen, the heap grew and shrank by
// megabytes each frame, every page faulted in again (up to 2,250 faults and 15 ms a frame instead of 6 ms).
// Up to 8 MB of free heap stays for the next frame; it never raises the high-water mark.
_ = mallopt(mallocTrimThreshold, 8 << 20)
// The worker threads (library reading, covers decoded ahead) make small, short-lived allocations: one heap
// serves them all, rather than an arena per thread that each keeps its own free pages.
_ = mallopt(mallocArenaMax, 1)
NowPlayingCommand.main()
// The run is over (the session saved, the window closed). The library's reader may still be reading a large library's
// tags on its thread: returning from main would run the C++ libraries' static destructors (TagLib's) under it, which
// crashed a quit during start-up with 10,000 tracks one time in four. What is buffered is written, and the process
// ends here.
fflush(nil)
_exit(0)

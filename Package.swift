// swift-tools-version:6.0
import Foundation
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

/// Whether lld is here (`ld.lld` beside `swift` or on the PATH, as swift.org's toolchains have it): the app's
/// binary is then linked by it (see the `nowplaying` target); else by the toolchain's default linker, as it is.
let hasLLD: Bool = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/ld.lld") }
}()

/// Whether this machine's C library loads packed relative relocations (DT_RELR, glibc 2.36: Debian 12, Ubuntu
/// 22.10): a binary that has them does not start on an older one.
let loadsPackedRelocations: Bool = {
    #if canImport(Glibc)
    var text = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return false }
    // "glibc 2.36"
    let version = String(cString: text).split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
    #else
    return false
    #endif
}()

/// How the app's binary is linked where lld is: its relative relocations packed (RELR: 9 KB to read and apply at
/// start-up instead of 1 MB) where the C library loads them, no symbols exported (nothing looks up the app's own
/// functions; unexported, unused ones are dropped), and in release builds the functions a session runs placed side
/// by side (the list is written by scripts/order-functions.sh), so the code the app touches fills fewer pages
/// (README, Performance).
let appLinking: [LinkerSetting] = hasLLD ? [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "--no-export-dynamic"] + (loadsPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []),
        .when(platforms: [.linux])
    ),
    .unsafeFlags(
        [
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/nowplaying/hot-functions.order",
            "-Xlinker", "--no-warn-symbol-ordering",
        ],
        .when(platforms: [.linux], configuration: .release)
    ),
] : []

let package = Package(
    name: "NowPlaying",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ViewKit", targets: ["ViewKit"]),
        .library(name: "Playback", targets: ["Playback"]),
        .executable(name: "nowplaying", targets: ["nowplaying"]),
        .executable(name: "nowplaying-bench", targets: ["nowplaying-bench"]),
        .executable(name: "viewkit-gallery", targets: ["viewkit-gallery"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev", "libsdl2-mixer-dev", "libtag1-dev"])]
        ),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // FFmpeg's headers only: the libraries are loaded (dlopen) when a file first needs them, not at start-up.
        .target(name: "CFFmpeg"),
        // The decoders SDL_mixer links already (MP3, Ogg Vorbis, Opus, FLAC; WAV and AIFF through libsndfile) and
        // the resampler SDL links (libsamplerate).
        .systemLibrary(
            name: "CAudioCodecs",
            pkgConfig: "opusfile",
            providers: [.apt(["libmpg123-dev", "libvorbis-dev", "libopusfile-dev", "libflac-dev", "libsndfile1-dev", "libsamplerate0-dev"])]
        ),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // The Unicode bidirectional algorithm (GNU FriBidi), for lines that mix right-to-left and left-to-right.
        .target(name: "CBidi", linkerSettings: [.linkedLibrary("fribidi")]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // zlib, for the tests that write PNGs row by row (huge ones, never committed as files).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CStatfs"),
        // PNG decoding at a reduced size: its per-pixel loop runs over every pixel of a picture (hundreds of
        // millions in a PNG bomb), so it is optimised in debug builds too.
        .target(name: "CPictureReduce", dependencies: ["CLibPNG"], cSettings: [.unsafeFlags(["-O2"])]),
        .target(name: "CResample", cSettings: [.unsafeFlags(["-O2"])]),
        .target(
            name: "CTagLib",
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [.linkedLibrary("tag"), .linkedLibrary("z"), .linkedLibrary("stdc++")]
        ),
        .target(name: "CSystemd", linkerSettings: [.linkedLibrary("systemd")]),
        // ALSA's library kept from printing its failures (the player says them in its own words).
        .target(name: "CQuietALSA"),
        // A PulseAudio stream of the player's own (large buffers it can drop, cork, rename and set the volume of).
        .target(name: "CPulse", linkerSettings: [.linkedLibrary("pulse")]),
        // The X server's own screen saver resumed after SDL 2.26 suspended it (SDL leaves it suspended for good).
        .target(name: "CX11ScreenSaver", dependencies: ["CSDL2"]),
        .target(name: "CX11Window", dependencies: ["CSDL2"]),
        // Locked, the lock every module shares values between threads with (ThreadSanitizer sees it).
        .target(name: "Locking"),
        .target(name: "ViewKit", dependencies: ["Locking", "CSDL2", "CX11ScreenSaver", "CX11Window", "CTurboJPEG", "CFontconfig", "CBidi", "CPictureReduce", "CLibWebP", "CResample", "CStatfs"]),
        .target(name: "Playback", dependencies: ["Locking", "CSDL2", "CTagLib", "CFFmpeg", "CAudioCodecs", "CPulse", "CQuietALSA"]),
        .target(
            name: "NowPlaying",
            dependencies: [
                "ViewKit", "Playback", "Locking", "CSystemd",
            ]
        ),
        // Linked as `appLinking` says.
        .executableTarget(name: "nowplaying", dependencies: ["NowPlaying"], exclude: ["hot-functions.order"], linkerSettings: appLinking),
        // A second program on ViewKit alone: the proof that the toolkit knows nothing of music.
        .executableTarget(name: "viewkit-gallery", dependencies: ["ViewKit"]),
        .executableTarget(
            name: "nowplaying-bench",
            dependencies: [
                "NowPlaying", "ViewKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The fuzz targets (LRC, M3U, saved session): a normal build replays inputs; scripts/fuzz.sh builds it alone
        // with -sanitize=fuzzer,address and -DFUZZING, where libFuzzer drives it.
        .executableTarget(name: "nowplaying-fuzz", dependencies: ["Playback"], path: "Fuzz", exclude: ["Corpus"]),
        // The tests read and write PNGs with SDL_image, linked (the app loads it when first needed).
        .testTarget(name: "ViewKitTests", dependencies: ["ViewKit", "CZlib", "Locking"], linkerSettings: [.linkedLibrary("SDL2_image")]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "Locking", "CSDL2"]),
        .testTarget(name: "NowPlayingTests", dependencies: ["NowPlaying", "ViewKit", "Playback", "Locking", "CSDL2"],
                    linkerSettings: [.linkedLibrary("SDL2_image")]),
    ]
)

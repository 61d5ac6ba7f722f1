// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "NowPlaying",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ViewKit", targets: ["ViewKit"]),
        .library(name: "Playback", targets: ["Playback"]),
        .executable(name: "nowplaying", targets: ["nowplaying"]),
        .executable(name: "nowplaying-bench", targets: ["nowplaying-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev", "libsdl2-mixer-dev", "libtag1-dev"])]
        ),
        .target(
            name: "CTagLib",
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [.linkedLibrary("tag"), .linkedLibrary("z"), .linkedLibrary("stdc++")]
        ),
        .target(name: "CSystemd", linkerSettings: [.linkedLibrary("systemd")]),
        .target(name: "ViewKit", dependencies: ["CSDL2"]),
        .target(name: "Playback", dependencies: ["CSDL2", "CTagLib"]),
        .target(
            name: "NowPlaying",
            dependencies: [
                "ViewKit", "Playback", "CSystemd",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "nowplaying", dependencies: ["NowPlaying"]),
        .executableTarget(
            name: "nowplaying-bench",
            dependencies: [
                "NowPlaying", "ViewKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(name: "ViewKitTests", dependencies: ["ViewKit"]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "CSDL2"]),
        .testTarget(name: "NowPlayingTests", dependencies: ["NowPlaying", "ViewKit", "Playback", "CSDL2"]),
    ]
)

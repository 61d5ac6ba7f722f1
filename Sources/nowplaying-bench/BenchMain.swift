import NowPlaying

/// Each scenario runs the app in a fresh process: this same binary, started as `nowplaying-bench --app …`,
/// runs exactly what `nowplaying …` runs (so `swift run nowplaying-bench` needs no other build).
@main
enum BenchMain {
    static func main() async {
        if CommandLine.arguments.dropFirst().first == BenchCommand.appFlag {
            NowPlayingCommand.main(Array(CommandLine.arguments.dropFirst(2)))
        } else {
            await BenchCommand.main()
        }
    }
}

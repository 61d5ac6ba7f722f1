import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

#if FUZZING
/// Built with `-sanitize=fuzzer` (scripts/fuzz.sh): libFuzzer's own `main` drives this, with the target named
/// by NOWPLAYING_FUZZ_TARGET (lyrics, playlist, state).
private let target = ProcessInfo.processInfo.environment["NOWPLAYING_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard let target else { fatalError("Set NOWPLAYING_FUZZ_TARGET to one of: lyrics, playlist, state") }
    target.run(Data(bytes: bytes, count: count))
    return 0
}
#else
/// A normal build replays inputs: `nowplaying-fuzz TARGET FILE…` runs the target on each file (a crash found
/// by the fuzzer, or a corpus), so a finding can be checked without the fuzzer's build.
@main
struct FuzzReplay {
    static func main() {
        let args = CommandLine.arguments.dropFirst()
        guard let name = args.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: nowplaying-fuzz lyrics|playlist|state FILE…")
            exit(2)
        }
        for file in args.dropFirst() {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("cannot read \(file)")
                exit(1)
            }
            target.run(data)
        }
        print("\(args.count - 1) input(s) ran through \(target.rawValue) without a fault")
    }
}
#endif

import ViewKit

/// The gallery's command line:
/// `viewkit-gallery [--headless] [--size WxH] [--page N] [--spin-for MS] [--screenshot FILE]`.
struct GalleryOptions {
    var headless = false
    var size = Size(width: 360, height: 640)
    /// The carousel page to open on (from 0).
    var page = 0
    /// Press the spin button, then let this many milliseconds of animation pass (on a virtual clock, 60
    /// frames a second) before the screenshot.
    var spinFor: Int?
    /// Draw one frame, write it as a PNG here and quit.
    var screenshot: String?

    static let usage = "usage: viewkit-gallery [--headless] [--size WxH] [--page N] [--spin-for MS] [--screenshot FILE]"

    /// Reads the arguments (without the program's name); nil when they make no sense.
    init?(_ arguments: [String]) {
        var rest = arguments[...]
        while let arg = rest.popFirst() {
            switch arg {
            case "--headless": headless = true
            case "--size":
                let parts = rest.popFirst()?.split(separator: "x").compactMap { Double($0) } ?? []
                guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else { return nil }
                size = Size(width: parts[0], height: parts[1])
            case "--page":
                guard let n = rest.popFirst().flatMap({ Int($0) }), n >= 0 else { return nil }
                page = n
            case "--spin-for":
                guard let ms = rest.popFirst().flatMap({ Int($0) }), ms >= 0 else { return nil }
                spinFor = ms
            case "--screenshot":
                guard let path = rest.popFirst() else { return nil }
                screenshot = path
            default: return nil
            }
        }
    }
}

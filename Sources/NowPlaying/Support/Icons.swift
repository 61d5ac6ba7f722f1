import Locking
import ViewKit

/// The app's vector icons, loaded once at start-up.
@MainActor
public struct Icons {
    public let play, pause, next, previous, shuffle, repeatAll, repeatOne, sliderThumb, sliderThumbHighlighted, chevronDown: Image

    /// The icons' files, read and rasterised on a worker while the window opens (SDL_image's SVG rasteriser
    /// takes milliseconds the interface thread would otherwise spend before the first frame).
    public typealias Decoding = Pending<Result<[String: DecodedImage], ImageError>>

    private nonisolated static let names = ["play", "pause", "next", "previous", "shuffle", "repeat", "repeat-one", "slider-thumb",
                                "slider-thumb-highlighted", "chevron-down"]

    /// Begins decoding the icons' files on a worker.
    public nonisolated static func decode(resources: AppResources) -> Decoding {
        Pending {
            Result { () throws(ImageError) in
                var pictures: [String: DecodedImage] = [:]
                for name in names { pictures[name] = try DecodedImage(contentsOfFile: resources.icon(name)) }
                return pictures
            }
        }
    }

    /// The icons decoded by `decoding` (waiting for it); throws what stopped it.
    public init(_ decoding: Decoding) throws {
        let pictures = try decoding.wait().get()
        func image(_ name: String) -> Image { Image(decoded: pictures[name]!) }
        play = image("play")
        pause = image("pause")
        next = image("next")
        previous = image("previous")
        shuffle = image("shuffle")
        repeatAll = image("repeat")
        repeatOne = image("repeat-one")
        sliderThumb = image("slider-thumb")
        sliderThumbHighlighted = image("slider-thumb-highlighted")
        chevronDown = image("chevron-down")
    }
}

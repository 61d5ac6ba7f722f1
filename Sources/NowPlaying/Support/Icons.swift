import Locking
import ViewKit

/// The app's vector icons, loaded once at start-up.
@MainActor
public struct Icons {
    public let play, pause, next, previous, shuffle, repeatAll, repeatOne, sliderThumb, sliderThumbHighlighted, chevronDown: Image

    /// The icons' files (`Assets/Icons/<name>.svg`).
    enum Name: String, CaseIterable, Sendable {
        case play, pause, next, previous, shuffle
        case repeatAll = "repeat", repeatOne = "repeat-one"
        case sliderThumb = "slider-thumb", sliderThumbHighlighted = "slider-thumb-highlighted"
        case chevronDown = "chevron-down"
    }

    /// The icons' files read and decoded (each SVG parsed and measured, rasterised small for its colour) on a
    /// worker begun while the window opens, rather than on the interface thread before the first frame; each is
    /// rasterised at its size when first drawn. With a cache, the rasters are kept there: later runs read them
    /// instead, without SDL_image.
    public typealias Decoding = Pending<Result<[String: DecodedImage], ImageError>>

    /// Begins decoding the icons' files on a worker, their rasters kept in `cache` (if any) between runs.
    public nonisolated static func decode(resources: AppResources, cache: PictureCache?) -> Decoding {
        Pending {
            Result { () throws(ImageError) in
                var pictures: [String: DecodedImage] = [:]
                for name in Name.allCases {
                    pictures[name.rawValue] = try DecodedImage(contentsOfFile: resources.icon(name.rawValue), cache: cache, keepsVectorRasters: true)
                }
                return pictures
            }
        }
    }

    /// The icons decoded by `decoding` (waiting for it); throws what stopped it.
    public init(_ decoding: Decoding) throws {
        let pictures = try decoding.wait().get()
        func image(_ name: Name) -> Image { Image(decoded: pictures[name.rawValue]!) }
        play = image(.play)
        pause = image(.pause)
        next = image(.next)
        previous = image(.previous)
        shuffle = image(.shuffle)
        repeatAll = image(.repeatAll)
        repeatOne = image(.repeatOne)
        sliderThumb = image(.sliderThumb)
        sliderThumbHighlighted = image(.sliderThumbHighlighted)
        chevronDown = image(.chevronDown)
    }
}

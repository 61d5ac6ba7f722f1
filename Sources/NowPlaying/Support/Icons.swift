import ViewKit

/// The app's vector icons, loaded once at start-up.
@MainActor
public struct Icons {
    public let play, pause, next, previous, shuffle, repeatAll, repeatOne, sliderThumb, sliderThumbHighlighted, chevronDown: Image

    public init(resources: AppResources) throws {
        func load(_ name: String) throws -> Image { try Image(contentsOfFile: resources.icon(name)) }
        play = try load("play")
        pause = try load("pause")
        next = try load("next")
        previous = try load("previous")
        shuffle = try load("shuffle")
        repeatAll = try load("repeat")
        repeatOne = try load("repeat-one")
        sliderThumb = try load("slider-thumb")
        sliderThumbHighlighted = try load("slider-thumb-highlighted")
        chevronDown = try load("chevron-down")
    }
}

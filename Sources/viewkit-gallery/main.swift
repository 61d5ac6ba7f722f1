import FoundationEssentials
import Glibc
import ViewKit

// A second program on ViewKit, which knows nothing of music: a gallery of its views, gestures and
// animations. q or closing the window quits.

guard let options = GalleryOptions(Array(CommandLine.arguments.dropFirst())) else {
    print(GalleryOptions.usage)
    exit(2)
}

/// The repository's fonts, found from this source file's place (an example run from its source tree).
let fontsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fonts")
let fonts = FontLibrary(faces: [
    .regular: fontsFolder.appendingPathComponent("Inter-Regular.otf").path,
    .bold: fontsFolder.appendingPathComponent("Inter-Bold.otf").path,
])

do {
    // A screenshot is taken on a virtual clock, so it shows the same frame every run.
    let clock = options.screenshot != nil ? ManualClock() : nil
    let app = try Application(configuration: .init(title: "ViewKit gallery", size: options.size,
                                                   headless: options.headless, fonts: fonts), clock: clock)
    let gallery = GalleryView()
    app.window.contentView = gallery
    try gallery.load(pictures: GeneratedPicture.skies.count)
    app.window.layoutIfNeeded()
    gallery.open(page: options.page)
    app.onKey = { key in if key.name == "q" { app.quit() } }
    if let path = options.screenshot, let clock {
        app.turn(blocking: false)
        if let ms = options.spinFor {
            gallery.spinButton.sendActions(for: .touchUpInside)
            for _ in 0..<Int((Double(ms) * 60 / 1000).rounded()) {
                clock.advance(by: 1.0 / 60)
                app.turn(blocking: false)
            }
        }
        try app.saveScreenshot(to: path)
    } else {
        app.run()
    }
} catch {
    print("viewkit-gallery: \(error)")
    exit(1)
}

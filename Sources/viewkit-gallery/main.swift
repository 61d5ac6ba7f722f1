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
    let app = try Application(configuration: .init(title: "ViewKit gallery", size: options.size,
                                                   headless: options.headless, fonts: fonts))
    let gallery = GalleryView()
    app.window.contentView = gallery
    try gallery.load(pictures: GeneratedPicture.skies.count)
    app.window.layoutIfNeeded()
    gallery.open(page: options.page)
    app.onKey = { key in if key.name == "q" { app.quit() } }
    if let path = options.screenshot {
        app.turn(blocking: false)
        try app.saveScreenshot(to: path)
    } else {
        app.run()
    }
} catch {
    print("viewkit-gallery: \(error)")
    exit(1)
}

import Foundation
import Playback
import Testing
@testable import ViewKit
@testable import NowPlaying

/// Issues 13 (defect 6) and 18: the first track's cover is decoded on the library reader's thread while the
/// window opens, at the size the card draws it, and the first frame takes it: no picture is read on the main
/// thread before the first frame, and what it shows is what decoding it then would have shown.
@MainActor
struct EarlyCoverTests {
    /// An album of `tracks` MP3s whose embedded covers are `side` px JPEGs.
    private func album(tracks: Int, side: Int) throws -> String {
        let folder = NSTemporaryDirectory() + "np-early-cover-\(UUID().uuidString)"
        try LargeCoverLibrary.write(tracks: tracks, side: side, audio: try AppResources.locate().demoAlbum + "/02-paper-satellites.mp3",
                                    to: folder)
        return folder
    }

    @Test func theFirstCoverIsDecodedWhileTheWindowOpensAndTakenByTheFirstFrame() throws {
        let folder = try album(tracks: 3, side: 1200)
        var options = headlessOptions(size: Size(width: 375, height: 667))
        options.paths = [folder]
        let log = ReadLog()
        let a = try ReadLog.$current.withValue(log) { try NowPlayingApp(options: options) }
        ReadLog.$current.withValue(log) { a.application.drawIfNeeded() }
        let first = folder + "/01 Large Cover.mp3"
        let pictureReads = log.reads.filter { $0.path == first && $0.fields.contains(.picture) }
        #expect(pictureReads.count == 1, "its picture read once: \(pictureReads)")
        #expect(pictureReads.allSatisfy { !$0.onMainThread }, "on the reader's thread, not the main one")
        // Taken at the carousel's size: the first frame drew it from the level decoded for it (the 375 × 667
        // window's carousel is 307 px; the 1200 px JPEG is decoded at a reduced scale for it).
        let cover = try #require(a.controller.cover(for: 0))
        let side = a.view.carousel.bounds.height
        #expect(a.application.renderer.hasTexture(for: cover, pixelSize: Size(width: side, height: side)))
    }

    /// A 375 × 667 window's reading of `folder` begun as the app begins it (with a cover loader, on the library
    /// or not), once its first part is handed over: the queue, the loader, what was read, and the window.
    private func startReading(_ folder: String, onLibrary: Bool, log: ReadLog) throws -> (StartingQueue, CoverLoader, Application) {
        let resources = try AppResources.locate()
        let folders = FolderListings(), state = NSTemporaryDirectory() + "np-state-\(UUID().uuidString)"
        var reading: StartingQueue.Reading?
        var loader: CoverLoader?
        let app = try ReadLog.$current.withValue(log) {
            try Application(configuration: .init(title: "reading", size: Size(width: 375, height: 667), headless: true,
                                                 fonts: resources.fontLibrary), clock: ManualClock()) { opening in
                loader = CoverLoader(mainLoop: opening.mainLoop, folders: folders)
                reading = StartingQueue.Reading(paths: [folder], stateDirectory: state, mayKeepAside: false, demo: resources.demoAlbum,
                                                opening: opening, cover: EarlyCover(), coverLoader: loader, onLibrary: onLibrary,
                                                folders: folders) { _ in }
            }
        }
        return (StartingQueue(try #require(reading)), try #require(loader), app)
    }

    /// Once the first track's cover is decoded, the covers beside it are decoded by the cover loader's worker, asked
    /// before the queue is handed over (while the window opens), at the carousel's pixel size (307 px at 375 × 667):
    /// the first frame shows their edges (the next one's at 375 × 667, both when the saved track is mid-album)
    /// rather than placeholders they replace a frame or more later (found by a tester: 35–80 ms after it).
    @Test func theCoversBesideTheFirstAreDecodedWhileTheWindowOpens() throws {
        let folder = try album(tracks: 3, side: 600)
        let log = ReadLog()
        let (start, loader, app) = try startReading(folder, onLibrary: false, log: log)
        #expect(start.tracks.count == 3 && start.index == 0)
        loader.waitForWorker()
        let carousel = Size(width: 307, height: 307)
        guard case .picture? = loader.take(folder + "/02 Large Cover.mp3", pixelSize: carousel) else {
            Issue.record("the next cover decoded ahead at the carousel's size")
            return
        }
        #expect(loader.take(folder + "/03 Large Cover.mp3", pixelSize: carousel) == nil, "only the covers beside it")
        #expect(log.reads.filter { $0.onMainThread && $0.fields.contains(.picture) }.isEmpty)
        _ = app
    }

    /// The app's cells take what the worker decoded: once it is done, cells made anew show it, read once, off the
    /// main thread; the covers decoded ahead nobody took are dropped once the first frame is up.
    @Test func cellsTakeTheCoversTheWorkerDecoded() throws {
        let folder = try album(tracks: 3, side: 600)
        var options = headlessOptions(size: Size(width: 375, height: 667))
        options.paths = [folder]
        options.decodesCoversAhead = true
        let log = ReadLog()
        let a = try ReadLog.$current.withValue(log) { try NowPlayingApp(options: options) }
        let loader = try #require(a.controller.coverLoader)
        loader.waitForWorker()
        ReadLog.$current.withValue(log) {
            a.view.carousel.reloadData()
            a.application.drawIfNeeded()
        }
        let cell = try #require(a.view.carousel.visibleCells.first { a.view.carousel.indexPath(for: $0)?.item == 1 } as? CoverCell,
                                "the next cover is partly on screen beside the centred one")
        #expect(cell.coverImageView.image != nil, "drawn, not its placeholder")
        let reads = log.reads.filter { $0.path == a.session.tracks[1].path && $0.fields.contains(.picture) }
        #expect(reads.count == 1 && reads.allSatisfy { !$0.onMainThread }, "read once, by the worker: \(reads)")
        a.controller.isFirstFrameShown = true
        loader.waitForWorker()
        a.advanceFrame()
        #expect(loader.pending == 0, "nothing is kept for nobody")
    }

    /// Started on the library, the thumbnails of its first screen are asked of the cover loader's worker before
    /// the queue is handed over (they came one by one, grey boxes for 20–35 ms after the first frame): 667 pt hold
    /// 11 rows of 64 pt; the first is the first track's (its cover the early one), the ten after it are decoded
    /// ahead at the thumbnail's 48 px, none on the main thread.
    @Test func startingOnTheLibraryItsFirstScreenOfThumbnailsIsDecodedWhileTheWindowOpens() throws {
        let folder = try album(tracks: 14, side: 64)
        let log = ReadLog()
        let (start, loader, app) = try startReading(folder, onLibrary: true, log: log)
        #expect(start.tracks.count == 14)
        loader.waitForWorker()
        let thumbnail = Size(width: 48, height: 48)
        for track in 2...11 {
            guard case .picture? = loader.take(folder + String(format: "/%02d Large Cover.mp3", track), pixelSize: thumbnail) else {
                Issue.record("track \(track)'s thumbnail decoded ahead")
                continue
            }
        }
        #expect(loader.take(folder + "/12 Large Cover.mp3", pixelSize: thumbnail) == nil, "not beyond the first screen")
        #expect(log.reads.filter { $0.onMainThread && $0.fields.contains(.picture) }.isEmpty)
        loader.dropUnclaimed()
        #expect(loader.pending == 0, "what nobody took is dropped (the next cover, decoded at the carousel's size)")
        _ = app
    }

    @Test func aCoverDecodedForAnotherSizeIsNotTaken() throws {
        let folder = try album(tracks: 1, side: 64)
        let path = folder + "/01 Large Cover.mp3"
        let early = EarlyCover()
        early.plan(path, pixelSize: Size(width: 300, height: 300))
        early.decode(folders: FolderListings())
        #expect(early.take(path, pixelSize: Size(width: 311, height: 311)) == nil, "another size")
        let other = EarlyCover()
        other.plan(path, pixelSize: Size(width: 300, height: 300))
        other.decode(folders: FolderListings())
        #expect(other.take(folder + "/02.mp3", pixelSize: Size(width: 300, height: 300)) == nil, "another track")
        let same = EarlyCover()
        same.plan(path, pixelSize: Size(width: 300, height: 300))
        // Asked for before it is decoded, it is waited for.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { same.decode(folders: FolderListings()) }
        guard case .picture(let picture)? = same.take(path, pixelSize: Size(width: 300, height: 300)) else {
            Issue.record("the same track at the same size is taken")
            return
        }
        #expect(picture.size == Size(width: 64, height: 64))
        #expect(same.take(path, pixelSize: Size(width: 300, height: 300)) == nil, "and given once")
    }

    /// The cover is planned once: the likely first track's, decoded beside the tags, or else the first track's
    /// once read. Whoever planned first decodes it; a later plan neither replaces it nor decodes.
    @Test func onlyTheFirstPlanDecodes() throws {
        let folder = try album(tracks: 2, side: 64)
        let (first, second) = (folder + "/01 Large Cover.mp3", folder + "/02 Large Cover.mp3")
        let size = Size(width: 300, height: 300)
        let early = EarlyCover()
        #expect(early.plan(first, pixelSize: size), "the first plan: its caller decodes")
        #expect(!early.plan(second, pixelSize: size), "a later plan: nothing to do")
        let log = ReadLog()
        ReadLog.$current.withValue(log) { early.decode(folders: FolderListings()) }
        #expect(log.reads.map(\.path) == [first], "the first plan's cover read, once")
        #expect(early.take(second, pixelSize: size) == nil, "another track's cover is not given for it")
        let guessed = EarlyCover()
        guessed.plan(first, pixelSize: size)
        guessed.decode(folders: FolderListings())
        guard case .picture? = guessed.take(first, pixelSize: size) else {
            Issue.record("the planned cover is taken by the first frame drawing it")
            return
        }
    }

    /// A wrong guess (the first file by name holds another track than the first by tags) is replaced by the
    /// first track once the tags are read, and that one is decoded too: the first frame takes the right cover
    /// off the main thread. A right guess is kept, and not decoded twice.
    @Test func theFirstTrackReplacesAWrongGuess() throws {
        let folder = try album(tracks: 2, side: 64)
        let (guess, first) = (folder + "/01 Large Cover.mp3", folder + "/02 Large Cover.mp3")
        let size = Size(width: 300, height: 300)
        let early = EarlyCover()
        let log = ReadLog()
        ReadLog.$current.withValue(log) {
            #expect(early.plan(guess, pixelSize: size))
            early.decode(folders: FolderListings())
            #expect(early.plan(first, pixelSize: size, replacing: true), "the first track replaces the guess")
            early.decode(folders: FolderListings())
        }
        #expect(log.reads.map(\.path) == [guess, first])
        #expect(early.take(guess, pixelSize: size) == nil, "the guess is not given for the first track")
        let again = EarlyCover()
        again.plan(guess, pixelSize: size)
        again.decode(folders: FolderListings())
        again.plan(first, pixelSize: size, replacing: true)
        again.decode(folders: FolderListings())
        guard case .picture? = again.take(first, pixelSize: size) else {
            Issue.record("the first track's cover is taken")
            return
        }
        again.waitForDecode()
        let right = EarlyCover()
        #expect(right.plan(first, pixelSize: size))
        #expect(!right.plan(first, pixelSize: size, replacing: true), "a right guess stays, decoded once")
        right.decode(folders: FolderListings())
        #expect(right.take(first, pixelSize: size) != nil)
        #expect(right.take(first, pixelSize: size) == nil, "given once")
    }

    /// Asked for before the reader chose it, the cover is decoded where it is asked for, and the reader does
    /// not decode it too.
    @Test func aCoverAskedForFirstIsNotDecodedAgainByTheReader() throws {
        let folder = try album(tracks: 1, side: 64)
        let path = folder + "/01 Large Cover.mp3"
        let early = EarlyCover()
        #expect(early.take(path, pixelSize: Size(width: 300, height: 300)) == nil)
        let log = ReadLog()
        ReadLog.$current.withValue(log) {
            early.plan(path, pixelSize: Size(width: 300, height: 300))
            early.decode(folders: FolderListings())
        }
        #expect(log.reads.isEmpty, "nothing read: \(log.reads)")
    }

    /// Issue 13 (4000 px covers within the demo album's budget): a large cover a run before kept a small copy of is
    /// read from the copy while the track is unchanged; nothing of the track is read (its picture is megabytes to read
    /// and hash), and what comes is what decoding the picture gives.
    @Test func aKeptCoverIsTakenWithoutReadingTheTrack() throws {
        let folder = try album(tracks: 1, side: 2400)
        let pictures = NSTemporaryDirectory() + "np-pictures-\(UUID().uuidString)"
        defer { for dir in [folder, pictures] { try? FileManager.default.removeItem(atPath: dir) } }
        let track = folder + "/01 Large Cover.mp3"
        func load(_ cache: PictureCache?) throws -> (DecodedImage, [ReadLog.Entry]) {
            let log = ReadLog()
            let outcome = ReadLog.$current.withValue(log) {
                CoverLoader.load(track, preparingFor: Size(width: 307, height: 307), folders: FolderListings(), pictures: cache)
            }
            let image: DecodedImage? = if case .picture(let image) = outcome { image } else { nil }
            return (try #require(image, "no picture: \(outcome)"), log.reads)
        }
        let (plain, _) = try load(nil)
        // (The album was written just now: remembered all the same.)
        let (_, firstReads) = try load(PictureCache(directory: pictures, settleTime: 0))
        #expect(firstReads.contains { $0.path == track && $0.fields.contains(.picture) }, "the first run reads it: \(firstReads)")
        let (kept, reads) = try load(PictureCache(directory: pictures, settleTime: 0))
        #expect(reads.isEmpty, "nothing of the track read: \(reads)")
        #expect(kept.size == plain.size && kept.keptCopy == plain.keptCopy && kept.averageColor == plain.averageColor)
        let a = try #require(kept.level?.surface), b = try #require(plain.level?.surface)
        #expect(a.width == b.width && a.height == b.height && a.pixel(x: a.width / 3, y: a.height / 2) == b.pixel(x: b.width / 3, y: b.height / 2))
    }

    /// A large cover beside the track is found from the picture file as it is, and a new picture put in its place
    /// (renamed over it, as an editor saves, or written over it in place) is shown at the next look, not the copy
    /// kept of the old one.
    @Test func aCoverBesideTheTrackReplacedIsShownAnew() throws {
        let folder = NSTemporaryDirectory() + "np-beside-\(UUID().uuidString)"
        let pictures = NSTemporaryDirectory() + "np-pictures-\(UUID().uuidString)"
        defer { for dir in [folder, pictures] { try? FileManager.default.removeItem(atPath: dir) } }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let track = folder + "/01 Lantern Bay.opus"
        try FileManager.default.copyItem(atPath: try AppResources.locate().demoAlbum + "/07-lantern-bay.opus", toPath: track)
        let cover = folder + "/cover.jpg"
        func load() throws -> DecodedImage {
            let outcome = CoverLoader.load(track, preparingFor: Size(width: 307, height: 307), folders: FolderListings(),
                                           pictures: PictureCache(directory: pictures, settleTime: 0))
            let image: DecodedImage? = if case .picture(let image) = outcome { image } else { nil }
            return try #require(image, "no picture: \(outcome)")
        }
        var shown: [Color] = []
        for (seed, how) in [(1, "first"), (1, "again"), (2, "renamed over it"), (3, "written over it in place")] {
            let bytes = try LargeCoverLibrary.cover(side: 2400, seed: seed, format: .jpeg)
            switch how {
            case "first": try Data(bytes).write(to: URL(fileURLWithPath: cover))
            case "renamed over it": try Data(bytes).write(to: URL(fileURLWithPath: cover), options: .atomic)
            case "written over it in place": try Data(bytes).write(to: URL(fileURLWithPath: cover))
            default: break
            }
            let image = try load()
            let plain = try DecodedImage(bytes: bytes, name: cover, preparingFor: Size(width: 307, height: 307))
            #expect(image.averageColor == plain.averageColor && image.keptCopy == plain.keptCopy, "\(how): the picture there now")
            shown.append(image.averageColor)
        }
        #expect(Set(shown.map(\.red)).count == 3, "three pictures, three colours: \(shown)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures).filter { $0.hasSuffix(".src") }.count == 1)
    }

    /// A picture beside the track that is no picture is said as one inside a track is: in the app's words, its
    /// reason in parentheses (left to stderr by the banner), not "Cannot read image …: reason" (a tester).
    @Test func aJunkCoverBesideTheTrackIsSaidPlainly() throws {
        let (folder, outcome) = try coverBesideATrack(Array("not a picture at all".utf8))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let said: String? = if case .unreadable(let line) = outcome { line } else { nil }
        let line = try #require(said, "\(outcome)")
        #expect(line.hasPrefix("The picture \(folder)/cover.jpg cannot be read (") && line.hasSuffix("); using a placeholder."), "\(line)")
        let folderName = URL(fileURLWithPath: folder).lastPathComponent
        #expect(MessageBanner.onScreen(line) == "The picture …/\(folderName)/cover.jpg cannot be read; using a placeholder.")
    }

    /// A cover.jpg cut short (a download that stopped) is shown as far as it goes, grey below, and said so: in the
    /// app's words, libjpeg-turbo's in parentheses left to stderr.
    @Test func aCoverCutShortIsShownAndSaid() throws {
        let bytes = try LargeCoverLibrary.cover(side: 600, seed: 4, format: .jpeg)
        let (folder, outcome) = try coverBesideATrack(Array(bytes.prefix(bytes.count / 2)))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let said: (DecodedImage, String)? = if case .damaged(let picture, let line) = outcome { (picture, line) } else { nil }
        let (picture, line) = try #require(said, "\(outcome)")
        #expect(picture.size == Size(width: 600, height: 600))
        #expect(line.hasPrefix("The picture \(folder)/cover.jpg is cut short (") && line.hasSuffix("): part of it shows grey."), "\(line)")
        let folderName = URL(fileURLWithPath: folder).lastPathComponent
        #expect(MessageBanner.onScreen(line) == "The picture …/\(folderName)/cover.jpg is cut short: part of it shows grey.")
    }

    /// A track of the demo album alone in a new folder with `cover` as its cover.jpg, and what loading its cover
    /// finds (the caller removes the folder).
    private func coverBesideATrack(_ cover: [UInt8]) throws -> (folder: String, outcome: CoverLoader.Outcome) {
        let folder = NSTemporaryDirectory() + "np-cover-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let track = folder + "/01 Lantern Bay.opus"
        try FileManager.default.copyItem(atPath: try AppResources.locate().demoAlbum + "/07-lantern-bay.opus", toPath: track)
        try Data(cover).write(to: URL(fileURLWithPath: folder + "/cover.jpg"))
        return (folder, CoverLoader.load(track, preparingFor: Size(width: 307, height: 307), folders: FolderListings(), pictures: nil))
    }
}

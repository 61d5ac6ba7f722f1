import Foundation
import Testing
@testable import Playback

/// M4A (AAC, ALAC), WMA and WavPack, made by ffmpeg from a 441 Hz sine, played through SDL's disk driver: the right
/// pitch and length come out, and TagLib reads their tags and cover.
@MainActor
@Suite(.serialized)
final class FormatTests {
    let scratch = Scratch()
    var capture: DiskCapture { DiskCapture(output: scratch.path("out.raw")) }
    var fixtures: EncodedFixtures { EncodedFixtures(scratch: scratch) }
    let tags = ["title": "Sine Title", "artist": "Tone Artist", "album": "Formats Album"]

    nonisolated static let formats: [(name: String, codec: [String])] = [
        ("aac.m4a", ["-c:a", "aac", "-b:a", "192k"]),
        ("alac.m4a", ["-c:a", "alac"]),
        ("wma.wma", ["-c:a", "wmav2", "-b:a", "192k"]),
        // WavPack (APEv2 tags; ffmpeg's muxer embeds no picture, so no cover to compare).
        ("wavpack.wv", ["-c:a", "wavpack"]),
    ]

    /// Rising zero crossings per second over `frames` (left channel).
    private func frequency(_ frames: ArraySlice<(Int16, Int16)>) -> Double {
        var crossings: [Int] = []
        var previous = frames.first!.0
        for i in frames.indices.dropFirst() {
            if previous < 0 && frames[i].0 >= 0 { crossings.append(i) }
            previous = frames[i].0
        }
        return Double(crossings.count - 1) / (Double(crossings.last! - crossings.first!) / 44100)
    }

    /// The album's artist (ID3 TPE2, Vorbis and FLAC ALBUMARTIST, MP4 aART), which ffmpeg writes from
    /// `album_artist`: a compilation's tracks have their own artists and one album artist.
    @Test(arguments: [("a.mp3", ["-c:a", "libmp3lame"]), ("a.ogg", ["-c:a", "libvorbis"]), ("a.flac", ["-c:a", "flac"]),
                      ("a.m4a", ["-c:a", "aac"])])
    func theAlbumArtistIsRead(name: String, codec: [String]) throws {
        let path = try fixtures.sine(name, codec: codec, seconds: 0.2, withCover: false,
                                     tags: ["artist": "One Singer", "album_artist": "Various Quiet Artists"])
        let track = try #require(Library.load([path]).tracks.first)
        #expect(track.artist == "One Singer")
        #expect(track.albumArtist == "Various Quiet Artists")
    }

    /// A WAV file's tags are in its RIFF INFO chunk (ffmpeg, Windows and rippers write them there): its rows show its
    /// title, artist and album, not its file name (TagLib 1.13's WAV tag is the ID3v2 tag alone; a tester found rows
    /// reading "wav 11 0 / Unknown Artist" while the card, from libsndfile, showed the title).
    @Test func aWAVsInfoTagsAreRead() throws {
        let path = try fixtures.sine("tagged.wav", codec: ["-c:a", "pcm_s16le"], seconds: 0.2, withCover: false, tags: tags)
        let track = try #require(Library.load([path]).tracks.first)
        #expect([track.title, track.artist, track.album] == ["Sine Title", "Tone Artist", "Formats Album"])
    }

    /// A track known only by its file name takes the title its stream names once the file is open (the open
    /// is on a worker), and the app is told, so the card shows it.
    @Test func theStreamsOwnTitleIsShownOnceTheFileIsOpen() throws {
        let path = try fixtures.sine("x.ogg", codec: ["-c:a", "libvorbis"], seconds: 0.2, withCover: false,
                                     tags: ["title": "Stream Title"])
        let session = PlaybackSession(tracks: [Track(path: path, tags: nil)], player: try capture.player(), seed: 1)
        var changes: [String] = []
        session.onTrackChange = { changes.append(session.tracks[$0].title) }
        session.start(at: 0, playing: false)
        session.finishLoading()
        #expect(changes == ["x", "Stream Title"])
    }

    @Test(arguments: FormatTests.formats.map(\.name))
    func playsAtTheRightPitchAndLengthWithTagsAndCover(name: String) throws {
        let codec = FormatTests.formats.first { $0.name == name }!.codec
        let hasCover = !name.hasSuffix(".wv")
        let path = try fixtures.sine(name, codec: codec, withCover: hasCover && !name.hasSuffix(".wma"), tags: tags)
        if name.hasSuffix(".wma") { try fixtures.embedWMACover(in: path) }

        let loaded = Library.load([path])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let track = try #require(loaded.tracks.first)
        #expect(track.title == "Sine Title" && track.artist == "Tone Artist" && track.album == "Formats Album")
        let cover = try Data(contentsOf: URL(fileURLWithPath: try fixtures.cover()))
        if hasCover {
            #expect(CoverArt.find(for: path, folders: FolderListings()) == .embedded(Array(cover)), "the embedded PNG, byte for byte")
        }

        let player = try capture.player()
        try player.loadNow(path)
        #expect(abs(player.duration - 3) < 0.03, "duration \(player.duration)")
        player.play()
        let end = Date().addingTimeInterval(60)
        while player.isStreamActive && Date() < end { Thread.sleep(forTimeInterval: 0.01) }
        #expect(player.handleFinishedEvent() == .ended, "the track ran out")
        #expect(capture.waitForFrames(capture.frameCount + 4096))
        let frames = capture.captured()
        let first = try #require(frames.firstIndex { abs(Int($0.0)) > 2 })
        let last = try #require(frames.lastIndex { abs(Int($0.0)) > 2 })
        let heard = Double(last - first) / 44100
        // FFmpeg's WMA encoder leaves out the last partial 2048-sample block (ASF has no padding field), so
        // there the reference is what the ffmpeg tool itself decodes from the file.
        let encoded = name.hasSuffix(".wma") ? try fixtures.decodedSeconds(path) : 3
        #expect(abs(heard - encoded) < 0.01, "\(heard) s of sound, \(encoded) s encoded")
        try #require(last - first > 3 * 44100 - 22050, "too short to measure the pitch")
        let pitch = frequency(frames[(first + 22050)..<(first + 3 * 44100 - 22050)])
        #expect(abs(pitch - 441) < 0.5, "\(pitch) Hz, 441 Hz encoded")
    }

    /// MIDI, which SDL_mixer renders whole (FluidSynth with the General MIDI soundfont, or its Timidity):
    /// a file of one two-second note at 120 bpm plays as about two seconds of sound.
    @Test func aMIDIFilePlays() throws {
        let path = scratch.path("note.mid")
        try Data(Self.organNote).write(to: URL(fileURLWithPath: path))
        let player = try capture.player()
        try player.loadNow(path)
        player.play()
        let end = Date().addingTimeInterval(60)
        while player.isStreamActive && Date() < end { Thread.sleep(forTimeInterval: 0.01) }
        #expect(capture.waitForFrames(capture.frameCount + 4096))
        let frames = capture.captured()
        let first = try #require(frames.firstIndex { abs(Int($0.0)) > 64 }, "the note sounds")
        let last = try #require(frames.lastIndex { abs(Int($0.0)) > 64 })
        let heard = Double(last - first) / 44100
        // The note sounds for its two seconds, then decays for a while (the soundfont's release).
        #expect(heard > 1.9 && heard < 4, "\(heard) s of sound, \(frames.count) frames, duration \(player.duration)")
    }

    /// A damaged MIDI file (cut short, or its track garbage after a good header) is refused with a reason, as
    /// any damaged file is: SDL_mixer "loads" it as no sound at all, which would play as a track of nothing.
    @Test(arguments: ["truncated", "garbage"])
    func aDamagedMIDIFileIsRefused(_ damage: String) throws {
        // Garbage: the same bytes every run (a multiplicative sequence).
        let bytes = damage == "truncated" ? Array(Self.organNote.prefix(20))
            : Array(Self.organNote.prefix(14)) + (0..<400).map { UInt8(truncatingIfNeeded: $0 &* 197 &+ 89) }
        let path = scratch.path("\(damage).mid")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PlayerError.self, "\(damage) MIDI") { _ = try DecoderBackend.open(path, with: DecoderBackend.all) }
        #expect(error.map { "\($0)".contains("no sound in it") } == true, "refused as holding no sound: \(String(describing: error))")
    }

    /// One two-second organ note at 120 bpm, as a standard MIDI file.
    static let organNote: [UInt8] = {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        // Division 96 ticks a quarter note; 120 bpm (the default tempo): 4 quarters = 384 ticks = 2 s.
        let events: [UInt8] = [0x00, 0xC0, 19,                  // program 19: church organ (it holds, as a piano does not)
                               0x00, 0x90, 60, 100,             // note on, middle C
                               0x83, 0x00, 0x80, 60, 0,         // 384 ticks later: note off
                               0x00, 0xFF, 0x2F, 0x00]          // end of track
        return Array("MThd".utf8) + be32(6) + [0, 0, 0, 1, 0, 96] + Array("MTrk".utf8) + be32(events.count) + events
    }()

    /// SDL_mixer is loaded only when needed (MIDI, or the sound through SDL): where it is missing, that is said
    /// in plain words.
    @Test func aMissingSDLMixerIsNamed() throws {
        guard case .failure(let error) = MixerLibrary.open(scratch.path("no-mixer-here/libSDL2_mixer-2.0.so.0")) else {
            Issue.record("SDL_mixer loaded from an empty folder")
            return
        }
        #expect(error.reason.hasPrefix("SDL_mixer is not installed: "), "\(error.reason)")
        #expect(error.reason.contains("libSDL2_mixer-2.0.so.0"), "\(error.reason)")
    }

    @Test func aBuildWithoutFFmpegSaysWhatTheFileIs() throws {
        let path = try fixtures.sine("song.m4a", codec: ["-c:a", "aac"], seconds: 0.5, withCover: false)
        let player = try capture.player(backends: [.mixer])
        #expect(throws: PlayerError.self) { try player.loadNow(path) }
        do { try player.loadNow(path) } catch {
            #expect("\(error)" == "song.m4a is AAC in an M4A file, which this build cannot decode.")
        }
        let wma = try fixtures.sine("song.wma", codec: ["-c:a", "wmav2"], seconds: 0.5, withCover: false)
        do { try player.loadNow(wma) } catch {
            #expect("\(error)" == "song.wma is WMA 2 in a WMA file, which this build cannot decode.")
        }
    }

    /// FFmpeg missing at run time (its libraries are not where they are looked for): FFmpeg is tried and
    /// cannot load, and the M4A is named as a format this build cannot decode; MP3 and FLAC still play.
    @Test func withoutFFmpegAtRunTimeTheFileIsNamedAndNativeFormatsPlay() throws {
        let missing = FFmpegLibrary.load(from: scratch.path("no-ffmpeg-here"))
        guard case .failure(let error) = missing else { Issue.record("FFmpeg loaded from an empty folder"); return }
        #expect(error.reason.contains("libavutil.so."), "\(error.reason)")
        let m4a = try fixtures.sine("song.m4a", codec: ["-c:a", "aac"], seconds: 0.5, withCover: false)
        #expect(throws: PlayerError.unsupported(path: m4a, format: "AAC in an M4A file")) {
            try DecoderBackend.open(m4a, with: DecoderBackend.all, ffmpeg: { missing })
        }
        for (name, codec) in [("song.mp3", "libmp3lame"), ("song.flac", "flac")] {
            let path = try fixtures.sine(name, codec: ["-c:a", codec], seconds: 0.5, withCover: false)
            #expect(try DecoderBackend.open(path, with: DecoderBackend.all, ffmpeg: { missing }).frameCount == 22050)
        }
    }

    @Test func foldersAndTheCommandLineTakeEveryFormat() throws {
        try fixtures.sine("album/1.m4a", codec: ["-c:a", "aac"], seconds: 0.2, withCover: false)
        try fixtures.sine("album/2.mp4", codec: ["-c:a", "alac"], seconds: 0.2, withCover: false)
        try fixtures.sine("album/3.wma", codec: ["-c:a", "wmav2"], seconds: 0.2, withCover: false)
        try fixtures.sine("album/4.aac", codec: ["-c:a", "aac"], seconds: 0.2, withCover: false)
        let folder = Library.load([scratch.path("album")])
        #expect(folder.tracks.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["1.m4a", "2.mp4", "3.wma", "4.aac"])
        #expect(folder.problems.isEmpty)
        let single = Library.load([scratch.path("album/3.wma")])
        #expect(single.tracks.count == 1 && single.problems.isEmpty)
    }
}

import Foundation
@testable import Playback
import Testing

/// A read that wants no picture steps over an ID3v2 tag's pictures instead of reading them (TagLib reads a whole
/// tag into memory to parse it: a 4000 px cover is megabytes read for each title, at every scan). What it says is
/// what TagLib says reading the file whole.
@Suite struct TagStreamTests {
    private let scratch = Scratch()
    private let demoMP3 = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Demo/02-paper-satellites.mp3").path

    /// The demo MP3's frames without its tag: a sound to put under the tags made here.
    private func sound() throws -> [UInt8] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: demoMP3)))
        guard bytes.starts(with: Array("ID3".utf8)) else { return bytes }
        return Array(bytes.dropFirst(10 + bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }))
    }

    /// 1.5 MB of picture bytes (TagLib does not decode a picture; no 0xFF, so an unsynchronised tag reads alike).
    private let picture = (0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) % 0xFF }

    private func syncsafe(_ n: Int) -> [UInt8] { [3, 2, 1, 0].map { UInt8(n >> (7 * $0) & 0x7F) } }

    /// An ID3v2 frame as the version writes it (ID3v2.2: 3-letter ids and 24-bit sizes; 2.3: 32 bits; 2.4: syncsafe).
    private func frame(_ id: String, _ body: [UInt8], version: UInt8) -> [UInt8] {
        let n = body.count
        switch version {
        case 2: return Array(id.utf8) + [UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + body
        case 3: return Array(id.utf8) + [3, 2, 1, 0].map { UInt8(n >> (8 * $0) & 0xFF) } + [0, 0] + body
        default: return Array(id.utf8) + syncsafe(n) + [0, 0] + body
        }
    }

    private func text(_ s: String) -> [UInt8] { [0] + Array(s.utf8) }

    private func tag(_ frames: [[UInt8]], version: UInt8, flags: UInt8 = 0, padding: Int = 0) -> [UInt8] {
        let body = frames.flatMap { $0 } + [UInt8](repeating: 0, count: padding)
        return Array("ID3".utf8) + [version, 0, flags] + syncsafe(body.count) + body
    }

    /// An ID3v1 tag naming only the album (TagLib gives ID3v2's fields first, then ID3v1's): read at the file's end.
    private let id3v1 = Array("TAG".utf8) + [UInt8](repeating: 0, count: 60) + Array("Night Lines".utf8)
        + [UInt8](repeating: 0, count: 19 + 4 + 30) + [255]

    /// Title, a picture, then artist, track number and lyrics after it (ID3v2.2, 2.3 or 2.4; the album is ID3v1's).
    private func pictureInTheMiddle(version: UInt8, flags: UInt8 = 0) -> [UInt8] {
        let id = version == 2 ? (title: "TT2", picture: "PIC", artist: "TP1", track: "TRK", lyrics: "ULT")
                              : (title: "TIT2", picture: "APIC", artist: "TPE1", track: "TRCK", lyrics: "USLT")
        let pictureBody = version == 2 ? [0] + Array("JPG".utf8) + [3, 0] + picture
                                       : [0] + Array("image/jpeg".utf8) + [0, 3, 0] + picture
        return tag([frame(id.title, text("Glass Orchard"), version: version),
                    frame(id.picture, pictureBody, version: version),
                    frame(id.artist, text("The Quiet Frequencies"), version: version),
                    frame(id.track, text("7"), version: version),
                    frame(id.lyrics, [0] + Array("eng".utf8) + [0] + Array("[00:01.00]first line".utf8), version: version)],
                   version: version, flags: flags, padding: 2048)
    }

    /// Reads `fields` of the file, and the bytes TagLib took from it.
    private func read(_ path: String, _ fields: Tags.Fields) -> (tags: Tags?, bytes: Int) {
        let log = ReadLog()
        let tags = ReadLog.$current.withValue(log) { Tags.read(from: path, fields: fields) }
        return (tags, log.reads.map(\.bytes).reduce(0, +))
    }

    /// A 1600 × 1600 px PNG made by ffmpeg (hundreds of KB: well over what is worth stepping over).
    private func bigCover(_ name: String) throws -> String {
        let path = scratch.path(name)
        try EncodedFixtures(scratch: scratch).ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=1600x1600", "-frames:v", "1", path])
        return path
    }

    /// `seconds` of a 441 Hz sine with `cover` as its attached picture, encoded by ffmpeg with `codec`, tagged with
    /// `metadata` ("key=value").
    private func encoded(_ name: String, seconds: Int, cover: String, codec: [String], metadata: [String]) throws -> String {
        let path = scratch.path(name)
        try EncodedFixtures(scratch: scratch).ffmpeg(["-f", "lavfi", "-i", "sine=frequency=441:sample_rate=44100:duration=\(seconds)",
                                                      "-i", cover, "-map", "0:a", "-map", "1", "-disposition:v", "attached_pic"]
                                                     + metadata.flatMap { ["-metadata", $0] } + codec + [path])
        return path
    }

    @Test(arguments: [UInt8(2), 3, 4])
    func aTextReadStepsOverThePictureAndSaysWhatTheWholeReadSays(version: UInt8) throws {
        let file = try scratch.write("v\(version).mp3", pictureInTheMiddle(version: version) + sound() + id3v1)
        let whole = try #require(read(file, .all).tags)
        // The tags as written: the frames before and after the picture, the picture itself, and ID3v1's album.
        #expect(whole.title == "Glass Orchard" && whole.artist == "The Quiet Frequencies" && whole.album == "Night Lines")
        #expect(whole.trackNumber == 7)
        #expect(whole.lyrics == "[00:01.00]first line")
        #expect(whole.picture == picture)
        let demoLength = try #require(Tags.read(from: demoMP3, fields: .text)?.duration)
        #expect(abs(try #require(whole.duration) - demoLength) < 0.05, "the same sound, the same length")

        let (text, bytes) = read(file, [.text, .lyrics])
        var expected = whole
        expected.picture = nil
        #expect(text == expected, "every field but the picture as the whole read has it, the length included")
        #expect(bytes < 64 * 1024, "the picture's 1.5 MB were not read: \(bytes) bytes")
        #expect(read(file, .lyrics).tags?.lyrics == whole.lyrics)
    }

    @Test func aFileWhoseTagIsFromFFmpegReadsAlike() throws {
        // An outside writer's tag (ffmpeg, ID3v2.4 and 2.3): text frames, then the attached picture.
        let cover = try bigCover("cover.png")
        for version in ["3", "4"] {
            let file = scratch.path("ffmpeg-v\(version).mp3")
            try EncodedFixtures(scratch: scratch).ffmpeg(["-i", demoMP3, "-i", cover, "-map", "0:a", "-map", "1", "-c", "copy",
                                                          "-id3v2_version", version, "-metadata", "title=Slow Comet",
                                                          "-metadata", "artist=Lantern", "-metadata", "track=4", file])
            let whole = try #require(read(file, .all).tags)
            #expect(whole.title == "Slow Comet" && whole.artist == "Lantern" && whole.trackNumber == 4)
            #expect(whole.picture == Array(try Data(contentsOf: URL(fileURLWithPath: cover))))
            let (text, bytes) = read(file, .text)
            var expected = whole
            expected.picture = nil
            #expect(text == expected)
            #expect(bytes < 64 * 1024, "ID3v2.\(version): \(bytes) bytes read")
        }
    }

    @Test func aTagItCannotWalkPlainlyIsReadWhole() throws {
        // Unsynchronised (the flag alone: nothing in it to decode), and a frame whose size runs past the tag's end.
        let unsynchronised = try scratch.write("unsync.mp3", pictureInTheMiddle(version: 3, flags: 0x80) + sound() + id3v1)
        var broken = pictureInTheMiddle(version: 3)
        let artistAt = 10 + 10 + 14 + 10 + (1 + 11 + 2 + picture.count)
        #expect(Array(broken[artistAt..<artistAt + 4]) == Array("TPE1".utf8))
        broken[artistAt + 4] = 0x7F
        let overrun = try scratch.write("overrun.mp3", broken + sound() + id3v1)
        for file in [unsynchronised, overrun] {
            let whole = read(file, .all).tags
            var expected = whole
            expected?.picture = nil
            let (text, bytes) = read(file, [.text, .lyrics])
            #expect(text == expected, "\(file): as TagLib reads it whole")
            #expect(bytes > picture.count, "\(file): read whole")
        }
    }

    /// A FLAC file's metadata blocks (type, body) after "fLaC", and the audio after them.
    private func flacBlocks(_ bytes: [UInt8]) throws -> (blocks: [(type: UInt8, body: [UInt8])], audio: [UInt8]) {
        try #require(bytes.starts(with: Array("fLaC".utf8)))
        var blocks: [(UInt8, [UInt8])] = [], at = 4, last = false
        while !last {
            last = bytes[at] & 0x80 != 0
            let length = Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            blocks.append((bytes[at] & 0x7F, Array(bytes[at + 4..<at + 4 + length])))
            at += 4 + length
        }
        return (blocks, Array(bytes[at...]))
    }

    private func flac(_ blocks: [(type: UInt8, body: [UInt8])], audio: [UInt8]) -> [UInt8] {
        var bytes = Array("fLaC".utf8)
        for (i, b) in blocks.enumerated() {
            let n = b.body.count, last: UInt8 = i == blocks.count - 1 ? 0x80 : 0
            bytes += [b.type | last, UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            bytes += b.body
        }
        return bytes + audio
    }

    @Test func aFLACTextReadStepsOverItsPictureBlockWhereverItIs() throws {
        let cover = try bigCover("flac-cover.png")
        let made = try encoded("made.flac", seconds: 3, cover: cover, codec: ["-c:a", "flac"],
                               metadata: ["title=Northbound", "artist=Lantern", "album=Night Lines", "track=8", "LYRICS=[00:02.00]north"])
        let (blocks, audio) = try flacBlocks(Array(try Data(contentsOf: URL(fileURLWithPath: made))))
        let picture = try #require(blocks.first { $0.type == 6 }), others = blocks.filter { $0.type != 6 }
        try #require(others.first?.type == 0, "STREAMINFO first")
        // As ffmpeg wrote it; the picture right after STREAMINFO; the picture last (the block before it marked last
        // when it is left out); and with 100 KB of padding after it.
        let shapes: [(String, [(type: UInt8, body: [UInt8])])] = [
            ("ffmpeg", blocks), ("early", [others[0], picture] + others.dropFirst()), ("last", others + [picture]),
            ("padded", others + [picture, (1, [UInt8](repeating: 0, count: 100_000))]),
        ]
        for (name, shape) in shapes {
            let file = try scratch.write("\(name).flac", flac(shape, audio: audio))
            let whole = try #require(read(file, .all).tags, "\(name)")
            #expect(whole.title == "Northbound" && whole.artist == "Lantern" && whole.album == "Night Lines", "\(name)")
            #expect(whole.trackNumber == 8 && whole.lyrics == "[00:02.00]north", "\(name)")
            #expect(abs((whole.duration ?? 0) - 3) < 0.01, "\(name)")
            #expect(whole.picture == Array(try Data(contentsOf: URL(fileURLWithPath: cover))), "\(name)")
            let (text, bytes) = read(file, [.text, .lyrics])
            var expected = whole
            expected.picture = nil
            #expect(text == expected, "\(name): every field but the picture as the whole read has it")
            #expect(bytes < 64 * 1024, "\(name): \(bytes) bytes read")
        }
    }

    @Test(arguments: [false, true])
    func anMP4TextReadStepsOverItsCoverItem(moovFirst: Bool) throws {
        // ffmpeg writes the attached picture as the covr item of moov.udta.meta.ilst; moov after the audio, or before
        // it (faststart).
        let cover = try bigCover("m4a-cover.png")
        let file = try encoded("cover-\(moovFirst).m4a", seconds: 3, cover: cover,
                               codec: ["-c:a", "aac", "-c:v", "copy"] + (moovFirst ? ["-movflags", "+faststart"] : []),
                               metadata: ["title=Midnight Tram", "artist=Lantern", "album=Night Lines", "track=5", "lyrics=[00:01.00]tram"])
        let whole = try #require(read(file, .all).tags)
        #expect(whole.title == "Midnight Tram" && whole.artist == "Lantern" && whole.album == "Night Lines")
        #expect(whole.trackNumber == 5 && whole.lyrics == "[00:01.00]tram")
        #expect(abs((whole.duration ?? 0) - 3) < 0.1)
        #expect(whole.picture == Array(try Data(contentsOf: URL(fileURLWithPath: cover))))
        let (text, bytes) = read(file, [.text, .lyrics])
        var expected = whole
        expected.picture = nil
        #expect(text == expected, "every field but the picture as the whole read has it")
        #expect(bytes < 64 * 1024, "\(bytes) bytes read")
        #expect(Tags.formatDescription(of: file) == "AAC in an M4A file")
    }

    /// Bytes changed at random where the walks read (tag and frame headers, block headers, atom headers): every read
    /// ends, none reads past what it is given, and one that wants no picture never has one (ASan runs this in CI).
    @Test func damagedHeadersAreReadWithoutHarm() throws {
        let cover = try bigCover("damage-cover.png")
        let m4a = try encoded("damage.m4a", seconds: 1, cover: cover, codec: ["-c:a", "aac", "-c:v", "copy", "-movflags", "+faststart"],
                              metadata: ["title=Damaged"])
        let flacFile = try encoded("damage.flac", seconds: 1, cover: cover, codec: ["-c:a", "flac", "-c:v", "copy"], metadata: ["title=Damaged"])
        let originals = [pictureInTheMiddle(version: 3) + (try sound()) + id3v1, pictureInTheMiddle(version: 4) + (try sound()),
                         Array(try Data(contentsOf: URL(fileURLWithPath: m4a))),
                         Array(try Data(contentsOf: URL(fileURLWithPath: flacFile)))]
        var random = SeededGenerator(seed: 0x7A65)
        for (n, original) in originals.enumerated() {
            // Where the walks read: the first bytes, and around each atom or frame name in the first megabyte.
            let names = ["TPE1", "TRCK", "USLT", "APIC", "moov", "udta", "meta", "ilst", "covr", "data"].map { Array($0.utf8) }
            var places = Array(0..<64)
            for at in 0..<min(original.count, 1 << 20) - 4 where names.contains(where: { original[at..<at + 4].elementsEqual($0) }) {
                places += (max(0, at - 8)..<min(original.count, at + 12))
            }
            let file = scratch.path("damaged-\(n)")
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    bytes[places.randomElement(using: &random)!] = UInt8.random(in: 0...255, using: &random)
                }
                try Data(bytes).write(to: URL(fileURLWithPath: file))
                let (text, read) = self.read(file, [.text, .lyrics])
                #expect(text?.picture == nil)
                #expect(read <= bytes.count + 64 * 1024, "reads of a \(bytes.count)-byte file: \(read)")
                _ = Tags.read(from: file, fields: .all)
            }
        }
    }

    /// mpg123 steps over the ID3v2 tag (picture and all) when the player does not want the file's own tags: the
    /// same sound, sample for sample, and the same length.
    @Test func theMP3DecoderStepsOverTheTagWhenItsTagsAreNotWanted() throws {
        let file = try scratch.write("decoded.mp3", pictureInTheMiddle(version: 3) + sound())
        let reading = try Mpg123Source(path: file), stepping = try Mpg123Source(path: file, readsTags: false)
        #expect(reading.streamTags.title == "Glass Orchard" && reading.streamTags.artist == "The Quiet Frequencies")
        #expect(stepping.streamTags == StreamTags())
        #expect(reading.frameCount == stepping.frameCount && reading.frameCount > 0)
        var a = [Float](repeating: 0, count: 2 * 44_100), b = a
        let readA = a.withUnsafeMutableBufferPointer { reading.read(into: $0) }
        let readB = b.withUnsafeMutableBufferPointer { stepping.read(into: $0) }
        #expect(readA == 44_100 && readB == readA)
        #expect(a == b)
    }

    /// The text read says what the whole read says, picture aside; how many bytes it took.
    @discardableResult
    private func expectAgreement(_ file: String, _ comment: Comment) -> Int {
        var expected = read(file, .all).tags
        expected?.picture = nil
        let (text, bytes) = read(file, [.text, .lyrics])
        #expect(text == expected, comment)
        return bytes
    }

    /// Files a review made to break the claim (each disagreed before its fix): what TagLib reads of them whole is
    /// what a read without the picture reads.
    @Test func oddTagsReadAsTagLibReadsThemWhole() throws {
        let apic = frame("APIC", [0] + Array("image/jpeg".utf8) + [0, 3, 0] + picture, version: 4)
        // ID3v2.4 as iTunes wrote it: plain 32-bit frame sizes. A UTF-16 USLT frame whose plain size (346: 0, 0, 1,
        // 0x5A), read as a syncsafe one (218), ends on a zero byte inside the lyrics (which TagLib, seeing no frame
        // there, reads plainly).
        let lyrics = String(String(repeating: "These are the lyrics of a song, long enough to run past a hundred bytes. ", count: 3).prefix(170))
        let usltBody = [2] + Array("eng".utf8) + [0, 0] + Array(lyrics.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let plain = { (id: String, body: [UInt8]) in Array(id.utf8) + [3, 2, 1, 0].map { UInt8(body.count >> (8 * $0) & 0xFF) } + [0, 0] + body }
        let uslt = plain("USLT", usltBody)
        let syncsafeEnd = 10 + (Int(uslt[4]) << 21 | Int(uslt[5]) << 14 | Int(uslt[6]) << 7 | Int(uslt[7]))
        try #require(uslt[4..<8].allSatisfy { $0 < 0x80 } && syncsafeEnd < uslt.count && uslt[syncsafeEnd] == 0,
                     "a size that reads differently as syncsafe, ending on a zero")
        let itunes = try scratch.write("itunes.mp3", tag([frame("TIT2", text("Before"), version: 4), apic, uslt,
                                                          plain("TPE1", text("After the lyrics"))], version: 4, padding: 300) + sound())
        let itunesRead = expectAgreement(itunes, "ID3v2.4 with plain sizes")
        #expect(read(itunes, .lyrics).tags?.lyrics == lyrics.trimmingCharacters(in: .whitespaces))
        #expect(read(itunes, .text).tags?.artist == "After the lyrics")
        #expect(itunesRead < 64 * 1024, "its picture stepped over: \(itunesRead) bytes")
        // The same lyrics frame followed by the picture alone: without it, nothing follows the frame to tell its size.
        let lyricsLast = try scratch.write("itunes-picture-last.mp3", tag([frame("TIT2", text("Before"), version: 4),
                                                                          plain("TPE1", text("Artist")), uslt, apic],
                                                                         version: 4, padding: 300) + sound())
        expectAgreement(lyricsLast, "a plain-sized frame before the picture alone")
        #expect(read(lyricsLast, .lyrics).tags?.lyrics == lyrics.trimmingCharacters(in: .whitespaces))
        // A frame saying, by its data-length indicator, it holds more than it does (TagLib reads on past it), and an
        // APIC with that flag too small to hold one (TagLib stops at it): read whole.
        let overstated = frame("TIT2", syncsafe(64) + text("Title"), version: 4)
        var flagged = overstated
        flagged[9] = 0x01
        let tooSmall = Array("APIC".utf8) + syncsafe(4) + [0, 0x01] + [0, 0, 0, 1]
        for (name, frames) in [("overstated", [flagged, apic, frame("TPE1", text("Artist"), version: 4)]),
                               ("too small", [frame("TIT2", text("T"), version: 4), apic, tooSmall, frame("TPE1", text("A"), version: 4)])] {
            let file = try scratch.write("\(name).mp3", tag(frames, version: 4, padding: 64) + sound())
            #expect(expectAgreement(file, "\(name)") > picture.count, "\(name): read whole")
        }
    }

    @Test func oddFLACAndMP4FilesReadAsTagLibReadsThemWhole() throws {
        let cover = try bigCover("odd-cover.png")
        let made = try encoded("odd.flac", seconds: 1, cover: cover, codec: ["-c:a", "flac"], metadata: ["title=Odd"])
        let (blocks, audio) = try flacBlocks(Array(try Data(contentsOf: URL(fileURLWithPath: made))))
        let picture = try #require(blocks.first { $0.type == 6 }), others = blocks.filter { $0.type != 6 }
        // TagLib refuses a FLAC file whose first block is not STREAMINFO, or with an empty picture block.
        for (name, shape) in [("picture first", [picture] + others), ("empty picture", others + [picture, (6, [])])] {
            let file = try scratch.write("\(name).flac", flac(shape, audio: audio))
            #expect(read(file, .all).tags == nil && read(file, .text).tags == nil, "\(name)")
        }
        // An M4A whose tkhd (inside the trak, before udta) says it is 512 bytes longer than it is: TagLib's walk goes
        // astray, and it would go astray differently with the cover left out.
        let m4a = try encoded("odd.m4a", seconds: 1, cover: cover, codec: ["-c:a", "aac", "-c:v", "copy", "-movflags", "+faststart"],
                              metadata: ["title=Odd"])
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: m4a)))
        let tkhd = try #require((4..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(Array("tkhd".utf8)) }) - 4
        let length = bytes[tkhd..<tkhd + 4].reduce(0) { $0 << 8 | Int($1) } + 512
        for k in 0..<4 { bytes[tkhd + k] = UInt8(length >> (8 * (3 - k)) & 0xFF) }
        let overrun = try scratch.write("overrun.m4a", bytes)
        expectAgreement(overrun, "tkhd overrun")
        // An M4A named .mp3: TagLib reads it as MPEG (by its name), so the file is shown to it as it is.
        let misnamed = scratch.path("misnamed.mp3")
        try FileManager.default.copyItem(atPath: m4a, toPath: misnamed)
        #expect(expectAgreement(misnamed, "an M4A named .mp3") > 64 * 1024, "read whole")
    }
}

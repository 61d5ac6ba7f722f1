import Foundation
import Testing
@testable import Playback

struct LyricsTests {
    @Test func parsesTimeTagsMetadataAndMultipleTags() {
        let l = Lyrics.parse("""
        \u{FEFF}[ti:Song]
        [ar:Band]
        [al:Record]
        [by:someone]
        [length: 03:20]

        [00:12.50]Second line
        [00:05]First line
        [01:02.3][00:30.25]Chorus
        [00:40.00]
        """, source: "song.lrc")
        #expect(l.title == "Song" && l.artist == "Band" && l.album == "Record" && l.author == "someone")
        #expect(l.isSynced)
        #expect(l.lines.map(\.time) == [5, 12.5, 30.25, 40, 62.3], "sorted, one entry per time tag")
        #expect(l.lines.map(\.text) == ["First line", "Second line", "Chorus", "", "Chorus"])
        #expect(l.malformedLines == 0)
    }

    @Test func offsetShiftsEveryLine() {
        let sooner = Lyrics.parse("[offset:+500]\n[00:10.00]a\n[00:20.00]b", source: "x")
        #expect(sooner.lines.map(\.time) == [9.5, 19.5], "a positive offset shows lyrics sooner")
        let later = Lyrics.parse("[offset:-250]\n[00:10.00]a", source: "x")
        #expect(later.lines.map(\.time) == [10.25])
    }

    @Test func brokenLinesAreSkippedAndCounted() {
        let l = Lyrics.parse("""
        [00:01.00]good
        [0a:02.00]bad time
        [00:99.00]seconds out of range
        [00:03.00 unterminated
        text without a tag in a synced file
        [offset:soon]
        [00:04.00]good again
        """, source: "x")
        #expect(l.lines.map(\.text) == ["good", "good again"])
        #expect(l.malformedLines == 5)
    }

    @Test func textWithoutTagsIsPlainLyrics() {
        let l = Lyrics.parse("\n\nFirst verse\n\nSecond verse\n\n", source: "tags")
        #expect(!l.isSynced)
        #expect(l.lines.map(\.text) == ["First verse", "", "Second verse"])
        #expect(l.lineIndex(at: 10) == nil)
    }

    @Test func currentLineAtAPosition() {
        let l = Lyrics.parse("[00:05]a\n[00:10]b\n[00:15]c", source: "x")
        #expect(l.lineIndex(at: 0) == nil)
        #expect(l.lineIndex(at: 5) == 0)
        #expect(l.lineIndex(at: 9.99) == 0)
        #expect(l.lineIndex(at: 10) == 1)
        #expect(l.lineIndex(at: 100) == 2)
    }

    @Test func findsTheSidecarFileElseNothing() throws {
        let demo = Scratch.demoAlbum
        let neon = try #require(Lyrics.find(for: demo + "/01-neon-harbor.ogg").lyrics)
        #expect(neon.source == "01-neon-harbor.lrc" && neon.isSynced && neon.lines.count >= 8)
        #expect(Lyrics.find(for: demo + "/03-glass-orchard.flac").lyrics == nil)
        let s = Scratch()
        let wav = try s.wav("Song.wav", seconds: 0.1)
        try s.write("song.LRC", text: "[00:01]hello")
        #expect(Lyrics.find(for: wav).lyrics?.lines.first?.text == "hello", "the .lrc name matches regardless of case")
    }
}

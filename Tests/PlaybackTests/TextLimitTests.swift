import Foundation
import Testing
@testable import Playback

/// Lyrics and tags are bounded (issue 17): a .lrc of binary garbage, a 20 MB .lrc, a 7 MB lyrics tag and a
/// 2 MB title (made by scripts/make-hostile-corpus.py) are refused, each with one line naming it, and a
/// card never gets more lines than it can lay out. Before, they were laid out as lyrics or a title, and the
/// app hung for minutes.
@Suite(.serialized)
struct TextLimitTests {
    @Test func lyricsThatAreNotTextOrTooLargeAreRefusedWithOneLine() throws {
        let corpus = try HostileCorpus(parts: ["lyrics"])
        defer { corpus.remove() }
        let cases = [("lyrics/01-garbage-lrc.ogg", "01-garbage-lrc.lrc is not text"),
                     ("lyrics/02-huge-lrc.ogg", "02-huge-lrc.lrc is 20 MB, more than the 256 KB"),
                     ("lyrics/03-huge-lyrics-tag.mp3", "its lyrics tag is 6.9 MB, more than the 256 KB")]
        for (track, words) in cases {
            let found = Lyrics.find(for: corpus.path(track))
            #expect(found.lyrics == nil, "\(track)")
            #expect(found.problems.count == 1 && found.problems[0].contains(words), "\(track): \(found.problems)")
        }
        #expect(Lyrics.find(for: corpus.path("lyrics/06-good.flac")) == Lyrics.Lookup(lyrics: nil, problems: []))
    }

    /// A title tag of 2 MB is ignored (the file's name stands in), with one line; an 8 MB comment, which the
    /// app does not show, changes nothing.
    @Test func aTextTagBeyondItsLimitIsIgnoredWithOneLine() throws {
        let corpus = try HostileCorpus(parts: ["lyrics"])
        defer { corpus.remove() }
        let loaded = Library.load([corpus.path("lyrics")])
        let titles = Dictionary(uniqueKeysWithValues: loaded.tracks.map { (Library.fileName($0.path), $0.title) })
        #expect(titles["05-huge-title.mp3"] == "huge-title")
        #expect(titles["04-huge-comment-tag.mp3"] == "Huge comment tag")
        #expect(loaded.problems == ["05-huge-title.mp3: its title tag is 1.9 MB, more than the 1 KB this program reads; ignored."])
    }

    /// Lyrics of more lines than a card lays out keep the first `lineLimit`, and say so.
    @Test func lyricsBeyondTheLineLimitKeepTheFirstLines() throws {
        let scratch = Scratch()
        let text = (0..<3000).map { "[\(String(format: "%02d:%02d", $0 / 60, $0 % 60)).00]line \($0)" }.joined(separator: "\n")
        try scratch.write("long.lrc", text: text)
        let found = Lyrics.find(for: try scratch.write("long.wav", []))
        #expect(found.lyrics?.lines.count == 2_000 && found.lyrics?.lines.last?.text == "line 1999")
        #expect(found.problems == ["The lyrics from long.lrc have 3000 lines; the first 2000 are shown."])
    }
}

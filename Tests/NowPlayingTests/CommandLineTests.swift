import Testing
@testable import NowPlaying
import ViewKit

/// The command line as swift-argument-parser took it (its conventions are what users and scripts relied on):
/// the expectations are the strings and behaviour that library produced for this command, written out.
struct CommandLineTests {
    @Test func parsesSizes() {
        #expect(NowPlayingCommand.parseSize("375x667") == Size(width: 375, height: 667))
        #expect(NowPlayingCommand.parseSize("1280X800") == Size(width: 1280, height: 800))
        #expect(NowPlayingCommand.parseSize("375") == nil)
        #expect(NowPlayingCommand.parseSize("axb") == nil)
        #expect(NowPlayingCommand.parseSize("-3x5") == nil)
    }

    @Test func rejectsBadOptionsWithAPlainMessage() throws {
        #expect(throws: (any Error).self) { try NowPlayingCommand.parse(["--size", "10x10"]) }
        #expect(throws: (any Error).self) { try NowPlayingCommand.parse(["--size", "big"]) }
        #expect(throws: (any Error).self) { try NowPlayingCommand.parse(["--scale", "9"]) }
        let ok = try NowPlayingCommand.parse(["--size", "320x568", "--headless"])
        #expect(ok.headless)
        do {
            _ = try NowPlayingCommand.parse(["--size", "10x10"])
        } catch {
            #expect(NowPlayingCommand.message(for: error).contains("280x440"))
        }
    }

    @Test func optionsTakeTheirValueAfterASpaceOrAnEqualsSignAnywhereAmongThePaths() throws {
        let c = try NowPlayingCommand.parse(["a.mp3", "--size", "320x568", "b.flac", "--start=library", "--paused",
                                             "--replay-gain", "off", "--scale=2", "--state-dir", "/tmp/s", "--screenshot=-shot.png"])
        #expect(c.paths == ["a.mp3", "b.flac"])
        #expect(c.size == "320x568")
        #expect(c.start == .library)
        #expect(c.paused)
        #expect(c.replayGain == .off)
        #expect(c.scale == 2)
        #expect(c.stateDirectory == "/tmp/s")
        #expect(c.screenshot == "-shot.png", "a value given with = may start with a dash")
        #expect(!c.kiosk && !c.headless && !c.fullscreen && !c.newInstance && !c.fps)
    }

    @Test func withoutOptionsEachHasItsDefault() throws {
        let c = try NowPlayingCommand.parse([])
        #expect(c.paths.isEmpty)
        #expect(c.size == "414x736")
        #expect(c.start == .card)
        #expect(c.replayGain == .automatic)
        #expect(c.scale == nil && c.script == nil && c.stats == nil && c.screenshot == nil && c.dumpViews == nil)
    }

    @Test func theLastOfARepeatedOptionWinsAndADoubleDashEndsTheOptions() throws {
        let c = try NowPlayingCommand.parse(["--size", "300x500", "--size", "320x568", "--", "--kiosk", "-x.mp3", "-"])
        #expect(c.size == "320x568")
        #expect(c.paths == ["--kiosk", "-x.mp3", "-"])
        #expect(!c.kiosk)
    }

    @Test func mistakesAreSaidWithTheUsage() {
        func message(_ arguments: [String]) -> String {
            do {
                _ = try NowPlayingCommand.parse(arguments)
                return ""
            } catch {
                #expect(error is CommandLineError)
                return NowPlayingCommand.message(for: error)
            }
        }
        let usage = "Usage: nowplaying [<options>] [<path> ...]\n  See 'nowplaying --help' for more information."
        #expect(message(["--bogus"]) == "Error: Unknown option '--bogus'\n" + usage)
        #expect(message(["-x"]) == "Error: Unknown option '-x'\n" + usage)
        #expect(message(["--start", "foo"]) == """
            Error: The value 'foo' is invalid for '--start <start>'. Please provide one of 'card' and 'library'.
            Help:  --start <start>  Open on the song card (default) or on the library with the mini player.

            """ + usage)
        #expect(message(["--size"]) == """
            Error: Missing value for '--size <size>'
            Help:  --size <size>  Window size in points, e.g. 375x667.

            """ + usage)
        #expect(message(["--state-dir", "--paused"]).hasPrefix("Error: Missing value for '--state-dir <dir>'\n"))
        #expect(message(["--scale", "big"]).hasPrefix("Error: The value 'big' is invalid for '--scale <scale>'\n"))
        #expect(message(["--paused=yes"]).hasPrefix("Error: The option '--paused' does not take any value, but 'yes' was specified.\n"))
    }

    @Test func helpIsAskedWithHOrHelpAnywhereBeforeADoubleDash() throws {
        func asksHelp(_ arguments: [String]) -> Bool {
            do {
                _ = try NowPlayingCommand.parse(arguments)
                return false
            } catch CommandLineError.helpRequested {
                return true
            } catch {
                return false
            }
        }
        #expect(asksHelp(["-h"]))
        #expect(asksHelp(["a.mp3", "--help"]))
        #expect(asksHelp(["--bogus", "-h"]), "before what else is amiss")
        #expect(!asksHelp(["--", "--help"]))
        #expect(try NowPlayingCommand.parse(["--", "--help"]).paths == ["--help"])
    }

    /// swift-argument-parser 1.8.2's help for this command, byte for byte (the hidden --stats left out).
    @Test func theHelpIsLaidOutAsBefore() {
        #expect(NowPlayingCommand.syntax.help == """
            OVERVIEW: A now-playing window: album-art carousel, transport controls and
            progress, on SDL2.

            USAGE: nowplaying [<options>] [<path> ...]

            ARGUMENTS:
              <path>                  Audio files, folders and M3U/M3U8 playlists to play
                                      (paths or file:// URIs). Without any, the last
                                      session comes back (paused where it was), or the demo
                                      album plays.

            OPTIONS:
              --paused                Open paused instead of playing at once.
              --start <start>         Open on the song card (default) or on the library
                                      with the mini player. (values: card, library;
                                      default: card)
              --replay-gain <replay-gain>
                                      ReplayGain: automatic (album gain for an album in
                                      order, else track gain) or off. (values: off,
                                      automatic; default: automatic)
              --state-dir <dir>       Where the session is saved (default:
                                      $XDG_STATE_HOME/nowplaying, else
                                      ~/.local/state/nowplaying).
              --new-instance          Run on its own even when NowPlaying is running
                                      already (by default the paths go to the running one).
              --fps                   Show the frame time and frames per second in a corner
                                      (for tuning a kiosk).
              --size <size>           Window size in points, e.g. 375x667. (default:
                                      414x736)
              --headless              Run without a display: SDL's dummy video driver and
                                      the software renderer.
              --scale <scale>         Force the pixel scale (e.g. 2 for a hi-DPI frame); by
                                      default it comes from the display.
              --fullscreen            Start in fullscreen (for kiosks).
              --kiosk                 Kiosk: fullscreen, no cursor, touch only; Ctrl+Q
                                      quits (q and f do nothing).
              --screenshot <screenshot>
                                      Write a PNG of the window after the first complete
                                      frame, then exit.
              --dump-views <dump-views>
                                      Write the view tree as JSON after the first complete
                                      frame, then exit.
              --script <file>         Play input from a file after the first frame:
                                      down/move/up/tap/drag (or with 'finger'), wheel, key,
                                      wait, screenshot, dump, quit.
              -h, --help              Show help information.


            """)
    }
}

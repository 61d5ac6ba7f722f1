import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// SPEC L1–L4 through scripted drags on the artwork (headless, virtual clock), read from view dumps.
@MainActor
struct LyricsFlipTests {
    static let size = Size(width: 375, height: 667)
    let top = CardLayout(size: LyricsFlipTests.size).carousel.minY
    private func run(_ body: String) throws -> [ViewDump] { try runScript(body, size: LyricsFlipTests.size) }

    private func carousel(_ d: ViewDump) throws -> ViewDump { try #require(d.find("carousel")) }
    private func lyrics(_ d: ViewDump) throws -> ViewDump { try #require(d.find("lyrics")) }
    private let behind = [0.9, 0, 0, 0.9, 0, -30.0]
    private func close(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 } }

    @Test func atRestTheLyricsWaitBehind() throws {
        let d = try run("dump\nquit")
        let flip = try #require(d[0].find("lyricsFlip"))
        #expect(flip.children.count == 2, "two same-size views")
        let c = try carousel(d[0]), l = try lyrics(d[0])
        #expect(c.zPosition == 2 && l.zPosition == 1, "SPEC L1: z 2 in front, 1 behind")
        #expect(close(l.transform, behind), "SPEC L1: scale 0.9 then translate y −30")
        #expect(abs(c.frame[2] - l.frame[2] / 0.9) < 1e-6, "same size before the behind transform")
    }

    /// SPEC L3: released 70 pt down, the front view springs back as a damped oscillator with damping ratio
    /// ζ = 0.7 and initial velocity 0.7 (of the distance, per second) over 0.33 s. The closed form, with ω
    /// chosen so the envelope e^(−ζωt) has fallen to 0.001 at the duration (ViewKit's Spring):
    /// x(t) = e^(−ζωt) · (cos ω_d t + (ζω − v₀) / ω_d · sin ω_d t), ω_d = ω √(1 − ζ²).
    @Test func springBackFollowsTheDampedOscillator() throws {
        let y = top + 150
        let d = try run("""
        down 187 \(y)
        move 187 \(y + 70) 100
        up
        wait 50
        dump
        wait 50
        dump
        quit
        """)
        let zeta = 0.7, duration = 0.33, v0 = 0.7
        let omega = log(1000) / (zeta * duration), omegaD = omega * (1 - zeta * zeta).squareRoot()
        func x(_ t: Double) -> Double {
            exp(-zeta * omega * t) * (cos(omegaD * t) + (zeta * omega - v0) / omegaD * sin(omegaD * t))
        }
        // The second dump comes 50 ms and one frame (the first dump's, 1/60 s) later.
        for (dump, t) in zip(d, [0.05, 0.1 + 1.0 / 60]) {
            let ty = try carousel(dump).transform[5]
            #expect(abs(ty - 70 * x(t)) < 0.5, "\(t) s after the release: \(ty) pt, the oscillator says \(70 * x(t))")
        }
    }

    @Test(arguments: [1.0, -1.0])
    func dragsFollowFadeAndSpringBack(direction: Double) throws {
        let y = top + 150, dy = direction
        let d = try run("""
        down 187 \(y)
        move 187 \(y + 10 * dy) 50
        wait 30
        dump
        move 187 \(y + 50 * dy) 100
        wait 30
        dump
        move 187 \(y + 70 * dy) 100
        up
        wait 100
        dump
        wait 600
        dump
        quit
        """)
        let at10 = try carousel(d[0]), at50 = try carousel(d[1])
        #expect(close(at10.transform, [1, 0, 0, 1, 0, 10 * dy]) && at10.alpha == 1, "SPEC L2: follows, no fade before 20")
        #expect(close(at50.transform, [1, 0, 0, 1, 0, 50 * dy]), "SPEC L2: follows the finger")
        #expect(abs(at50.alpha - 0.7) < 1e-9, "SPEC L2: alpha 1 − (50 − 20) / 100")
        let springing = try carousel(d[2])
        #expect(abs(springing.transform[5]) < 70 && abs(springing.transform[5]) > 0, "SPEC L3: on its way back")
        let settled = try carousel(d[3])
        #expect(close(settled.transform, [1, 0, 0, 1, 0, 0]) && settled.alpha == 1, "SPEC L3: back to identity, alpha 1")
        #expect(settled.zPosition == 2, "no swap before 80")
        #expect(d[3].find("cover.0") != nil && d[3].find("title")?.text == "Neon Harbor")
        #expect(d[3].find("card")?.hidden == false && d[3].find("card.container")?.frame[1] == 0,
                "a vertical drag on the artwork is the flip's, not a swipe that dismisses the card")
    }

    @Test(arguments: [1.0, -1.0])
    func passingEightySwapsTheViews(direction: Double) throws {
        let y = top + 150, dy = direction
        let d = try run("""
        down 187 \(y)
        move 187 \(y + 90 * dy) 300
        dump
        move 187 \(y + 140 * dy) 100
        dump
        up
        wait 500
        dump
        quit
        """)
        // Mid-swap: the carousel has gone behind (z 1) and leaves the way it was dragged; the pan is off,
        // so moving the finger further no longer moves it.
        let swapping = try carousel(d[0]), later = try carousel(d[1]), lyricsSwapping = try lyrics(d[0])
        #expect(swapping.zPosition == 1 && lyricsSwapping.zPosition == 2, "SPEC L4: z swapped at once")
        #expect(swapping.transform[5] * dy > 0, "SPEC L4: it leaves in the direction it was dragged")
        #expect(abs(later.transform[5]) < abs(140), "SPEC L4: the disabled pan no longer follows the finger")
        #expect(later.transform[5] * dy < swapping.transform[5] * dy, "it heads for its place behind")
        let carouselAfter = try carousel(d[2]), lyricsAfter = try lyrics(d[2])
        #expect(close(carouselAfter.transform, behind) && carouselAfter.alpha == 1, "SPEC L4: scale 0.9 + translate −30, alpha 1")
        #expect(close(lyricsAfter.transform, [1, 0, 0, 1, 0, 0]) && lyricsAfter.zPosition == 2, "the lyrics came to the front")
    }

    @Test func flipsBackByDraggingTheCardAndWithTheKey() throws {
        let heading = top + 30
        let d = try run("""
        key l
        wait 500
        dump
        down 187 \(heading)
        move 187 \(heading - 100) 300
        up
        wait 500
        dump
        key l
        wait 500
        dump
        quit
        """)
        let l0 = try lyrics(d[0]), c1 = try carousel(d[1]), l1 = try lyrics(d[1]), l2 = try lyrics(d[2])
        #expect(l0.zPosition == 2, "l flips to the lyrics")
        #expect(d[0].find("lyrics.line.0")?.text == "Lights come on along the water")
        #expect(c1.zPosition == 2 && close(l1.transform, behind), "the pan works again after a swap")
        #expect(l2.zPosition == 2, "and the key again")
    }

    /// SPEC L1 with a carousel behind: only the centred cover peeks above the lyrics card. Its neighbours, which
    /// stood beside a short window's card (a tester read a neighbour's title there), fade out with the flip and
    /// come back with C5's fade when the covers come front again.
    @Test func behindTheLyricsOnlyTheCentredCoverShows() throws {
        let d = try run("dump\nkey l\nwait 500\ndump\nkey l\nwait 500\ndump\nquit")
        func alpha(_ dump: ViewDump, _ item: Int) throws -> Double { try #require(dump.find("cover.\(item).image")).alpha }
        let neighbour = try alpha(d[0], 1)
        #expect(neighbour >= 0.25 && neighbour < 1, "C5: the next cover, beside the centred one, fades toward 0.25")
        #expect(try lyrics(d[1]).zPosition == 2)
        #expect(try alpha(d[1], 0) == 1, "the centred cover peeks above the card")
        #expect(try alpha(d[1], 1) == 0, "its neighbour does not")
        #expect(try alpha(d[2], 1) == neighbour && alpha(d[2], 0) == 1, "front again, as before")
    }

    @Test func tappingALineSeeksThere() throws {
        let first = try run("key l\nwait 500\ndump\nquit")
        let line = try #require(first[0].find("lyrics.line.2")).windowRect
        let d = try run("key l\nwait 500\ntap \(line[0] + 40) \(line[1] + line[3] / 2)\nwait 100\ndump\nquit")
        // Neon Harbor's third line is sung at bar 7: 6 × 2.5 s = 15 s.
        #expect(d[0].find("elapsed")?.text == "0:15")
        #expect(d[0].find("lyrics.current")?.value == 2, "the tapped line is highlighted")
    }

    @Test func tracksWithoutLyricsSaySo() throws {
        let d = try run("key right\nwait 600\nkey right\nwait 600\nkey l\nwait 500\ndump\nquit")
        #expect(d[0].find("title")?.text == "Glass Orchard")
        #expect(d[0].allTexts(under: "lyrics").contains("No lyrics for this track"))
    }
}

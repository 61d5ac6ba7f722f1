import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// The card laid out by the real app (headless) at every window size a user or a kiosk brings: phones, the
/// smallest window, landscape kiosks and desktop windows, a portrait kiosk and big monitors.
@MainActor
struct ScreenSizeLayoutTests {
    nonisolated static let sizes = [Size(width: 280, height: 440), Size(width: 320, height: 568), Size(width: 375, height: 667),
                                    Size(width: 414, height: 736), Size(width: 800, height: 480), Size(width: 1024, height: 600),
                                    Size(width: 1280, height: 720), Size(width: 1920, height: 1080), Size(width: 1080, height: 1920),
                                    Size(width: 2560, height: 1440)]
    /// The touchscreen kiosks the card must fill.
    nonisolated static let kiosks = [Size(width: 800, height: 480), Size(width: 1080, height: 1920)]

    private func app(_ size: Size) throws -> NowPlayingApp {
        let a = try NowPlayingApp(options: headlessOptions(size: size))
        a.application.drawIfNeeded()
        return a
    }

    /// What a user sees and touches on the card: buttons, sliders, up-next rows and the labels outside them
    /// (not what is hidden, transparent or behind the cover, like the lyrics card at rest).
    private func parts(of card: CardView) -> [View] {
        var found: [View] = []
        func walk(_ v: View, alpha: Double) {
            let a = alpha * v.alpha
            guard !v.isHidden, a > 0, v !== card.nowPlaying.lyricsCard else { return }
            if v is Button || v is Slider || v is LowerModuleView.UpNextRow || v is Label {
                found.append(v)
                return
            }
            for s in v.subviews { walk(s, alpha: a) }
        }
        walk(card, alpha: 1)
        return found
    }

    /// The nearest scroll view holding `v` (the card's content scrolls), if any.
    private func scrollView(holding v: View) -> ScrollView? {
        var s = v.superview
        while let view = s { if let sv = view as? ScrollView, !(sv is CollectionView) { return sv }; s = view.superview }
        return nil
    }

    private func name(_ v: View) -> String { v.identifier ?? (v as? Label)?.text ?? "\(type(of: v))" }

    @Test(arguments: sizes)
    func everythingFitsAndNothingOverlaps(size: Size) throws {
        let a = try app(size)
        let window = Rect(origin: .zero, size: a.application.pointSize)
        let views = parts(of: a.root.card)
        #expect(views.count >= 15, "the card's controls and labels are all there at \(size)")
        for v in views {
            let r = v.convert(v.bounds, to: nil)
            if let s = scrollView(holding: v) {
                // Inside the scrolling content (it scrolls into view) and across the window.
                let inContent = v.convert(v.bounds, to: s).offsetBy(dx: -s.contentOffset.x, dy: -s.contentOffset.y)
                let content = Rect(x: 0, y: 0, width: max(s.contentSize.width, s.bounds.width),
                                   height: max(s.contentSize.height, s.bounds.height))
                #expect(content.insetBy(dx: -0.5, dy: -0.5).contains(inContent), "\(name(v)) \(inContent) outside the content at \(size)")
                #expect(r.minX >= -0.5 && r.maxX <= window.width + 0.5, "\(name(v)) \(r) outside the window at \(size)")
            } else {
                #expect(window.insetBy(dx: -0.5, dy: -0.5).contains(r), "\(name(v)) \(r) outside the window at \(size)")
            }
            if let label = v as? Label, label.numberOfLines == 1, !label.text.isEmpty {
                let needs = label.sizeThatFits(Size(width: label.bounds.width, height: .infinity))
                #expect(needs.height <= label.bounds.height + 0.5, "\(name(v))'s text is taller than its label at \(size)")
            }
            if v is Button {
                // Apple's HIG minimum touch target.
                #expect(r.width >= 44 && r.height >= 44, "\(name(v)) touch target \(r.size) at \(size)")
            }
        }
        for (i, p) in views.enumerated() {
            for q in views[(i + 1)...] {
                let rp = p.convert(p.bounds, to: nil), rq = q.convert(q.bounds, to: nil)
                // Buttons keep at least half a point between their touch targets; nothing else may overlap.
                let gap = p is Button && q is Button ? 0.5 : 0
                let overlap = rp.insetBy(dx: -gap / 2, dy: -gap / 2).intersection(rq.insetBy(dx: -gap / 2, dy: -gap / 2))
                #expect(overlap.width <= 0.01 || overlap.height <= 0.01,
                        "\(name(p)) \(rp) and \(name(q)) \(rq) overlap at \(size)")
            }
        }
        // The transport is on screen without scrolling.
        for b in [a.view.playPauseButton, a.view.previousButton, a.view.nextButton] {
            #expect(window.contains(b.convert(b.bounds, to: nil)), "\(name(b)) on screen at \(size)")
        }
    }

    @Test(arguments: kiosks)
    func kiosksAreFilled(size: Size) throws {
        let a = try app(size)
        let points = a.application.pointSize
        let pixelsPerPoint = size.width / points.width
        // The centred cover is at least 45 % of the screen's short side.
        let cover = a.root.card.centredCoverFrame
        #expect(cover.width * pixelsPerPoint >= 0.45 * min(size.width, size.height), "cover \(cover.width) pt × \(pixelsPerPoint) at \(size)")
        // From the header's top to the lowest control or label on screen: at least 80 % of the height.
        let window = Rect(origin: .zero, size: points)
        let rects = parts(of: a.root.card).map { $0.convert($0.bounds, to: nil) }.filter { window.intersects($0) } + [cover]
        let top = rects.map(\.minY).min() ?? 0, bottom = min(points.height, rects.map(\.maxY).max() ?? 0)
        #expect(bottom - top >= 0.8 * points.height, "the interface spans \(top)…\(bottom) of \(points.height) at \(size)")
    }
}

import Testing
import ViewKit
@testable import NowPlaying

/// How large the card is drawn for a window: the design size (480 × 800 portrait, 1000 × 600 side by side)
/// scaled up to fill it, or the display's DPI over 96, in quarter steps; never below 1 — but on a screen smaller
/// than any window may be (a kiosk's), as small as the card needs to be whole.
struct InterfaceScaleTests {
    @Test func phonesLaptopsAndTheSmallKioskStayAtOne() {
        for size in [Size(width: 280, height: 440), Size(width: 375, height: 667), Size(width: 414, height: 736),
                     Size(width: 800, height: 480), Size(width: 1024, height: 600), Size(width: 1280, height: 720)] {
            #expect(InterfaceScale.forWindow(size, dpi: nil) == 1, "\(size)")
        }
    }

    @Test func bigWindowsGrow() {
        // 1080 / 480 = 2.25 (1920 / 800 = 2.4 would overflow the width).
        #expect(InterfaceScale.forWindow(Size(width: 1080, height: 1920), dpi: nil) == 2.25)
        // min(1920 / 1000, 1080 / 600) = 1.8, down to the quarter: 1.75.
        #expect(InterfaceScale.forWindow(Size(width: 1920, height: 1080), dpi: nil) == 1.75)
        // min(2.56, 2.4) → 2.25.
        #expect(InterfaceScale.forWindow(Size(width: 2560, height: 1440), dpi: nil) == 2.25)
    }

    @Test func aDenseDisplayGrowsButNeverBelowTheSmallestWindow() {
        // 192 DPI asks for 2; a 1280 × 800 window at 2 would be 640 × 400 pt, under the 440 pt minimum height:
        // 800 / 440 = 1.82 → 1.75.
        #expect(InterfaceScale.forWindow(Size(width: 1280, height: 800), dpi: 192) == 1.75)
        // 1000 × 1000 asks 1.25 by size (1000 / 800), 1.5 by 144 DPI.
        #expect(InterfaceScale.forWindow(Size(width: 1000, height: 1000), dpi: 144) == 1.5)
        #expect(InterfaceScale.forWindow(Size(width: 375, height: 667), dpi: 60) == 1, "never below 1")
    }

    /// A screen smaller than the smallest window (280 × 440): the card is drawn smaller, in quarter steps, until it
    /// is laid out whole — side by side at least 640 × 360 pt (the 340 pt controls column, a 232 pt cover and its two
    /// 34 pt margins; the header of 48, that cover, its peek and the bottom margin), one column at least 280 × 440.
    @Test func aScreenSmallerThanAnyWindowDrawsTheCardSmaller() {
        // 480 / 640 = 0.75, 320 / 360 = 0.89: 0.75, a card of 640 × 427 pt, side by side.
        #expect(InterfaceScale.forWindow(Size(width: 480, height: 320), dpi: nil) == 0.75)
        #expect(CardLayout(size: Size(width: 480 / 0.75, height: 320 / 0.75)).isLandscape)
        // QVGA: 320 / 640 = 0.5; 240 / 280 = 0.86 and 320 / 440 = 0.73, down to the quarter: 0.5.
        #expect(InterfaceScale.forWindow(Size(width: 320, height: 240), dpi: nil) == 0.5)
        #expect(InterfaceScale.forWindow(Size(width: 240, height: 320), dpi: nil) == 0.5)
        #expect(InterfaceScale.forWindow(Size(width: 160, height: 120), dpi: nil) == 0.5, "not below a half")
    }
}

import CSDL2
import Glibc
import Synchronization
import Testing
@testable import ViewKit

/// Large blocks SDL allocates on the main thread while counting is on (surfaces of 64 KiB and more).
private let largeSDLAllocations = Atomic<Int>(0)
// SDL's allocator hook is a C function pointer with no context: what it reads must be global. Why
// `nonisolated(unsafe)` is safe: both are written on the main thread before the hook is put in, and only read
// after (by any thread SDL allocates on).
nonisolated(unsafe) private var sdlMalloc: SDL_malloc_func?
nonisolated(unsafe) private var mainThread = pthread_self()

/// Wraps SDL's allocator with one that counts large blocks and forwards everything to the original, so it
/// can be put in at any time (what SDL frees still goes to the original `free`).
@MainActor
private let countingSDLAllocations: Void = {
    mainThread = pthread_self()
    var calloc: SDL_calloc_func?, realloc: SDL_realloc_func?, free: SDL_free_func?
    SDL_GetMemoryFunctions(&sdlMalloc, &calloc, &realloc, &free)
    SDL_SetMemoryFunctions({ size in
        if size >= 64 << 10, pthread_equal(pthread_self(), mainThread) != 0 {
            largeSDLAllocations.add(1, ordering: .relaxed)
        }
        return sdlMalloc?(size)
    }, calloc, realloc, free)
}()

/// Copies on SDL's software renderer: cropped to the target and staged instead of SDL's per-draw temporary
/// surfaces, with the same pixels.
@MainActor
struct SoftwareCopyTests {
    /// A 100 × 100 picture of four vertical stripes, 25 px each: red, green, blue, white.
    private func stripes() throws -> Image {
        let s = try #require(Surface(width: 100, height: 100))
        for (i, colour) in [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF].enumerated() {
            var r = SDL_Rect(x: Int32(i * 25), y: 0, w: 25, h: 100)
            SDL_FillRect(s.pointer, &r, UInt32(colour))
        }
        return Image(surface: s, name: "stripes")
    }

    /// The stripes scaled 2× into 200 px starting 50 px left of the canvas: the first stripe is off the
    /// canvas, the second covers x 0…50, the third 50…100, the fourth 100…150.
    private func scene(alpha: Double) throws -> (OffscreenCanvas, View) {
        let c = try OffscreenCanvas(size: Size(width: 160, height: 60), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 160, height: 60))
        root.backgroundColor = .black
        let v = ImageView(image: try stripes())
        v.frame = Rect(x: -50, y: -70, width: 200, height: 200)
        v.alpha = alpha
        root.addSubview(v)
        return (c, root)
    }

    /// The scene's stripes over black, each channel at `alpha` of full.
    private func expectStripes(_ c: OffscreenCanvas, alpha: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let v = Int((255 * alpha).rounded())
        for (x, rgb, what) in [(20, (0, v, 0), "the second stripe starts at the edge"), (75, (0, 0, v), "the third stripe"),
                               (125, (v, v, v), "the fourth stripe"), (155, (0, 0, 0), "the picture ends at 150")] {
            assertPixel(c.pixel(x: x, y: 30), rgb.0, rgb.1, rgb.2, 4, what, sourceLocation: sourceLocation)
        }
    }

    @Test func aScaledCopyAcrossTheEdgeShowsTheRightPartOfThePicture() throws {
        let (c, root) = try scene(alpha: 1)
        c.render(root)
        expectStripes(c, alpha: 1)
        // Stripe edges stay where the scale puts them (within a pixel of rounding).
        for (x, expected) in [(48, (0, 255, 0)), (52, (0, 0, 255)), (98, (0, 0, 255)), (102, (255, 255, 255))] {
            assertPixel(c.pixel(x: x, y: 30), expected.0, expected.1, expected.2, 3, "x = \(x)")
        }
    }

    @Test func aFadedScaledCopyBlendsTheStagedPixels() throws {
        let (c, root) = try scene(alpha: 0.5)
        c.render(root)
        expectStripes(c, alpha: 0.5)
        // A translucent picture: its own alpha and the view's multiply.
        let s = try #require(Surface(width: 10, height: 10))
        SDL_FillRect(s.pointer, nil, 0x80FF_FFFF)
        let ghost = ImageView(image: Image(surface: s, name: "ghost"))
        ghost.frame = Rect(x: 0, y: 40, width: 160, height: 20)
        ghost.alpha = 0.5
        root.addSubview(ghost)
        c.render(root)
        assertPixel(c.pixel(x: 155, y: 50), 64, 64, 64, 4, "a quarter of white over black")
    }

    /// Without staging, SDL allocates a surface of the destination's size for every such copy, every frame.
    @Test func scaledFadedCopiesAllocateNothingPerFrame() throws {
        _ = countingSDLAllocations
        let (c, root) = try scene(alpha: 0.5)
        c.render(root)
        let before = largeSDLAllocations.load(ordering: .relaxed)
        for i in 0..<10 {
            root.subviews[0].alpha = 0.4 + Double(i) / 100
            c.render(root)
        }
        #expect(largeSDLAllocations.load(ordering: .relaxed) - before == 0, "large SDL allocations in 10 frames")
        expectStripes(c, alpha: 0.49)
    }

    /// A faded picture growing a pixel a frame (a transition's zoom) reuses its staging texture.
    @Test func aGrowingCopyDoesNotNeedANewStagingTextureEachFrame() throws {
        _ = countingSDLAllocations
        let c = try OffscreenCanvas(size: Size(width: 400, height: 300), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        root.backgroundColor = .black
        let v = ImageView(image: try stripes())
        v.alpha = 0.5
        root.addSubview(v)
        v.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        c.render(root)
        let before = largeSDLAllocations.load(ordering: .relaxed)
        for i in 1...40 {
            v.frame.size = Size(width: 300 + Double(i), height: 200 + Double(i) / 2)
            c.render(root)
        }
        #expect(largeSDLAllocations.load(ordering: .relaxed) - before <= 2, "new staging textures in 40 growing frames")
        assertPixel(c.pixel(x: 300, y: 100), 128, 128, 128, 4, "the last frame: 340 px wide, the fourth stripe from 255")
        assertPixel(c.pixel(x: 200, y: 100), 0, 0, 128, 4, "the third stripe from 170 to 255")
    }
    /// A 450 px picture of one-pixel lines on a ramp: where a copy samples it shows at every pixel.
    private func lines(opaque: Bool) throws -> Image {
        let s = try #require(Surface(width: 450, height: 450))
        let pitch = Int(s.pointer.pointee.pitch) / 4
        let pixels = s.pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<450 {
            for x in 0..<450 {
                let line = x % 7 == 0 || y % 11 == 0
                let v = UInt32(line ? 240 : (x + y) * 200 / 900)
                let a: UInt32 = opaque ? 255 : 200
                pixels[y * pitch + x] = a << 24 | v << 16 | (255 - v) << 8 | (v / 2)
            }
        }
        return Image(surface: s, name: "lines")
    }

    /// A scaled picture redrawn in part (a view over it gone: only that place is redrawn, clipped) shows the
    /// pixels it shows drawn whole. SDL takes a source rectangle in whole pixels, so a copy cropped to a clip
    /// was sampled up to half a source pixel off the whole copy: a first frame's cover showed a seam and a
    /// shifted rectangle where a banner had been, until the next full redraw (found by a tester).
    @Test(arguments: [(true, 1.0), (false, 1.0), (true, 0.6)])
    func aScaledPictureRedrawnInPartMatchesItDrawnWhole(opaque: Bool, alpha: Double) throws {
        let c = try OffscreenCanvas(size: Size(width: 400, height: 400), fonts: Fixtures.fonts)
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        window.backgroundColor = .black
        let picture = ImageView(image: try lines(opaque: opaque))
        picture.frame = Rect(x: 10.3, y: 20.7, width: 346, height: 346)
        picture.alpha = alpha
        let banner = View(frame: Rect(x: 60.4, y: 150.2, width: 230, height: 170))
        banner.backgroundColor = .red
        window.addSubview(picture)
        window.addSubview(banner)
        window.layoutTreeIfNeeded()
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        banner.isHidden = true
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(c.renderer.lastRegion.area < 400 * 400 / 2, "only the banner's place is redrawn")
        func pixels() -> [UInt32] { c.rgbPixels(width: 400, height: 400) }
        let partial = pixels()
        c.renderer.render(window, background: .black)
        let whole = pixels()
        let differing = zip(partial, whole).filter { $0 != $1 }.count
        #expect(differing == 0, "pixels that differ from the whole redraw")
    }
}

import Foundation
import Testing
@testable import ViewKit

/// The UI font's files are read into memory (`FileBytes`): a face keeps the file it was opened from for as long as it
/// is open, whatever happens to the file, its name or the renderer's font library.
@MainActor
struct FontFileTests {
    private func draw(_ text: String, on canvas: OffscreenCanvas) -> [UInt32] {
        let root = View(frame: Rect(origin: .zero, size: canvas.size))
        root.backgroundColor = .black
        let label = Label(text: text, font: Font(size: 22), color: .white)
        label.frame = root.bounds
        root.addSubview(label)
        canvas.render(root)
        return canvas.rgbPixels()
    }

    private func canvas(_ fonts: FontLibrary) throws -> OffscreenCanvas {
        try OffscreenCanvas(size: Size(width: 260, height: 36), fonts: fonts)
    }

    @Test func aLineDrawnAfterTheLibraryChangedAndCameBackIsDrawnAsBefore() throws {
        let c = try canvas(Fixtures.fonts)
        let before = draw("Hamburgefonstiv 0123", on: c)
        #expect(before.contains { $0 != 0 }, "the line is drawn")
        let bold = Fixtures.repoRoot.appendingPathComponent("Fonts/Inter-Bold.otf").path
        c.renderer.text.library = FontLibrary(faces: [.regular: bold])
        let other = draw("Hamburgefonstiv 0123", on: c)
        #expect(other != before, "another file's face draws the line differently")
        c.renderer.text.library = Fixtures.fonts
        #expect(draw("Hamburgefonstiv 0123", on: c) == before, "the first file, mapped again, draws the same pixels")
    }

    /// Opens a copy of Inter Regular as the UI font and draws with it, lets `change` do what it will to the file (its
    /// path given, and the folder of Inter's files), then expects lines first drawn afterwards to be drawn as with
    /// Inter Regular.
    private func expectTheFaceKeepsItsFile(_ what: String, after change: (_ path: String, _ fonts: URL) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vk-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fonts = Fixtures.repoRoot.appendingPathComponent("Fonts")
        let path = dir.appendingPathComponent("UI.otf").path
        try FileManager.default.copyItem(atPath: fonts.appendingPathComponent("Inter-Regular.otf").path, toPath: path)
        let c = try canvas(FontLibrary(faces: [.regular: path]))
        _ = draw("Hamburgefonstiv", on: c)
        try change(path, fonts)
        let reference = try canvas(Fixtures.fonts)
        #expect(draw("Quiz 4567 jumps", on: c) == draw("Quiz 4567 jumps", on: reference),
                "glyphs first drawn after \(what) come from the file as it was opened")
    }

    /// A package upgrade puts a new font file in place by renaming it over the old one: an open face keeps the old
    /// file's contents, and draws as it did.
    @Test func aFaceKeepsItsFileWhenAnotherIsRenamedOverIt() throws {
        try expectTheFaceKeepsItsFile("the rename") { path, fonts in
            let replacement = path + ".new"
            try FileManager.default.copyItem(atPath: fonts.appendingPathComponent("Inter-Bold.otf").path, toPath: replacement)
            #expect(rename(replacement, path) == 0)
        }
    }

    /// `cp` over a font file rewrites it in place: a face reading the file itself would read the new file's bytes
    /// (garbage glyphs), or, had the file been mapped, be killed by SIGBUS past the new end (it was, in a first
    /// version). The UI font's bytes are the process's own copy: it draws as it did.
    @Test func aFaceKeepsItsFileWhenItIsRewrittenInPlace() throws {
        try expectTheFaceKeepsItsFile("the rewrite") { path, fonts in
            let other = try Data(contentsOf: fonts.appendingPathComponent("Inter-Bold.otf")).prefix(100_000)
            let fd = open(path, O_WRONLY | O_TRUNC)
            #expect(fd >= 0)
            #expect(other.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == other.count)
            close(fd)
        }
    }

    @Test func aFileThatCannotBeReadIsNoFace() {
        #expect(FileBytes(path: "/nonexistent/font.otf") == nil)
        #expect(FileBytes(path: "/dev/null") == nil, "not a regular file")
        #expect(FileBytes(path: FileManager.default.temporaryDirectory.path) == nil, "a folder")
    }
}

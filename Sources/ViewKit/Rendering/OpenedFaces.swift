import CSDL2
import Locking

/// The UI font's faces opened on a worker while the window opens — each file read into memory, parsed by FreeType,
/// and its shaping tables loaded by one measurement — instead of on the interface thread as the first frame's text
/// is laid out (a sixth of the time from the views made to the first frame on screen). The text renderer made with
/// them takes them as its own.
public final class OpenedFaces: Sendable {
    /// A face and the bytes it reads.
    struct Face {
        let path: String
        let file: FileBytes
        let handle: OpaquePointer
        /// The pixel size it was opened at.
        let size: Int
    }

    /// The faces, handed over once.
    // @unchecked Sendable, proof: the worker makes the faces and keeps no reference to them once it returns; they are
    // read only after `Pending.wait()` (which orders the worker's writes before the read), by the one text renderer
    // made with them, on its thread, which then owns them (and closes them); `take` hands them out once.
    private struct Handed: @unchecked Sendable { let faces: [Face] }
    private let pending: Pending<Handed>
    private let taken = Locked(false)

    /// Begins opening `library`'s faces on a worker, at `size` pixels.
    public init(library: FontLibrary, size: Int = 16) {
        let paths = Set(library.faces.values).sorted()
        pending = Pending {
            if TTF_WasInit() == 0 { TTF_Init() }
            return Handed(faces: paths.compactMap { path in
                guard let file = FileBytes(path: path), let handle = TextRenderer.openFace(in: file, size: size, index: 0) else { return nil }
                // HarfBuzz loads a face's tables (its glyph map, substitutions and positions) at its first shaping.
                var w: Int32 = 0, h: Int32 = 0
                TTF_SizeUTF8(handle, "0:00", &w, &h)
                return Face(path: path, file: file, handle: handle, size: size)
            })
        }
    }

    /// The faces, waited for; only the first call has them (a text renderer adopting them closes them).
    func take() -> [Face] {
        guard taken.withLock({ was in defer { was = true }; return !was }) else { return [] }
        return pending.wait().faces
    }

    /// Closes faces no text renderer took (a program that stopped before making its renderer).
    deinit {
        for face in take() { TTF_CloseFont(face.handle) }
    }
}

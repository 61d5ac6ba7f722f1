import CZlib

/// PNG files made in the test, their rows compressed as they come (a 20000 × 20000 picture is a few hundred
/// KB and never held whole), so huge pictures need no files in the repository. Rows use filter type 0.
struct PNGWriter {
    /// PNG colour types used here, with their channels.
    enum ColorType: UInt8 {
        case rgb = 2, palette = 3, rgba = 6
        var channels: Int { self == .rgb ? 3 : self == .rgba ? 4 : 1 }
    }

    let width: Int, height: Int
    let colorType: ColorType
    var bitDepth = 8
    /// RGB triples (palette pictures only).
    var palette: [UInt8] = []
    /// Adam7: each pass's rows are taken from the rows `row` gives (8-bit depth only).
    var interlaced = false

    /// The file's bytes; `row(y)` gives row y's packed pixels (without the filter byte).
    func bytes(row: (Int) -> [UInt8]) -> [UInt8] {
        var ihdr = be32(width) + be32(height)
        ihdr += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
        if colorType == .palette { file += chunk("PLTE", palette) }
        let compressor = Compressor()
        if interlaced {
            // Adam7: pass p holds the pixels at (startX + i·stepX, startY + j·stepY).
            let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            let c = colorType.channels
            for (sx, sy, dx, dy) in passes where sx < width && sy < height {
                for y in stride(from: sy, to: height, by: dy) {
                    let full = row(y)
                    var packed: [UInt8] = [0]
                    for x in stride(from: sx, to: width, by: dx) { packed += full[x * c..<x * c + c] }
                    compressor.add(packed)
                }
            }
        } else {
            for y in 0..<height { compressor.add([0] + row(y)) }
        }
        return file + chunk("IDAT", compressor.finish()) + chunk("IEND", [])
    }

    private func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        return be32(data.count) + body + be32(Int(crc))
    }

    /// zlib's deflate, fed a row at a time. Its stream stays at one address (zlib checks that it does).
    private final class Compressor {
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private var output: [UInt8] = []

        init() {
            stream.initialize(to: z_stream())
            deflateInit_(stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        }

        deinit { stream.deallocate() }

        func add(_ bytes: [UInt8]) { run(bytes, flush: Z_NO_FLUSH) }

        func finish() -> [UInt8] {
            run([], flush: Z_FINISH)
            deflateEnd(stream)
            return output
        }

        private func run(_ input: [UInt8], flush: Int32) {
            var input = input
            var chunk = [UInt8](repeating: 0, count: 65_536)
            input.withUnsafeMutableBufferPointer { inp in
                stream.pointee.next_in = inp.baseAddress
                stream.pointee.avail_in = UInt32(inp.count)
                var status = Z_OK
                repeat {
                    let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                        stream.pointee.next_out = out.baseAddress
                        stream.pointee.avail_out = UInt32(out.count)
                        status = deflate(stream, flush)
                        return out.count - Int(stream.pointee.avail_out)
                    }
                    output += chunk[0..<produced]
                } while stream.pointee.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END)
            }
        }
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
@testable import PageInfoDraw
import PageInfoTestSupport
import Testing

/// The PNG writer, checked by an independent decoder (Python's zlib and a from-the-spec
/// unfilter in `scripts/png_to_rgb.py`).
@Suite("PNG encoder")
struct PNGEncoderTests {
    @Test("Base64 and the chunks' CRC-32 match their published check values")
    func checkValues() {
        #expect(Zlib.crc32(Array("123456789".utf8)) == 0xCBF4_3926)   // the CRC catalogue's check value
        #expect(Base64.encode(Array("Man".utf8)) == "TWFu")               // RFC 4648 §10
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
        #expect(Base64.encode(Array("f".utf8)) == "Zg==")
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64.encode([]) == "")
    }

    @Test("the signature and IHDR say 8-bit RGB of the image's size")
    func header() {
        let png = PNGEncoder.encode(RGBImage(width: 300, height: 7))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(Array(png[16..<24]) == [0, 0, 1, 44, 0, 0, 0, 7])
        #expect(Array(png[24..<29]) == [8, 2, 0, 0, 0])
    }

    static func images() -> [(String, RGBImage)] {
        var rng = SeededRNG(seed: 0x5EED_0009)
        var noise = RGBImage(width: 97, height: 61)
        for i in noise.pixels.indices { noise.pixels[i] = UInt8.random(in: 0...255, using: &rng) }
        var gradient = RGBImage(width: 256, height: 40)
        for y in 0..<40 { for x in 0..<256 { gradient.setPixel(x: x, y: y, RGBColor(red: UInt8(x), green: UInt8(y * 6), blue: UInt8(255 - x))) } }
        // Wider than DEFLATE's 32 KiB window per few rows, mostly flat with a few marks.
        var wide = RGBImage(width: 12_000, height: 12, color: RGBColor(hex: 0xEBF2FF))
        for k in 0..<200 { wide.setPixel(x: Int.random(in: 0..<12_000, using: &rng), y: k % 12, .black) }
        var blocks = RGBImage(width: 33, height: 33)
        blocks.fill(x0: 3, y0: 3, x1: 30, y1: 17, RGBColor(hex: 0x1F4FE0))
        blocks.drawText("Hello, 0,0 ~", x: 0, y: 20, color: .black)
        // Noise of 270,000 bytes: several DEFLATE blocks.
        var bigNoise = RGBImage(width: 300, height: 300)
        for i in bigNoise.pixels.indices { bigNoise.pixels[i] = UInt8.random(in: 0...255, using: &rng) }
        return [("1x1", RGBImage(width: 1, height: 1, color: RGBColor(hex: 0x123456))), ("noise", noise), ("bigNoise", bigNoise),
                ("gradient", gradient), ("wide", wide), ("blocks", blocks)]
    }

    @Test("Python's zlib decodes every image back to the same pixels", .requiresTool(.python3),
          arguments: images())
    func roundTrip(_ named: (String, RGBImage)) throws {
        let (name, image) = named
        let decoded = try decodeWithPython(PNGEncoder.encode(image))
        #expect(decoded.width == image.width, "\(name)")
        #expect(decoded.height == image.height, "\(name)")
        #expect(decoded.pixels == image.pixels, "\(name)")
    }

    @Test("a flat page compresses well")
    func compresses() {
        let png = PNGEncoder.encode(RGBImage(width: 600, height: 800, color: RGBColor(hex: 0xEBF2FF)))
        #expect(png.count < 600 * 800 * 3 / 50)
    }
}

@Suite("Bitmap font")
struct BitmapFontTests {
    @Test("95 printable ASCII glyphs of 5 columns")
    func glyphCount() {
        var image = RGBImage(width: 6 * 95, height: 7)
        let all = String(String.UnicodeScalarView((32...126).map { Unicode.Scalar(UInt8($0)) }))
        image.drawText(all, x: 0, y: 0, color: .black)
        #expect(BitmapFont.width(of: all) == 95 * 6 - 1)
        // 'I' (ASCII 73) is a vertical bar in the middle column with serifs: column 2 fully set.
        let i = 73 - 32
        for row in 0..<7 { #expect(image.pixel(x: i * 6 + 2, y: row) == .black) }
        // The space is empty.
        for x in 0..<5 { for y in 0..<7 { #expect(image.pixel(x: x, y: y) == .white) } }
    }
}

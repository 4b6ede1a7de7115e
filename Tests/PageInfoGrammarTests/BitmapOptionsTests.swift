// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoGrammar
import Testing

/// `pages --dpi/--bitmap-size/--fit/--renderer` as text: what each combination means,
/// what is refused, and the worker arguments batch mode writes, read back to the same request.
@Suite("BitmapOptions")
struct BitmapOptionsTests {
    @Test("the options' requests")
    func requests() throws {
        #expect(try BitmapOptions.request(dpi: nil, bitmapSize: nil, fit: nil, renderer: nil) == nil)
        #expect(try BitmapOptions.request(dpi: "150", bitmapSize: nil, fit: nil, renderer: nil)
                == BitmapRequest(.dotsPerInch(150), renderer: .pdftoppmCropBox))
        #expect(try BitmapOptions.request(dpi: "97.5", bitmapSize: nil, fit: nil, renderer: "mupdf")
                == BitmapRequest(.dotsPerInch(97.5), renderer: .mupdf))
        #expect(try BitmapOptions.request(dpi: nil, bitmapSize: "1024x768", fit: nil, renderer: nil)
                == BitmapRequest(.pixelSize(width: 1024, height: 768, fit: .contain)))
        #expect(try BitmapOptions.request(dpi: nil, bitmapSize: "1X2", fit: "fill", renderer: "pdfium")
                == BitmapRequest(.pixelSize(width: 1, height: 2, fit: .fill), renderer: .pdfium))
    }

    @Test("refused, with one line naming the option", arguments: [
        ("0", nil, nil, nil, "--dpi 0"), ("1e6", nil, nil, nil, "--dpi 1e6"), ("nan", nil, nil, nil, "--dpi nan"),
        ("150", "10x10", nil, nil, "--dpi and --bitmap-size"), ("150", nil, "fill", nil, "--fit applies only"),
        (nil, nil, "contain", nil, "--fit applies only"), (nil, nil, nil, "pdfium", "--renderer applies only"),
        (nil, "10x10", nil, "cairo", "--renderer cairo"), (nil, "10x10", "stretch", nil, "--fit stretch"),
        (nil, "-1x10", nil, nil, "--bitmap-size -1x10"), (nil, "+1x10", nil, nil, "--bitmap-size +1x10"),
        (nil, "2147483648x1", nil, nil, "1 to 2147483647"), (nil, "10x10x10", nil, nil, "WIDTHxHEIGHT"), (nil, "", nil, nil, "--bitmap-size"),
    ] as [(String?, String?, String?, String?, String)])
    func refused(dpi: String?, size: String?, fit: String?, renderer: String?, message: String) {
        do {
            let r = try BitmapOptions.request(dpi: dpi, bitmapSize: size, fit: fit, renderer: renderer)
            Issue.record("accepted: \(String(describing: r))")
        } catch {
            #expect(error.description.contains(message) && !error.description.contains("\n"), "\(error.description)")
        }
    }

    @Test("worker arguments read back to the same request")
    func roundTrip() throws {
        for request in [BitmapRequest(.dotsPerInch(150)), BitmapRequest(.dotsPerInch(0.1 + 0.2), renderer: .mupdf),
                        BitmapRequest(.dotsPerInch(100000), renderer: .pdfium), BitmapRequest(.dotsPerInch(0.001)),
                        BitmapRequest(.pixelSize(width: 2147483647, height: 1, fit: .fill)),
                        BitmapRequest(.pixelSize(width: 640, height: 480, fit: .contain), renderer: .mupdf)] {
            let a = BitmapOptions.arguments(for: request)
            func value(_ name: String) -> String? { a.firstIndex(of: name).map { a[$0 + 1] } }
            let back = try BitmapOptions.request(dpi: value("--dpi"), bitmapSize: value("--bitmap-size"), fit: value("--fit"),
                                                 renderer: value("--renderer"))
            #expect(back == request, "\(a)")
        }
    }
}

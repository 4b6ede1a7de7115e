// SPDX-License-Identifier: GPL-2.0-or-later
// Rendering through Poppler's Splash rasterizer. See include/pageinfo_render.h for the contract.
//
// pdftoppm renders with Page::displaySlice, which picks the box (MediaBox or CropBox) and adds
// the page's /Rotate itself. We need the caller's region and rotation instead (our effective
// boxes follow ISO 32000-2 where Poppler's differ, and our /Rotate policy treats 45 as 0), so
// we do what displaySlice does with our own values: build the page's Gfx over `region` with
// `rotation`, draw the content stream, then the annotations.
#include "pageinfo_render.h"
#include "block_file_stream.h"
#include "poppler_compat.h"
#include "poppler_render_compat.h"
#include "poppler_setup.h"

#include <Error.h>
#include <PDFDoc.h>
#include <goo/GooString.h>
#include <splash/SplashBitmap.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>

struct pi_render_document {
    std::unique_ptr<PDFDoc> doc;
};

namespace {

std::optional<GooString> password_of(const char *password) {
    if (!password) return std::nullopt;
    return GooString(password);
}

} // namespace

extern "C" {

pi_render_document *pi_render_open_descriptor(int fd, int64_t size, const char *password, int *poppler_error_code) {
    pageinfo::ensure_global_params();
    auto state = std::make_unique<pi_render_document>();
    std::shared_ptr<pageinfo::BlockFileSource> source = pageinfo::adopt_block_file_source(fd, size);
    state->doc = pageinfo::make_pdf_doc(pageinfo::make_block_file_stream(source), password_of(password),
                                        password_of(password), {});
    if (poppler_error_code) *poppler_error_code = state->doc->isOk() ? 0 : state->doc->getErrorCode();
    if (!state->doc->isOk()) return nullptr;
    return state.release();
}

void pi_render_close(pi_render_document *document) { delete document; }

int pi_render_page_count(pi_render_document *document) { return std::max(0, document->doc->getNumPages()); }

pi_render_status pi_render_page(pi_render_document *document, int index, pi_render_rect region, int rotation,
                                int width, int height, uint8_t *rgb_out) {
    PDFDoc *doc = document->doc.get();
    if (index < 0 || index >= doc->getNumPages()) return PI_RENDER_BAD_PAGE;
    if (rotation != 0 && rotation != 90 && rotation != 180 && rotation != 270) return PI_RENDER_BAD_ARGUMENT;
    const double regionWidth = region.x1 - region.x0, regionHeight = region.y1 - region.y0;
    if (!(regionWidth > 0) || !(regionHeight > 0) || width <= 0 || height <= 0) return PI_RENDER_BAD_ARGUMENT;
    Page *page = doc->getPage(index + 1);
    if (!page || !page->isOk()) return PI_RENDER_BAD_PAGE;

    // Device x runs along the displayed width, device y along the displayed height; a quarter
    // turn swaps which raw extent that is. Poppler's GfxState sizes the bitmap as
    // round(extent * dpi / 72), so these DPIs give exactly width × height pixels.
    const bool quarter = rotation == 90 || rotation == 270;
    const double displayedWidth = quarter ? regionHeight : regionWidth;
    const double displayedHeight = quarter ? regionWidth : regionHeight;
    const double hDPI = 72.0 * width / displayedWidth, vDPI = 72.0 * height / displayedHeight;

    SplashColor paper;
    paper[0] = paper[1] = paper[2] = 255;
    std::unique_ptr<SplashOutputDev> out = pageinfo::make_splash_output_dev(splashModeRGB8, 4, paper);
    out->setFontAntialias(true);
    out->setVectorAntialias(true);
    out->startDoc(doc);

    PDFRectangle box(region.x0, region.y0, region.x1, region.y1);
    {
        std::unique_ptr<Gfx> gfx = pageinfo::make_page_gfx(doc, out.get(), index + 1, page->getResourceDict(), hDPI, vDPI, box, rotation);
        page->display(gfx.get());
        pageinfo::draw_annotations(page, gfx.get());
        out->dump();
    }

    SplashBitmap *bitmap = out->getBitmap();
    if (!bitmap || !bitmap->getDataPtr()) return PI_RENDER_OUT_OF_MEMORY;
    // Rounding could in theory make Poppler's bitmap a pixel off; copy what overlaps, paper elsewhere.
    std::memset(rgb_out, 255, size_t(width) * size_t(height) * 3);
    const int rows = std::min(height, bitmap->getHeight()), cols = std::min(width, bitmap->getWidth());
    const unsigned char *data = bitmap->getDataPtr();
    for (int y = 0; y < rows; ++y) {
        std::memcpy(rgb_out + size_t(y) * size_t(width) * 3, data + size_t(y) * size_t(bitmap->getRowSize()),
                    size_t(cols) * 3);
    }
    return PI_RENDER_OK;
}

} // extern "C"

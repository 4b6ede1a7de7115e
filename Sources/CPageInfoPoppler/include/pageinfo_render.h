// SPDX-License-Identifier: GPL-2.0-or-later
// pageinfo_render.h — rendering a page region into an RGB bitmap with Poppler's own rasterizer.
//
// Separate from pageinfo_poppler.h on purpose: it is the only part of the shim that uses
// Poppler's Splash rasterizer (SplashOutputDev, Gfx), which lives in libpoppler itself, so it
// adds no shared library to the process (no glib, no cairo). It opens its own PDFDoc and
// declares its own types, so it depends on nothing in pageinfo_poppler.h or inside pi_document.
//
// The mapping is stated by the caller, not chosen by Poppler: the region (raw PDF user space),
// the clockwise quarter turn, and the bitmap's pixel size. Poppler's GfxState then maps the
// region's corners exactly onto the bitmap's corners, scaling x by width / displayed width and
// y by height / displayed height (what pdftoppm does with -scale-to-x/-y). That is the same
// mapping as PageGeometry's `PagePlacement(stretching:toFill:)`, so overlays drawn with it
// line up with the pixels.
#ifndef PAGEINFO_RENDER_H
#define PAGEINFO_RENDER_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

/// A rectangle in raw PDF user space (points), corners normalized (x0 <= x1, y0 <= y1).
typedef struct pi_render_rect {
    double x0, y0, x1, y1;
} pi_render_rect;

/// A document opened for rendering. Create with pi_render_open_descriptor, release with pi_render_close.
/// Not thread-safe: use one handle from one thread at a time.
typedef struct pi_render_document pi_render_document;

/// Opens the PDF file open for reading at descriptor `fd`, `size` bytes long, for rendering (the
/// caller opened it: the shim opens no file), read through the reader's block stream. The
/// document owns `fd` from this call on, whatever the result. `password` (may be NULL) is tried
/// as owner and user password. Returns NULL when Poppler cannot open it (open it with
/// pi_document_open_descriptor first for a precise reason); `poppler_error_code` (may be NULL)
/// receives PDFDoc::getErrorCode().
pi_render_document *_Nullable pi_render_open_descriptor(int fd, int64_t size, const char *_Nullable password,
                                                        int *_Nullable poppler_error_code);

/// Releases the document. NULL is allowed.
void pi_render_close(pi_render_document *_Nullable document);

/// The number of pages Poppler's renderer counts in the document's page tree (its
/// Catalog::getNumPages, the root's /Count once Poppler accepts it): 0 when it rejects the
/// /Count (larger than the objects, 0). It may exceed the pages it can load: pi_render_page
/// renders only pages 0 ..< this count, and fails on those it cannot load.
int pi_render_page_count(pi_render_document *document);

/// Why a render failed.
typedef enum pi_render_status {
    PI_RENDER_OK = 0,
    PI_RENDER_BAD_PAGE = 1,      ///< the index is out of range (pi_render_page_count) or Poppler cannot load the page
    PI_RENDER_BAD_ARGUMENT = 2,  ///< empty region, rotation not a quarter turn, size <= 0
    PI_RENDER_OUT_OF_MEMORY = 3, ///< Poppler could not allocate the bitmap
} pi_render_status;

/// Renders page `index` (0-based): the rectangle `region` of raw PDF user space (points,
/// corners normalized) turned clockwise by `rotation` (0, 90, 180 or 270) is drawn into a
/// `width` × `height` bitmap, white paper, content clipped to the region, annotations drawn as
/// a viewer shows them. The page's own /Rotate and boxes are not used: the caller chose them.
///
/// `rgb_out` receives `width * height * 3` bytes, rows top to bottom, 8-bit R, G, B.
pi_render_status pi_render_page(pi_render_document *document, int index, pi_render_rect region, int rotation,
                                int width, int height, uint8_t *rgb_out);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif

// SPDX-License-Identifier: GPL-2.0-or-later
// The Poppler rendering calls (Splash, Gfx, annotations) whose declarations differ between the
// releases CI builds against, one branch per change named by the release that made it, detected
// from the declaration as in poppler_compat.h (which says how the releases were found). Only the
// renderer (pageinfo_render.cc) includes it: the reader's files need no Splash header.
#ifndef PAGEINFO_POPPLER_RENDER_COMPAT_H
#define PAGEINFO_POPPLER_RENDER_COMPAT_H

#include "poppler_compat.h"

#include <Annot.h>
#include <Gfx.h>
#include <Page.h>
#include <SplashOutputDev.h>

#include <memory>
#include <type_traits>

namespace pageinfo {

/// A Splash output device drawing on `paper`, colours not inverted. Poppler 26.02 dropped the
/// constructor's reverseVideo parameter (LibreOffice's check; 26.01 still has it).
template <typename Out = SplashOutputDev>
std::unique_ptr<Out> make_splash_output_dev(SplashColorMode mode, int row_pad, SplashColorPtr paper) {
    if constexpr (std::is_constructible_v<Out, SplashColorMode, int, SplashColorPtr>) { // Poppler 26.02
        return std::make_unique<Out>(mode, row_pad, paper);
    } else if constexpr (std::is_constructible_v<Out, SplashColorMode, int, bool, SplashColorPtr>) {
        return std::make_unique<Out>(mode, row_pad, false, paper);
    } else {
        static_assert(compat_detail::no_branch_for<Out>, "make_splash_output_dev: no SplashOutputDev constructor in this Poppler");
    }
}

/// A Gfx drawing page `page_number` (1-based) of `doc` on `out`, `box` (raw user space) as both its
/// box and crop box, turned `rotation` degrees. Poppler 26.06 takes the box by reference (a
/// pointer before; LibreOffice's check, 26.01 has the pointer).
template <typename G = Gfx>
std::unique_ptr<G> make_page_gfx(PDFDoc *doc, OutputDev *out, int page_number, Dict *resources, double h_dpi,
                                 double v_dpi, const PDFRectangle &box, int rotation) {
    if constexpr (std::is_constructible_v<G, PDFDoc *, OutputDev *, int, Dict *, double, double, const PDFRectangle &,
                                          const PDFRectangle *, int>) { // Poppler 26.06
        return std::make_unique<G>(doc, out, page_number, resources, h_dpi, v_dpi, box, &box, rotation);
    } else if constexpr (std::is_constructible_v<G, PDFDoc *, OutputDev *, int, Dict *, double, double,
                                                 const PDFRectangle *, const PDFRectangle *, int>) {
        return std::make_unique<G>(doc, out, page_number, resources, h_dpi, v_dpi, &box, &box, rotation);
    } else {
        static_assert(compat_detail::no_branch_for<G>, "make_page_gfx: no Gfx page constructor in this Poppler");
    }
}

/// Draws the page's annotations on `gfx`, in the page's order. No branch: Annots::getAnnots()
/// holds std::shared_ptr<Annot> since a release after 25.03 (26.01 has it; Annot * before), and
/// Page::getAnnots lost its optional XRef * after 26.01; the loop and the call read the same for both.
inline void draw_annotations(Page *page, Gfx *gfx) {
    if (Annots *annots = page->getAnnots()) {
        for (const auto &annot : annots->getAnnots()) annot->draw(gfx, false);
    }
}

} // namespace pageinfo

#endif

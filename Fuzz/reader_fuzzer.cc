// SPDX-License-Identifier: GPL-2.0-or-later
// libFuzzer harness for the reader: bytes → pi_document_open_bytes → every page through the
// cursor (geometry, labels), the document facts, a cursor opened mid-tree, the outline, and close.
// Built and run by `make fuzz` (scripts/fuzz.sh); crashers go to Fixtures/crashers/.
#include "pageinfo_poppler.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>

static void check_rect(const pi_rect &r) {
    if (!(std::isfinite(r.x0) && std::isfinite(r.y0) && std::isfinite(r.x1) && std::isfinite(r.y1))) std::abort();
    if (r.x0 > r.x1 || r.y0 > r.y1) std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    pi_open_result result;
    pi_document *doc = pi_document_open_bytes(data, size, nullptr, &result);
    if (!doc) return 0;
    pi_document_facts facts;
    pi_document_get_facts(doc, &facts);
    int major, minor;
    pi_document_pdf_version(doc, &major, &minor);
    (void)pi_document_page_layout(doc);
    (void)pi_document_direction(doc);

    pi_page_cursor *cursor = pi_page_cursor_open(doc, 0, true);
    pi_page page;
    int n = 0;
    while (pi_page_cursor_next(cursor, &page) && n < 100000) {
        if (page.index != n) std::abort();                       // positions are consecutive
        if (page.error == PI_PAGE_OK) {
            check_rect(page.geometry.media);
            if (page.geometry.crop.present) check_rect(page.geometry.crop.rect);
            if (!(page.geometry.user_unit > 0 && std::isfinite(page.geometry.user_unit))) std::abort();
        }
        if (page.label && page.label_length > PI_MAX_LABEL_BYTES) std::abort();
        n++;
    }
    pi_walk_summary summary;
    pi_page_cursor_summary(cursor, &summary);
    if (summary.positions != n) std::abort();
    pi_page_cursor_close(cursor);
    pi_document_facts after;
    pi_document_get_facts(doc, &after); // the facts again, after a walk

    // A cursor opened in the middle sees the same positions as the walk from the start, also
    // when Poppler rebuilt the cross-reference table during that walk (the reader then keeps
    // what the table located and repeats the read: every read of a document sees one table).
    if (n > 1) {
        pi_page_cursor *mid = pi_page_cursor_open(doc, n / 2, false);
        int rest = 0;
        while (pi_page_cursor_next(mid, &page)) rest++;
        if (rest != n - n / 2) std::abort();
        pi_page_cursor_close(mid);
    }

    // The outline: bounded, in pre-order (each item at most one level below the one before it).
    pi_outline_summary outline_summary;
    pi_outline_list *outline = pi_document_outline(doc, &outline_summary);
    const size_t items = pi_outline_list_count(outline);
    if (items > PI_MAX_OUTLINE_ITEMS) std::abort();
    int previous_level = -1;
    for (size_t i = 0; i < items; i++) {
        pi_outline_item item;
        pi_outline_list_get(outline, i, &item);
        if (item.level < 0 || item.level >= PI_MAX_OUTLINE_DEPTH || item.level > previous_level + 1) std::abort();
        if (item.title.bytes && item.title.length > PI_MAX_TEXT_BYTES) std::abort();
        previous_level = item.level;
    }
    pi_outline_list_close(outline);
    pi_document_close(doc);
    return 0;
}

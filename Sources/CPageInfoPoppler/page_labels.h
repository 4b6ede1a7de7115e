// SPDX-License-Identifier: GPL-2.0-or-later
// Our own reader of the catalog's /PageLabels number tree (ISO 32000-2 §12.4.2).
//
// Poppler's PageLabelInfo parses the tree recursively (a file can nest it deep enough to
// overflow the stack) and builds each label in full (/S /A /St 2147483647 is an 82 MB label).
// This reader walks the tree with an explicit stack, bounded in depth and node count, and
// formats labels clipped to PI_MAX_LABEL_BYTES.
#ifndef PAGEINFO_PAGE_LABELS_H
#define PAGEINFO_PAGE_LABELS_H

#include <cstdint>
#include <string>
#include <vector>

class Object;

namespace pageinfo {

class PageLabels {
public:
    /// Reads `tree` (the catalog's /PageLabels value). Never throws; damage is recorded.
    explicit PageLabels(const Object &tree);

    /// The label of page `index`, or false when no range covers it. `clipped` is set when the
    /// label was longer than the cap.
    bool label(int64_t index, std::string *out, bool *clipped) const;

    /// Whether part of the tree could not be read (loops, too deep, too many nodes, bad entries).
    bool damaged() const { return damaged_; }

    static constexpr int kMaxDepth = 64;          // pdfium stops at 32 for name/number trees
    static constexpr int kMaxNodes = 1 << 20;     // nodes visited; bounds the work on any file

private:
    enum Style { None, Decimal, UpperRoman, LowerRoman, UpperLetters, LowerLetters };
    struct Range {
        int64_t start;      // first page index
        Style style;
        std::string prefix; // UTF-8, clipped
        int64_t first;      // /St
        bool prefixClipped; // /P was longer than the cap
    };
    std::vector<Range> ranges_; // sorted by start (stable)
    bool damaged_ = false;
};

} // namespace pageinfo

#endif

// SPDX-License-Identifier: GPL-2.0-or-later
// Our own /PageLabels reader. See page_labels.h.
#include "page_labels.h"

#include "pageinfo_poppler.h"
#include "poppler_compat.h"
#include "text_string.h"

#include <Object.h>
#include <XRef.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <unordered_set>

namespace pageinfo {

PageLabels::PageLabels(const Object &root) {
    struct Item { Object node; int depth; };
    std::vector<Item> stack;
    std::unordered_set<int> visited;
    if (!root.isDict()) { damaged_ = true; return; }
    stack.push_back({ root.copy(), 0 });
    int nodes = 0;
    while (!stack.empty()) {
        Item item = std::move(stack.back());
        stack.pop_back();
        if (++nodes > kMaxNodes) { damaged_ = true; break; }
        Dict *dict = item.node.getDict();
        Object nums = dict->lookup("Nums");
        if (nums.isArray()) {
            int n = nums.arrayGetLength();
            if (n % 2) damaged_ = true;
            for (int i = 0; i + 1 < n; i += 2) {
                Object key = nums.arrayGet(i);
                Object value = nums.arrayGet(i + 1);
                if (!key.isInt() || key.getInt() < 0 || !value.isDict()) { damaged_ = true; continue; }
                Range r { key.getInt(), None, {}, 1, false };
                Object s = value.dictLookup("S");
                if (s.isName("D")) r.style = Decimal;
                else if (s.isName("R")) r.style = UpperRoman;
                else if (s.isName("r")) r.style = LowerRoman;
                else if (s.isName("A")) r.style = UpperLetters;
                else if (s.isName("a")) r.style = LowerLetters;
                Object p = value.dictLookup("P");
                if (p.isString()) {
                    r.prefix = text_string_to_utf8(string_bytes(p));
                    r.prefixClipped = clip_utf8(r.prefix, PI_MAX_LABEL_BYTES);
                }
                Object st = value.dictLookup("St");
                if (st.isInt()) r.first = st.getInt();
                ranges_.push_back(std::move(r));
            }
        }
        Object kids = dict->lookup("Kids");
        if (!kids.isArray()) continue;
        if (item.depth >= kMaxDepth) { damaged_ = true; continue; }
        // Push in reverse so kids are visited in order (the result is sorted anyway).
        for (int i = kids.arrayGetLength() - 1; i >= 0; i--) {
            const Object &ref = array_element_unfetched(kids, i);
            if (ref.isRef() && !visited.insert(ref.getRef().num).second) { damaged_ = true; continue; }
            Object kid = kids.arrayGet(i);
            if (!kid.isDict()) { damaged_ = true; continue; }
            stack.push_back({ std::move(kid), item.depth + 1 });
        }
    }
    // Sorted by start, ties in the order found: std::sort over (start, position). (std::stable_sort
    // would do, but libstdc++'s uses std::get_temporary_buffer, deprecated in C++20: every client
    // build printed the warning.)
    std::vector<size_t> order(ranges_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [this](size_t a, size_t b) {
        return ranges_[a].start < ranges_[b].start || (ranges_[a].start == ranges_[b].start && a < b);
    });
    std::vector<Range> sorted;
    sorted.reserve(ranges_.size());
    for (size_t i : order) sorted.push_back(std::move(ranges_[i]));
    ranges_ = std::move(sorted);
}

namespace {

// Roman numerals for 1…3999, as Poppler writes them; other numbers have none (Poppler too).
std::string roman(int64_t n, bool upper) {
    std::string s;
    if (n < 1 || n > 3999) return s;
    static const struct { int value; const char *upper, *lower; } table[] = {
        { 1000, "M", "m" }, { 900, "CM", "cm" }, { 500, "D", "d" }, { 400, "CD", "cd" },
        { 100, "C", "c" }, { 90, "XC", "xc" }, { 50, "L", "l" }, { 40, "XL", "xl" },
        { 10, "X", "x" }, { 9, "IX", "ix" }, { 5, "V", "v" }, { 4, "IV", "iv" }, { 1, "I", "i" },
    };
    for (const auto &t : table) {
        while (n >= t.value) { s += upper ? t.upper : t.lower; n -= t.value; }
    }
    return s;
}

} // namespace

bool PageLabels::label(int64_t index, std::string *out, bool *clipped) const {
    *clipped = false;
    // The range with the greatest start <= index (the spec's rule; pdfium's too).
    auto it = std::upper_bound(ranges_.begin(), ranges_.end(), index,
                               [](int64_t i, const Range &r) { return i < r.start; });
    if (it == ranges_.begin()) return false;
    const Range &r = *(it - 1);
    *out = r.prefix;
    // A clipped prefix is the whole label: a number after it would make a text that is not the
    // start of the real label.
    if (r.prefixClipped) { *clipped = true; return true; }
    // index - start >= 0 and both < 2^31; first is an int, so this cannot overflow int64.
    int64_t number = index - r.start + r.first;
    size_t room = PI_MAX_LABEL_BYTES - std::min<size_t>(out->size(), PI_MAX_LABEL_BYTES);
    switch (r.style) {
    case None: break;
    case Decimal: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%" PRId64, number);
        out->append(buf);
        break;
    }
    case UpperRoman: case LowerRoman: out->append(roman(number, r.style == UpperRoman)); break;
    case UpperLetters: case LowerLetters: {
        // 1 → A … 26 → Z, 27 → AA, 53 → AAA: the letter repeated (n - 1) / 26 + 1 times.
        if (number < 1) break;
        int64_t count = (number - 1) / 26 + 1;
        char letter = char((r.style == UpperLetters ? 'A' : 'a') + (number - 1) % 26);
        if ((uint64_t)count > room) { count = (int64_t)room; *clipped = true; }
        out->append((size_t)count, letter);
        break;
    }
    }
    if (clip_utf8(*out, PI_MAX_LABEL_BYTES)) *clipped = true;
    return true;
}

} // namespace pageinfo

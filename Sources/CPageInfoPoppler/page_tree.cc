// SPDX-License-Identifier: GPL-2.0-or-later
// The page-tree walk and box reading. See page_tree.h.
#include "page_tree.h"

#include "object_streams.h"
#include "poppler_compat.h"

#include <Dict.h>
#include <XRef.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>

namespace pageinfo {

pi_box_entry read_box(Dict *dict, const char *key, int which, uint32_t *flags, bool *has_entry) {
    pi_box_entry box {};
    Object a = dict->lookup(key);
    if (has_entry) *has_entry = !a.isNull();
    if (a.isNull()) return box;
    bool ok = a.isArray() && a.arrayGetLength() == 4;
    double v[4] = { 0, 0, 0, 0 };
    for (int i = 0; ok && i < 4; i++) {
        Object n = a.arrayGet(i);
        if (!n.isNum()) { ok = false; break; }
        v[i] = n.getNum();
        if (!std::isfinite(v[i]) || std::fabs(v[i]) > PI_MAX_COORDINATE) ok = false;
    }
    if (!ok) { *flags |= uint32_t(PI_FLAG_MEDIA_INVALID) << which; return box; }
    if (v[0] == 0 && v[1] == 0 && v[2] == 0 && v[3] == 0) { *flags |= uint32_t(PI_FLAG_MEDIA_ZERO) << which; return box; }
    if (v[0] > v[2] || v[1] > v[3]) *flags |= uint32_t(PI_FLAG_MEDIA_REVERSED) << which;
    box.present = true;
    box.rect = { std::min(v[0], v[2]), std::min(v[1], v[3]), std::max(v[0], v[2]), std::max(v[1], v[3]) };
    return box;
}

namespace {

// The flag bits that belong to each inheritable attribute.
constexpr uint32_t box_bits(int which) {
    return (uint32_t(PI_FLAG_MEDIA_INVALID) | uint32_t(PI_FLAG_MEDIA_REVERSED) | uint32_t(PI_FLAG_MEDIA_ZERO)) << which;
}
constexpr uint32_t kMediaBits = box_bits(0), kCropBits = box_bits(1), kRotateBits = PI_FLAG_ROTATE_NOT_INT;

// `near` over `far`: each attribute from `near` when it has a valid entry, else from `far`; the
// nearest entry of each attribute decides its bits (`near`'s, where it has one).
InheritedAttrs over(const InheritedAttrs &near, const InheritedAttrs &far) {
    InheritedAttrs a = far;
    if (near.media.present) a.media = near.media;
    if (near.crop.present) a.crop = near.crop;
    if (near.has_rotate) { a.has_rotate = true; a.rotate = near.rotate; }
    a.flags = (far.flags & ~near.entries) | (near.flags & near.entries);
    a.entries = near.entries | far.entries;
    return a;
}

} // namespace

InheritedAttrs merge(const InheritedAttrs &parent, Dict *dict, uint32_t *flags, uint32_t *entries_out) {
    // The node's own entries (each key looked up once), then over what it inherits.
    InheritedAttrs own;
    bool has_media = false, has_crop = false;
    own.media = read_box(dict, "MediaBox", 0, &own.flags, &has_media);
    own.crop = read_box(dict, "CropBox", 1, &own.flags, &has_crop);
    Object r = dict->lookup("Rotate");
    if (r.isInt()) {
        own.has_rotate = true;
        own.rotate = r.getInt();
    } else if (r.isInt64()) {
        own.has_rotate = true;
        own.rotate = r.getInt64();
    } else if (!r.isNull()) {
        own.flags |= PI_FLAG_ROTATE_NOT_INT;
    }
    own.entries = (has_media ? kMediaBits : 0) | (has_crop ? kCropBits : 0) | (r.isNull() ? 0 : kRotateBits);
    *flags |= own.flags;
    if (entries_out) *entries_out = own.entries;
    return over(own, parent);
}

void fill_page(Dict *dict, const InheritedAttrs &up, pi_page_geometry *out, uint32_t *flags, uint32_t *inherited_flags) {
    uint32_t entries = 0;
    InheritedAttrs attrs = merge(up, dict, flags, &entries);
    *inherited_flags = up.flags & ~entries;
    out->crop = attrs.crop;
    out->bleed = read_box(dict, "BleedBox", 2, flags);
    out->trim = read_box(dict, "TrimBox", 3, flags);
    out->art = read_box(dict, "ArtBox", 4, flags);
    out->rotate_raw = attrs.has_rotate ? attrs.rotate : 0;
    out->user_unit = 1;
    Object uu = dict->lookup("UserUnit");
    if (!uu.isNull()) {
        double v = uu.isNum() ? uu.getNum() : -1;
        // (NaN fails both comparisons)
        if (v >= PI_MIN_USER_UNIT && v <= PI_MAX_USER_UNIT) out->user_unit = v; else *flags |= PI_FLAG_USERUNIT_INVALID;
    }
    if (attrs.media.present) {
        out->media = attrs.media.rect;
    } else {
        out->media = { 0, 0, 612, 792 }; // what Poppler, pdfium and MuPDF use for a missing MediaBox
        *flags |= PI_FLAG_MEDIA_MISSING;
    }
}

pi_page_tree_root inspect_root(XRef *xref, Ref catalog_ref, Object *root_out, Ref *root_ref_out) {
    *root_ref_out = Ref::INVALID();
    Object catalog = fetch_catalog(xref, catalog_ref);
    if (!catalog.isDict()) return PI_ROOT_MISSING;
    const Object &ref = catalog.dictLookupNF("Pages");
    if (ref.isRef()) *root_ref_out = ref.getRef();
    Object root = catalog.dictLookup("Pages");
    if (root.isNull()) return PI_ROOT_MISSING;
    if (!root.isDict()) return PI_ROOT_NOT_DICTIONARY;
    Object kids = root.dictLookup("Kids");
    pi_page_tree_root shape = PI_ROOT_TREE;
    if (!kids.isArray()) shape = root.isDict("Page") || !root.getDict()->hasKey("Kids") ? PI_ROOT_LONE_PAGE : PI_ROOT_NO_KIDS;
    if (shape == PI_ROOT_LONE_PAGE && root.isDict("Pages")) shape = PI_ROOT_NO_KIDS; // an empty tree, not a page
    if (shape == PI_ROOT_LONE_PAGE && !root.isDict("Page")) {
        // A dictionary of another /Type (the catalog itself, an annotation…) is no page: no page
        // is invented from it, the object scan looks for the real ones.
        Object type = root.dictLookup("Type");
        if (type.isName()) shape = PI_ROOT_OTHER_TYPE;
    }
    *root_out = std::move(root);
    return shape;
}

bool is_page_dictionary(const Object &o) {
    if (!o.isDict()) return false;
    if (o.isDict("Page")) return true;
    Dict *d = o.getDict();
    return !d->hasKey("Type") && !d->hasKey("Kids") && d->hasKey("MediaBox") && d->hasKey("Contents");
}

CountEntry read_count(pi_page_tree_root shape, const Object &root) {
    CountEntry c;
    if ((shape != PI_ROOT_TREE && shape != PI_ROOT_NO_KIDS) || !root.isDict()) return c;
    Object count = root.dictLookup("Count");
    int64_t v = 0;
    if (count.isNull()) { c.shape = PI_COUNT_MISSING; return c; }
    if (count.isInt()) v = count.getInt();
    else if (count.isInt64()) v = count.getInt64();
    else {
        // A whole number past the 64-bit range is a real to Poppler's lexer; 2^63 is the first.
        bool whole_but_huge = count.isReal() && std::isfinite(count.getReal()) && std::trunc(count.getReal()) == count.getReal()
            && std::fabs(count.getReal()) >= 9223372036854775808.0;
        c.shape = whole_but_huge ? PI_COUNT_OUT_OF_RANGE : PI_COUNT_NOT_INTEGER;
        c.type = count.getTypeName();
        return c;
    }
    c.value = v;
    c.shape = v < 0 ? PI_COUNT_NEGATIVE : PI_COUNT_OK;
    return c;
}

namespace {
// A reference as one key: its number and generation.
uint64_t ref_key(Ref ref) { return (uint64_t(uint32_t(ref.num)) << 32) | uint32_t(ref.gen); }
} // namespace

void PageObjectCache::offer(Ref ref, const Object &page, unsigned clears_before) {
    if (clears_ != clears_before) return;
    if (order_.size() >= kLimit) {
        objects_.erase(order_.front()); // (when it was not taken yet)
        order_.pop_front();
    }
    const uint64_t key = ref_key(ref);
    if (objects_.emplace(key, page.copy()).second) order_.push_back(key);
}

bool PageObjectCache::take(Ref ref, Object *out) {
    auto it = objects_.find(ref_key(ref));
    if (it == objects_.end()) return false;
    *out = std::move(it->second);
    objects_.erase(it);
    return true;
}

InheritedAttrs PageTreeWalk::inherited_through_parents(Dict *page) {
    // Up the /Parent chain, nearest ancestor first: each attribute comes from the first ancestor
    // with a valid entry (what merging from the root down gives), each object once, stopping as
    // soon as all three are found (as far as Poppler would look: an ancestor above them is never
    // fetched). What a node passes down is kept by its reference (number and generation), so
    // the pages of one deep chain cost the chain's length once, not once each (pages x depth).
    auto complete = [](const InheritedAttrs &a) { return a.media.present && a.crop.present && a.has_rotate; };
    std::vector<std::pair<uint64_t, InheritedAttrs>> chain; // (reference, the node's own entries), nearest first
    std::unordered_map<uint64_t, size_t> position;
    InheritedAttrs above, nearest;
    size_t cycle = SIZE_MAX; // where a loop back into the chain starts
    bool cut = false;        // stopped with every attribute found, below the chain's end
    Object parentRef = page->lookupNF("Parent").copy();
    while (parentRef.isRef()) {
        uint64_t key = ref_key(parentRef.getRef());
        auto known = passed_down_.find(key);
        if (known != passed_down_.end()) { above = known->second; break; }
        auto seen = position.find(key);
        if (seen != position.end()) { cycle = seen->second; break; }
        Object node = xref_->fetch(parentRef.getRef());
        if (!node.isDict()) break;
        uint32_t ignored = 0;
        position[key] = chain.size();
        chain.emplace_back(key, merge(InheritedAttrs {}, node.getDict(), &ignored));
        nearest = over(nearest, chain.back().second);
        if (complete(nearest)) { cut = true; break; }
        parentRef = node.dictLookupNF("Parent").copy();
    }
    size_t tail = chain.size();
    if (cycle != SIZE_MAX) {
        // A loop: from each node on it, the chain runs once round the loop, starting there.
        // Sweeping the loop twice backwards gives each node its own order in one pass.
        size_t length = chain.size() - cycle;
        InheritedAttrs sweep;
        for (size_t k = 2 * length; k-- > 0;) {
            sweep = over(chain[cycle + k % length].second, sweep);
            if (k < length) passed_down_[chain[cycle + k].first] = sweep;
        }
        above = passed_down_[chain[cycle].first];
        tail = cycle;
    }
    for (size_t i = tail; i-- > 0;) {
        above = over(chain[i].second, above);
        // Below a cut, a node whose own part of the chain lacks an attribute would need the
        // ancestors not read: it is not kept.
        if (!cut || complete(above)) passed_down_[chain[i].first] = above;
    }
    return above;
}

PageTreeWalk::PageTreeWalk(XRef *xref, Ref catalog) : xref_(xref) {
    Object root;
    Ref rootRef;
    root_shape_ = inspect_root(xref, catalog, &root, &rootRef);
    // Sized after inspect_root: its fetches can make Poppler rebuild the table (track() grows
    // them again when a later fetch does).
    grow_tables();
    CountEntry count = read_count(root_shape_, root);
    if (count.shape == PI_COUNT_OK) { has_count_ = true; count_claimed_ = count.value; }
    switch (root_shape_) {
    case PI_ROOT_TREE: {
        int num = track(rootRef.num);
        if (num >= 0) entered_[num] = on_stack_[num] = true;
        uint32_t ignored = 0;
        InheritedAttrs attrs = merge(InheritedAttrs {}, root.getDict(), &ignored);
        Object kids = root.dictLookup("Kids");
        stack_.push_back(Frame { std::move(kids), 0, attrs, num, false, false });
        break;
    }
    case PI_ROOT_LONE_PAGE: {
        int num = track(rootRef.num);
        if (num >= 0) page_at_[num] = 1;
        lone_page_ = std::move(root);
        break;
    }
    default:
        break;
    }
}

void PageTreeWalk::grow_tables() {
    // The table's size, not a count of its entries in use: counting would make Poppler parse
    // every entry of a lazily read table (and report the bad ones), changing what it reports.
    size_t size = (size_t)std::max(0, xref_->getNumObjects()) + 1;
    if (size <= entered_.size()) return;
    entered_.resize(size, false);
    on_stack_.resize(size, false);
    page_at_.resize(size, 0);
    repeat_budget_ = (long long)PI_REPEAT_STEPS_PER_OBJECT * (long long)(size - 1);
}

int PageTreeWalk::track(int num) {
    if (num < 0) return -1;
    if (num >= (int)entered_.size()) grow_tables(); // the table was rebuilt since: it may hold num now
    return num < (int)entered_.size() ? num : -1;
}

void PageTreeWalk::check_node_count(const Frame &frame) {
    // Below a kid skipped for depth, the positions under this node and its ancestors are unknown.
    if (frame.incomplete && stack_.size() > 1) stack_[stack_.size() - 2].incomplete = true;
    // The root's /Count is the document's (count-mismatch, compared in Swift); a subtree read
    // again gives the counts it gave the first time, and is not compared again.
    if (stack_.size() < 2 || !frame.has_count || frame.repeat || frame.incomplete) return;
    int found = summary_.positions - frame.start;
    if (frame.count == found) return;
    if (summary_.node_count_mismatches++ == 0) {
        summary_.node_count_first_object = frame.object;
        summary_.node_count_first_claimed = frame.count;
        summary_.node_count_first_found = found;
    }
}

void PageTreeWalk::pop_frame() {
    if (stack_.back().num >= 0) on_stack_[stack_.back().num] = false;
    stack_.pop_back();
}

PageTreeWalk::Step PageTreeWalk::next(Object *page, InheritedAttrs *inherited, pi_page_error *error,
                                      const char **error_type, int *object_number, int *repeat_of, uint32_t *flags) {
    *repeat_of = -1;
    *flags = 0;
    if (lone_page_.isDict()) {
        *page = std::move(lone_page_);
        lone_page_ = Object();
        *inherited = InheritedAttrs {};
        *object_number = 0;
        summary_.positions++;
        return Page;
    }
    while (!stack_.empty()) {
        Frame &frame = stack_.back();
        if (frame.next >= frame.kids.arrayGetLength()) {
            check_node_count(frame);
            pop_frame();
            continue;
        }
        if (frame.repeat && repeat_steps_++ >= repeat_budget_) {
            // Repeated subtrees list more than the file can justify: stop the walk here.
            summary_.limit_reached = true;
            while (!stack_.empty()) pop_frame();
            break;
        }
        int i = frame.next++;
        const Object &ref = array_element_unfetched(frame.kids, i);
        *object_number = 0;
        int num = -1;
        if (ref.isRef()) {
            *object_number = ref.getRef().num;
            num = track(ref.getRef().num);
            if (num >= 0 && on_stack_[num]) { summary_.repeated_nodes++; continue; } // a loop
        }
        Object kid;
        const unsigned clears = offer_to_ ? offer_to_->clears() : 0;
        if (!ref.isRef() || !take_from_ || !take_from_->take(ref.getRef(), &kid)) kid = frame.kids.arrayGet(i);
        if (ref.isRef() && num < 0) {
            // Fetching an object the table did not list makes Poppler rebuild the table; the
            // rebuilt one may list it. Without its number the walk could not see a loop through it.
            num = track(ref.getRef().num);
            if (num >= 0 && on_stack_[num]) { summary_.repeated_nodes++; continue; }
        }
        if (!kid.isDict()) {
            *error = kid.isNull() ? PI_PAGE_KID_MISSING : PI_PAGE_KID_NOT_DICTIONARY;
            *error_type = kid.getTypeName();
            summary_.positions++;
            summary_.page_errors++;
            return Error;
        }
        Dict *dict = kid.getDict();
        // A kid is a page when it says so, or (as Poppler reads it) has neither /Type nor /Kids;
        // a dictionary of another type (a catalog, an annotation…) is not a page. A template
        // page (/Type /Template without /Kids, ISO 32000-2 §12.7.7: an invisible page the name
        // dictionary's /Templates lists) that /Kids lists is read as a page, as Poppler, MuPDF,
        // qpdf and pdf.js read it, flagged. A "template" with /Kids is no page.
        Object type = dict->lookup("Type");
        bool templatePage = type.isName("Template") && !dict->hasKey("Kids");
        bool typedOther = type.isName() && !type.isName("Page") && !type.isName("Pages") && !templatePage;
        if (typedOther) {
            *error = PI_PAGE_KID_NOT_PAGE;
            *error_type = nullptr;
            summary_.positions++;
            summary_.page_errors++;
            return Error;
        }
        if (kid.isDict("Page") || (!dict->hasKey("Kids") && !type.isName("Pages"))) {
            if (num >= 0) {
                if (page_at_[num]) { *repeat_of = page_at_[num] - 1; summary_.repeated_pages++; }
                else page_at_[num] = summary_.positions + 1;
            }
            *inherited = frame.attrs;
            if (offer_to_ && ref.isRef()) offer_to_->offer(ref.getRef(), kid, clears);
            *page = std::move(kid);
            if (frame.direct || !ref.isRef()) *flags |= PI_FLAG_KID_DIRECT;
            if (templatePage) *flags |= PI_FLAG_TEMPLATE_PAGE;
            summary_.positions++;
            return Page;
        }
        bool again = num >= 0 && entered_[num];
        if (num >= 0) entered_[num] = true;
        if (again) summary_.reentered_nodes++;
        if ((int)stack_.size() >= PI_MAX_TREE_DEPTH) { summary_.too_deep++; frame.incomplete = true; continue; }
        Object kids = dict->lookup("Kids");
        if (!kids.isArray()) { if (!again) summary_.bad_kids_arrays++; continue; }
        uint32_t ignored = 0;
        InheritedAttrs attrs = merge(frame.attrs, dict, &ignored);
        // A node listed by reference whose number the table still lacks cannot be told apart
        // from a loop: its subtree counts against the budget of repeated subtrees.
        bool repeat = frame.repeat || again || (ref.isRef() && num < 0);
        bool direct_node = frame.direct || !ref.isRef();
        if (num >= 0) on_stack_[num] = true;
        // /Count as written in place only: following a reference could make Poppler repair the
        // table on a file that reads cleanly (a lookup here fetches nothing).
        const Object &count = dict->lookupNF("Count");
        bool has_count = count.isInt() || count.isInt64();
        long long claimed = count.isInt() ? count.getInt() : count.isInt64() ? count.getInt64() : 0;
        int object = ref.isRef() ? ref.getRef().num : 0;
        stack_.push_back(Frame { std::move(kids), 0, attrs, num, repeat, direct_node,
                                 has_count, claimed, summary_.positions, false, object }); // `frame` is not used after this
    }
    if (phase_ == Tree) phase_ = tree_needs_scan() ? Scan : Done;
    if (phase_ == Scan) {
        *error_type = nullptr;
        if (scan_next(page, inherited, object_number) == Page) {
            summary_.positions++;
            summary_.recovered++;
            return Page;
        }
        phase_ = Done;
    }
    summary_.finished = true;
    return End;
}

// The tree is missing or broken in a way that can hide pages.
bool PageTreeWalk::tree_needs_scan() const {
    if (root_shape_ != PI_ROOT_TREE && root_shape_ != PI_ROOT_LONE_PAGE) return true;
    if (summary_.page_errors > 0 || summary_.too_deep > 0 || summary_.bad_kids_arrays > 0) return true;
    // A walk stopped at its limit for repeated subtrees never reached the kids after the stop.
    if (summary_.limit_reached) return true;
    // A loop is damage that can hide pages: the looping reference may stand where the one to
    // other pages was, and a /Count written for the tree as it is (or as cut) can agree with
    // what the walk found. So a loop starts the scan whatever /Count says, as the walk's limit
    // does; a tree without one is scanned only as below.
    if (summary_.repeated_nodes > 0) return true;
    // No page and no usable /Count to say the document has none.
    if (!has_count_ && summary_.positions == 0) return true;
    return has_count_ && count_claimed_ > summary_.positions;
}

// The next page dictionary, in object order, that the tree did not reach.
PageTreeWalk::Step PageTreeWalk::scan_next(Object *page, InheritedAttrs *inherited, int *object_number) {
    if (!scan_settled_) {
        // Settle the table first: Poppler rebuilds the cross-reference table on the first fetch
        // that fails, and a rebuilt table can hold other objects. Which fetch fails first
        // depends on what the walk before the scan fetched (a walk with geometry fetches more
        // than `info`'s counting walk), so without this the two walks of one file could find
        // different pages. Fetching every entry once, before looking for pages, gives both the
        // same table. Bounded by the table's size, as the scan is.
        scan_settled_ = true;
        grow_tables();
        int limit = std::min(xref_->getNumObjects(), (int)entered_.size());
        for (int num = 1; num < limit; ++num) {
            XRefEntry *entry = xref_->getEntry(num, false);
            if (!entry || (entry->type != xrefEntryUncompressed && entry->type != xrefEntryCompressed)) continue;
            Object ignored = xref_->fetch(num, entry->type == xrefEntryCompressed ? 0 : entry->gen);
        }
    }
    for (;;) {
        grow_tables(); // a fetch below may have rebuilt the table
        if (scan_next_num_ >= std::min(xref_->getNumObjects(), (int)entered_.size())) break;
        int num = scan_next_num_++;
        if (entered_[num] || page_at_[num]) continue;
        XRefEntry *entry = xref_->getEntry(num, false);
        if (!entry || (entry->type != xrefEntryUncompressed && entry->type != xrefEntryCompressed)) continue;
        Object o = xref_->fetch(num, entry->type == xrefEntryCompressed ? 0 : entry->gen);
        if (!is_page_dictionary(o)) continue;
        page_at_[num] = summary_.positions + 1;
        *inherited = inherited_through_parents(o.getDict());
        *object_number = num;
        *page = std::move(o);
        return Page;
    }
    return End;
}

} // namespace pageinfo

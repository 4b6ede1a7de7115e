// SPDX-License-Identifier: GPL-2.0-or-later
// The page-tree walk (ISO 32000-2 §7.7.3): pages in document order with what they inherit.
#ifndef PAGEINFO_PAGE_TREE_H
#define PAGEINFO_PAGE_TREE_H

#include "pageinfo_poppler.h"

#include <Object.h>

#include <deque>
#include <unordered_map>
#include <vector>

class XRef;

namespace pageinfo {

/// What a page inherits from its Pages ancestors (§7.7.3.4), nearest first.
struct InheritedAttrs {
    pi_box_entry media {};
    pi_box_entry crop {};
    bool has_rotate = false;
    int64_t rotate = 0;
    /// pi_page_flag bits of the nearest entries of MediaBox, CropBox and /Rotate (see
    /// pi_page.inherited_flags): each attribute's bits come from the nearest node that has the key.
    uint32_t flags = 0;
    /// The same bit groups for the attributes some node on the way has an entry for.
    uint32_t entries = 0;
};

/// How the catalog's /Pages entry looks, and the root node when it is usable. `catalog_ref`: the
/// catalog the document decided on when it opened (fetch_catalog), or Ref::INVALID().
/// `root_ref_out`: the entry's reference, or Ref::INVALID() when it is missing or written in place.
pi_page_tree_root inspect_root(XRef *xref, Ref catalog_ref, Object *root_out, Ref *root_ref_out);

/// The root Pages node's /Count, as written.
struct CountEntry {
    pi_count_shape shape = PI_COUNT_NOT_APPLICABLE;
    int64_t value = 0;               // PI_COUNT_OK, PI_COUNT_NEGATIVE
    const char *type = nullptr;      // PI_COUNT_NOT_INTEGER: the object's type name (static)
};

/// Reads /Count of the root that inspect_root returned (`shape` is its result).
CountEntry read_count(pi_page_tree_root shape, const Object &root);

/// Page objects one walk fetched, for another walk that follows it. The walk that finds the
/// positions of the pages destinations target runs only as far as a target asks (a link to the
/// next page: one page ahead of the cursor), and hands the cursor's walk what it parsed; else
/// every page would be parsed twice. Only pages the tree lists by reference; an object offered
/// is kept for the next kLimit offers at most (those the cursor has passed go first). The
/// document empties it whenever its table changes: an object fetched before a rebuild may read
/// differently after.
class PageObjectCache {
public:
    /// Few: links point mostly a page or two ahead, and each page object held can be large.
    static constexpr size_t kLimit = 16;
    /// Keeps `page` (a shallow copy: the dictionary is shared) for `ref`, when there is room,
    /// unless the cache was emptied since `clears_before` (clears() before it was fetched): a
    /// rebuild while it was read (a lookup in it can fetch) makes it an object of the old table.
    void offer(Ref ref, const Object &page, unsigned clears_before);
    /// Moves the object kept for `ref` into `out`; false when none is kept.
    bool take(Ref ref, Object *out);
    void clear() { objects_.clear(); order_.clear(); clears_++; }
    /// How many times the cache was emptied.
    unsigned clears() const { return clears_; }
private:
    std::unordered_map<uint64_t, Object> objects_; // by reference (number, generation)
    std::deque<uint64_t> order_;                   // the keys offered, oldest first
    unsigned clears_ = 0;
};

/// A depth-first walk of the page tree, as Poppler's Catalog::cachePageTree walks it (a kid is
/// a page when it is /Type /Page or has no /Kids), with these differences: a kid that is not a
/// dictionary is a page *error* at its position instead of vanishing; only a true loop (a Pages
/// node listed by itself or by one of its descendants) is cut and counted; a Pages node that two
/// parents list is read again, as pdfium and pypdf read it, and a page object met again (listed
/// twice, or under a repeated node) is reported again with a note of its first position; the
/// kids visited inside repeated subtrees are limited (PI_REPEAT_STEPS_PER_OBJECT per entry of the
/// cross-reference table), so fan-out costs linear time; depth is bounded. Memory is O(depth + objects).
class PageTreeWalk {
public:
    PageTreeWalk(XRef *xref, Ref catalog);

    enum Step { Page, Error, End };

    /// The next position. For Page, `page` holds the page dictionary and `inherited` what it
    /// inherits, and `flags` the pi_page_flag bits the walk decides: PI_FLAG_KID_DIRECT when the
    /// tree lists it (or a node above it) as a dictionary written in place rather than an
    /// indirect reference, PI_FLAG_TEMPLATE_PAGE when it is a template page the tree lists; for
    /// Error, `error` says why (and `error_type` the object's type name).
    Step next(Object *page, InheritedAttrs *inherited, pi_page_error *error, const char **error_type,
              int *object_number, int *repeat_of, uint32_t *flags);

    const pi_walk_summary &summary() const { return summary_; }

    /// Whether the walk has gone past the tree into the object scan.
    bool in_scan() const { return phase_ == Scan; }

    /// Kids are taken from `cache` when it holds them instead of fetched (the cursor's walk).
    void take_pages_from(PageObjectCache *cache) { take_from_ = cache; }
    /// The pages this walk fetches are offered to `cache` (the walk of destinations' targets).
    void offer_pages_to(PageObjectCache *cache) { offer_to_ = cache; }

private:
    struct Frame {
        Object kids;
        int next;
        InheritedAttrs attrs;
        int num;       // the node's object number, -1 for a direct dictionary
        bool repeat;   // this node, or one above it, is a Pages node entered before: a repeated subtree
        bool direct;   // this node, or one above it, is listed as a dictionary written in place
        // The node's /Count check (below the root): whether it has an integer /Count written in
        // place, that value, the walk's positions when the node was entered, and whether a kid
        // below it was skipped for depth (then its count is unknown, and so is its ancestors').
        bool has_count = false;
        long long count = 0;
        int start = 0;
        bool incomplete = false;
        int object = 0; // the node's object number, 0 when written in place (num is -1 also for one the table lacks)
    };
    XRef *xref_;
    PageObjectCache *take_from_ = nullptr;
    PageObjectCache *offer_to_ = nullptr;
    std::vector<Frame> stack_;
    bool tree_needs_scan() const;
    Step scan_next(Object *page, InheritedAttrs *inherited, int *object_number);

    enum Phase { Tree, Scan, Done };
    Phase phase_ = Tree;
    pi_page_tree_root root_shape_ = PI_ROOT_MISSING;
    bool has_count_ = false;
    long long count_claimed_ = 0;
    int scan_next_num_ = 1;
    bool scan_settled_ = false; // every table entry fetched once before the scan looks for pages
    void pop_frame();
    /// Compares the /Count of the node on top of the stack, whose kids are all walked, with the
    /// positions found under it (pi_walk_summary.node_count_mismatches), before it is popped.
    void check_node_count(const Frame &frame);
    /// Sizes the tables by object number to the cross-reference table, which Poppler may have
    /// rebuilt (larger) since they were sized.
    void grow_tables();
    /// `num` as an index into the tables (grown first if the table has grown), or -1 when the
    /// table does not hold it.
    int track(int num);
    /// What a page found by the scan inherits, from its /Parent chain: nearest ancestor first, at
    /// any depth, each object once (the chain is bounded by the objects in the file, not by a
    /// depth); what each node passes down is kept, so a chain is read once for all its pages.
    InheritedAttrs inherited_through_parents(Dict *page);
    std::unordered_map<uint64_t, InheritedAttrs> passed_down_; // by reference (number, generation): what a node passes down
    std::vector<bool> entered_;  // by object number: a Pages node entered at least once
    std::vector<bool> on_stack_; // by object number: a Pages node that is an ancestor of the position
    std::vector<int> page_at_;   // by object number: 1 + the index where a page object first appeared
    long long repeat_steps_ = 0; // kids visited inside repeated subtrees
    long long repeat_budget_ = 0;
    Object lone_page_;         // /Pages that is itself a page
    pi_walk_summary summary_ {};
};

/// Reads one box entry; sets the box's invalid/reversed/zero bits (shifted by `which`, 0…4 for
/// media…art) in `flags`; `has_entry`, when given, says whether the key is there (valid or not).
pi_box_entry read_box(Dict *dict, const char *key, int which, uint32_t *flags, bool *has_entry = nullptr);

/// The attributes a Pages node or page passes down: its own valid entries over what it inherits.
/// `flags` gets the bits of the node's own entries; `entries_out`, when given, the bit groups of
/// the inheritable attributes the node has an entry for.
InheritedAttrs merge(const InheritedAttrs &parent, Dict *dict, uint32_t *flags, uint32_t *entries_out = nullptr);

/// Whether a dictionary is a page by the spec's rules: /Type /Page, or (no /Type) a /MediaBox and
/// /Contents without /Kids.
bool is_page_dictionary(const Object &dict);

/// Fills one page's raw geometry from its dictionary and what it inherits; `inherited_flags`
/// gets the bits of the inherited entries the page does not override.
void fill_page(Dict *dict, const InheritedAttrs &up, pi_page_geometry *out, uint32_t *flags, uint32_t *inherited_flags);

} // namespace pageinfo

#endif

// SPDX-License-Identifier: GPL-2.0-or-later
// The page-tree walk (ISO 32000-2 §7.7.3): pages in document order with what they inherit.
#ifndef PAGEINFO_PAGE_TREE_H
#define PAGEINFO_PAGE_TREE_H

#include "pageinfo_poppler.h"

#include <Object.h>

#include <vector>

class XRef;

namespace pageinfo {

/// What a page inherits from its Pages ancestors (§7.7.3.4), nearest first.
struct InheritedAttrs {
    pi_box_entry media {};
    pi_box_entry crop {};
    bool has_rotate = false;
    int64_t rotate = 0;
};

/// How the catalog's /Pages entry looks, and the root node when it is usable.
pi_page_tree_root inspect_root(XRef *xref, Object *root_out, Ref *root_ref_out);

/// A depth-first walk of the page tree, as Poppler's Catalog::cachePageTree walks it (a kid is
/// a page when it is /Type /Page or has no /Kids), with three differences: a kid that is not a
/// dictionary is a page *error* at its position instead of vanishing; a Pages node is entered
/// once (a loop or a shared subtree is skipped and counted, as Poppler skips it), while a page
/// object listed twice is reported twice, as every reader does, with a note of its first
/// position; depth is bounded. Memory is O(depth + objects).
class PageTreeWalk {
public:
    explicit PageTreeWalk(XRef *xref);

    enum Step { Page, Error, End };

    /// The next position. For Page, `page` holds the page dictionary and `inherited` what it
    /// inherits; for Error, `error` says why (and `error_type` the object's type name).
    Step next(Object *page, InheritedAttrs *inherited, pi_page_error *error, const char **error_type,
              int *object_number, int *repeat_of);

    const pi_walk_summary &summary() const { return summary_; }

    /// Whether the walk has gone past the tree into the object scan.
    bool in_scan() const { return phase_ == Scan; }

private:
    struct Frame {
        Object kids;
        int next;
        InheritedAttrs attrs;
    };
    XRef *xref_;
    std::vector<Frame> stack_;
    bool tree_needs_scan() const;
    Step scan_next(Object *page, InheritedAttrs *inherited, int *object_number);

    enum Phase { Tree, Scan, Done };
    Phase phase_ = Tree;
    pi_page_tree_root root_shape_ = PI_ROOT_MISSING;
    bool has_count_ = false;
    long long count_claimed_ = 0;
    int scan_next_num_ = 1;
    std::vector<bool> seen_;   // by object number: a Pages node already entered
    std::vector<int> page_at_; // by object number: 1 + the index where a page object first appeared
    Object lone_page_;         // /Pages that is itself a page
    pi_walk_summary summary_ {};
};

/// Reads one box entry; sets the box's invalid/reversed/zero bits (shifted by `which`, 0…4 for
/// media…art) in `flags`.
pi_box_entry read_box(Dict *dict, const char *key, int which, uint32_t *flags);

/// The attributes a Pages node or page passes down: its own valid entries over what it inherits.
InheritedAttrs merge(const InheritedAttrs &parent, Dict *dict, uint32_t *flags);

/// What a page found by the scan inherits, from its /Parent chain (bounded, loop-safe).
InheritedAttrs inherited_through_parents(XRef *xref, Dict *page);

/// Whether a dictionary is a page by the spec's rules: /Type /Page, or (no /Type) a /MediaBox and
/// /Contents without /Kids.
bool is_page_dictionary(const Object &dict);

/// Fills one page's raw geometry from its dictionary and what it inherits.
void fill_page(Dict *dict, const InheritedAttrs &up, pi_page_geometry *out, uint32_t *flags);

} // namespace pageinfo

#endif

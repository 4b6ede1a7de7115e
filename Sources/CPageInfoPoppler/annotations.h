// SPDX-License-Identifier: GPL-2.0-or-later
// Our own reader of a page's /Annots (ISO 32000-2 §12.5), its links' actions and destinations
// (§12.6.4, §12.3.2) and the document's named destinations (§7.7.4 /Dests, §7.9.6 name trees).
//
// Poppler's Annots builds a full Annot object per element (appearance generation, form fields,
// fonts): more than geometry needs, different across the releases CI builds against (26.x hands
// out shared_ptr<Annot>), and unbounded on hostile arrays. This reader looks only at the entries
// the records carry, through Object and Dict, which every release declares alike; every loop is
// bounded (see the PI_MAX_* limits in pageinfo_poppler.h).
#ifndef PAGEINFO_ANNOTATIONS_H
#define PAGEINFO_ANNOTATIONS_H

#include "page_tree.h"
#include "pageinfo_poppler.h"

#include <Object.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

class XRef;

namespace pageinfo {

/// What destinations point at, per document: each page object's first position in the page
/// tree (walked as far as a lookup needs), the named destinations (read on first use), and the
/// objects many annotations share. Made again when the table changes (keep_opened_entries).
class SharedObjects;

class DestinationTargets {
public:
    /// The pages the walk for targets fetches are offered to `pages` (the cursors take them).
    DestinationTargets(XRef *xref, Ref catalog, PageObjectCache *pages);

    /// The 0-based position of page object `num`, or -1 when the tree lists no such page. The
    /// walk of the tree goes only as far as that takes (to its end for a number it lacks).
    int page_index(int num);
    /// The number of positions the tree has.
    int page_count();
    /// The destination a name stands for (a /Dests name or a /Names /Dests string), fetched, or
    /// null when neither holds it.
    Object named(const std::string &name, bool is_name);
    /// Whether the named destinations were read (a lookup asked for one).
    bool names_read() const { return names_read_; }
    /// Whether the /Names /Dests tree could be read only in part (read now if it was not).
    bool read_names_damaged() { read_names(); return names_damaged_; }
    /// Shared actions, destinations and appearance forms, read once.
    SharedObjects &shared();

private:
    XRef *xref_;
    Ref catalog_;
    PageObjectCache *pages_;
    std::unique_ptr<PageTreeWalk> walk_;   // the walk for targets, as far as it has gone
    bool walk_ended_ = false;
    std::unordered_map<int, int> index_of_; // page object number → its first position
    int page_count_ = 0;
    bool names_read_ = false;
    bool names_damaged_ = false;
    std::unordered_map<std::string, Object> tree_; // /Names /Dests: key bytes → value (unfetched)
    Object dests_;                                 // the catalog's /Dests, fetched once
    std::unique_ptr<SharedObjects> shared_;
    /// Walks on until page object `num` has a position (any page when `num` is 0: to the end).
    void walk_until(int num);
    void read_names();
};

/// What the annotations of one page may still hold (PI_MAX_PAGE_QUAD_NUMBERS, PI_MAX_PAGE_TEXT_BYTES).
struct PageBudget {
    long long quad_numbers = PI_MAX_PAGE_QUAD_NUMBERS;
    long long text_bytes = PI_MAX_PAGE_TEXT_BYTES;
};

struct AnnotationRecord;

/// The actions, destinations and appearance forms written once and shared by many annotations
/// or outline items (by reference), read once per document: else each user parses the shared
/// object again, and a large one shared by 100,000 users costs hours. At most
/// PI_MAX_SHARED_OBJECTS actions and destinations are kept, and as many appearance forms (most
/// of them each widget's own, they never crowd out actions; they hold no text).
class SharedObjects {
public:
    /// How a shared object is read: the same object read as another part gives another record.
    enum Use { Action, Destination, RemoteDestination, Appearance };
    /// The record read for reference `ref` used as `use`, or null.
    const AnnotationRecord *find(Ref ref, Use use) const;
    void keep(Ref ref, Use use, const AnnotationRecord &record);
private:
    struct Key {
        Ref ref;
        Use use;
        bool operator==(const Key &other) const { return ref == other.ref && use == other.use; }
    };
    struct KeyHash {
        size_t operator()(const Key &k) const { return std::hash<Ref>()(k.ref) * 4 + size_t(k.use); }
    };
    std::unordered_map<Key, std::unique_ptr<AnnotationRecord>, KeyHash> records_;
    size_t kept_[2] = {}; // those that carry text (actions, destinations), and forms
};

/// One annotation as read, owning its text (see pi_annotation).
struct AnnotationRecord {
    pi_annotation fields {};
    std::string subtype, name, modified, contents, appearance_state, field_name, field_type;
    std::string action_type, action_target, destination_name;
    bool has_subtype = false, has_name = false, has_modified = false, has_contents = false, has_state = false;
    bool has_field_name = false, has_field_type = false, has_action_type = false, has_action_target = false,
         has_destination_name = false;
    std::vector<double> quads;
    PageBudget *budget = nullptr; // the page's, while the record is read
};

/// A text entry as UTF-8, clipped at PI_MAX_TEXT_BYTES (PI_ANNOT_TEXT_CLIPPED in `problems`);
/// false when absent or not a string (a name is taken by its bytes). With a `budget`, its bytes
/// as written count against it, and once it is spent no text is read.
bool read_text(const Object &o, std::string *out, uint32_t *problems, PageBudget *budget = nullptr);

/// A link's action and destination (annotation or outline item `dict`): /A (§12.6.4, only the
/// first action: /Next chains are not followed), and /Dest when there is no /A; named
/// destinations resolved through `targets`. Fills r.fields' action, destination and problems and
/// r's action and destination texts, within r.budget.
void read_action(Dict *dict, DestinationTargets &targets, AnnotationRecord &r);

/// Reads the /Annots of page dictionary `page`. `targets` resolves destinations.
std::vector<AnnotationRecord> read_annotations(XRef *xref, Dict *page, DestinationTargets &targets,
                                               pi_annotations_summary *summary);

/// Fills `out` from `record`, its pointers into the record.
void export_annotation(const AnnotationRecord &record, pi_annotation *out);

} // namespace pageinfo

#endif

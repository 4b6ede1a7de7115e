// SPDX-License-Identifier: GPL-2.0-or-later
// Our own /Annots reader. See annotations.h.
#include "annotations.h"

#include "page_tree.h"
#include "poppler_compat.h"
#include "text_string.h"

#include <XRef.h>

#include <cmath>
#include <cstring>
#include <unordered_set>

namespace pageinfo {

namespace {

bool finite_coordinate(double v) { return std::isfinite(v) && std::fabs(v) <= PI_MAX_COORDINATE; }

// Four finite numbers, normalized; `reversed` when written with x0 > x1 or y0 > y1.
bool read_rect(const Object &a, pi_rect *out, bool *reversed) {
    if (!a.isArray() || a.arrayGetLength() != 4) return false;
    double v[4];
    for (int i = 0; i < 4; i++) {
        Object n = a.arrayGet(i);
        if (!n.isNum() || !finite_coordinate(n.getNum())) return false;
        v[i] = n.getNum();
    }
    if (reversed) *reversed = v[0] > v[2] || v[1] > v[3];
    *out = { std::fmin(v[0], v[2]), std::fmin(v[1], v[3]), std::fmax(v[0], v[2]), std::fmax(v[1], v[3]) };
    return true;
}

} // namespace

bool read_text(const Object &o, std::string *out, uint32_t *problems, PageBudget *budget) {
    if (budget && budget->text_bytes <= 0 && (o.isString() || o.isName())) { *problems |= PI_ANNOT_TEXT_CLIPPED; return false; }
    if (o.isString()) {
        std::string bytes = string_bytes(o);
        if (budget) budget->text_bytes -= (long long)bytes.size();
        *out = text_string_to_utf8(bytes);
    } else if (o.isName()) {
        *out = o.getName();
        if (budget) budget->text_bytes -= (long long)out->size();
    } else {
        return false;
    }
    if (clip_utf8(*out, PI_MAX_TEXT_BYTES)) *problems |= PI_ANNOT_TEXT_CLIPPED;
    return true;
}

namespace {

// A file specification (§7.11): a string, or a dictionary's /UF, else /F.
bool read_file_spec(const Object &o, std::string *out, uint32_t *problems, PageBudget *budget) {
    if (o.isDict()) {
        if (read_text(o.dictLookup("UF"), out, problems, budget)) return true;
        return read_text(o.dictLookup("F"), out, problems, budget);
    }
    return read_text(o, out, problems, budget);
}

int ref_number(const Object &o) { return o.isRef() ? o.getRefNum() : 0; }

// The /BBox and /Matrix of appearance form `form` into `r`.
void read_form(const Object &form, AnnotationRecord &r) {
    pi_annotation &f = r.fields;
    if (!form.isStream()) { f.problems |= PI_ANNOT_APPEARANCE_INVALID; return; }
    Dict *dict = stream_dict(form);
    bool reversed = false;
    if (!read_rect(dict->lookup("BBox"), &f.appearance_bbox, &reversed)) { f.problems |= PI_ANNOT_APPEARANCE_INVALID; return; }
    double m[6] = { 1, 0, 0, 1, 0, 0 };
    Object matrix = dict->lookup("Matrix");
    if (!matrix.isNull()) {
        bool ok = matrix.isArray() && matrix.arrayGetLength() == 6;
        for (int i = 0; ok && i < 6; i++) {
            Object n = matrix.arrayGet(i);
            ok = n.isNum() && finite_coordinate(n.getNum());
            if (ok) m[i] = n.getNum();
        }
        if (!ok) { f.problems |= PI_ANNOT_APPEARANCE_INVALID; return; }
    }
    std::memcpy(f.appearance_matrix, m, sizeof m);
    f.has_appearance = true;
}

// The appearance part of `from` into `to`.
void copy_form(const AnnotationRecord &from, AnnotationRecord &to) {
    to.fields.has_appearance = from.fields.has_appearance;
    to.fields.appearance_bbox = from.fields.appearance_bbox;
    std::memcpy(to.fields.appearance_matrix, from.fields.appearance_matrix, sizeof to.fields.appearance_matrix);
    to.fields.problems |= from.fields.problems & PI_ANNOT_APPEARANCE_INVALID;
}

// Whether the form `entry` refers to was read before: a form written once by reference (as one
// widget appearance for every field) is read once for all its users. Then it is copied into `r`.
bool copy_shared_form(const Object &entry, DestinationTargets &targets, AnnotationRecord &r) {
    if (!entry.isRef()) return false;
    const AnnotationRecord *seen = targets.shared().find(entry.getRef(), SharedObjects::Appearance);
    if (seen) copy_form(*seen, r);
    return seen != nullptr;
}

// Form `form`, fetched from `entry`, into `r`; kept for its other users when it is a stream by
// reference (only streams: what a reference to something else is depends on where it is used).
void read_form_of(const Object &entry, const Object &form, DestinationTargets &targets, AnnotationRecord &r) {
    if (!entry.isRef() || !form.isStream()) { read_form(form, r); return; }
    AnnotationRecord fresh;
    fresh.fields.appearance_matrix[0] = fresh.fields.appearance_matrix[3] = 1;
    read_form(form, fresh);
    targets.shared().keep(entry.getRef(), SharedObjects::Appearance, fresh);
    copy_form(fresh, r);
}

// The appearance form an annotation shows (§12.5.5): /AP /N, or the entry of /N that /AS names.
void read_appearance(Dict *annot, DestinationTargets &targets, AnnotationRecord &r) {
    Object ap = annot->lookup("AP");
    if (ap.isNull()) return;
    pi_annotation &f = r.fields;
    if (!ap.isDict()) { f.problems |= PI_ANNOT_APPEARANCE_INVALID; return; }
    Dict *apDict = ap.getDict();
    const Object &normalEntry = apDict->lookupNF("N");
    if (copy_shared_form(normalEntry, targets, r)) return;
    Object normal = apDict->lookup("N");
    if (normal.isStream()) { read_form_of(normalEntry, normal, targets, r); return; }
    if (!normal.isDict()) { f.problems |= PI_ANNOT_APPEARANCE_INVALID; return; }
    Dict *states = normal.getDict();
    Object as = annot->lookup("AS");
    if (as.isName()) {
        r.appearance_state = as.getName();
    } else {
        // §12.5.5 requires /AS here. Poppler then draws the only state, else /Off (as its
        // renderer, pdftoppm, shows): so do we, and say so.
        f.problems |= PI_ANNOT_STATE_MISSING;
        if (states->getLength() == 1) r.appearance_state = states->getKey(0);
        else r.appearance_state = "Off";
    }
    r.has_state = true;
    if (clip_utf8(r.appearance_state, PI_MAX_TEXT_BYTES)) f.problems |= PI_ANNOT_TEXT_CLIPPED;
    const Object &stateEntry = states->lookupNF(r.appearance_state.c_str());
    if (copy_shared_form(stateEntry, targets, r)) return;
    Object form = states->lookup(r.appearance_state.c_str());
    if (form.isNull()) return; // a state without an appearance (an "Off" with none): nothing drawn
    read_form_of(stateEntry, form, targets, r);
}

// A widget's field (§12.7.4): the partial names up the /Parent chain joined by '.', the nearest /FT.
void read_field(XRef *xref, const Object &annot_ref, Dict *annot, AnnotationRecord &r) {
    std::vector<std::string> parts;
    std::unordered_set<int> seen;
    if (annot_ref.isRef()) seen.insert(annot_ref.getRefNum());
    Dict *dict = annot;
    Object holder;
    for (int depth = 0; dict; depth++) {
        if (depth > PI_MAX_FIELD_DEPTH) { r.fields.problems |= PI_ANNOT_FIELD_LOOP; break; }
        std::string part;
        if (read_text(dict->lookup("T"), &part, &r.fields.problems, r.budget)) parts.push_back(std::move(part));
        if (!r.has_field_type) {
            Object ft = dict->lookup("FT");
            if (ft.isName()) { r.has_field_type = true; r.field_type = ft.getName(); }
        }
        const Object &parent = dict->lookupNF("Parent");
        if (parent.isNull()) break;
        if (parent.isRef() && !seen.insert(parent.getRefNum()).second) { r.fields.problems |= PI_ANNOT_FIELD_LOOP; break; }
        holder = dict->lookup("Parent");
        dict = holder.isDict() ? holder.getDict() : nullptr;
    }
    if (parts.empty()) return;
    r.has_field_name = true;
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
        if (!r.field_name.empty()) r.field_name += '.';
        r.field_name += *it;
        if (r.field_name.size() > PI_MAX_TEXT_BYTES) break;
    }
    if (clip_utf8(r.field_name, PI_MAX_TEXT_BYTES)) r.fields.problems |= PI_ANNOT_TEXT_CLIPPED;
}

struct DestKind { const char *name; pi_destination_kind kind; int values; };
constexpr DestKind kDestKinds[] = {
    { "XYZ", PI_DEST_XYZ, 3 }, { "Fit", PI_DEST_FIT, 0 }, { "FitH", PI_DEST_FIT_H, 1 }, { "FitV", PI_DEST_FIT_V, 1 },
    { "FitR", PI_DEST_FIT_R, 4 }, { "FitB", PI_DEST_FIT_B, 0 }, { "FitBH", PI_DEST_FIT_BH, 1 }, { "FitBV", PI_DEST_FIT_BV, 1 },
};

// A destination (§12.3.2.2): an explicit array, or a name or string looked up in `targets`
// (whose value is an array or a dictionary with /D). `remote`: a GoToR destination, whose page
// is a number in the other file.
void read_destination(const Object &value, bool remote, DestinationTargets &targets, AnnotationRecord &r) {
    pi_destination &d = r.fields.destination;
    d.page_index = -1;
    d.remote_page = -1;
    Object resolved;
    const Object *dest = &value;
    if (value.isName() || value.isString()) {
        r.has_destination_name = true;
        read_text(value, &r.destination_name, &r.fields.problems, r.budget);
        if (remote) return; // a name in the other file: nothing here to resolve it with
        std::string key = value.isName() ? std::string(value.getName()) : string_bytes(value);
        resolved = targets.named(key, value.isName());
        if (resolved.isNull()) { r.fields.problems |= PI_ANNOT_DEST_UNRESOLVED; return; }
        if (resolved.isDict()) resolved = resolved.dictLookup("D");
        dest = &resolved;
    }
    if (!dest->isArray() || dest->arrayGetLength() < 2) { r.fields.problems |= PI_ANNOT_DEST_INVALID; return; }
    const Object &page = array_element_unfetched(*dest, 0);
    Object kind = dest->arrayGet(1);
    const DestKind *found = nullptr;
    if (kind.isName()) {
        for (const DestKind &k : kDestKinds) if (kind.isName(k.name)) found = &k;
    }
    if (!found) { r.fields.problems |= PI_ANNOT_DEST_INVALID; return; }
    uint8_t nulls = 0;
    for (int i = 0; i < found->values; i++) {
        Object v = i + 2 < dest->arrayGetLength() ? dest->arrayGet(i + 2) : null_object();
        if (found->kind == PI_DEST_XYZ && i == 2 && v.isNum() && v.getNum() == 0) {
            nulls |= uint8_t(1u << i); // zoom 0 means "unchanged", as null does (§12.3.2.2)
        } else if (v.isNum() && finite_coordinate(v.getNum())) {
            d.values[i] = v.getNum();
        } else if (v.isNull() && found->kind != PI_DEST_FIT_R) {
            nulls |= uint8_t(1u << i);
        } else {
            r.fields.problems |= PI_ANNOT_DEST_INVALID;
            return;
        }
    }
    if (page.isRef()) {
        if (remote) { r.fields.problems |= PI_ANNOT_DEST_INVALID; return; }
        d.page_index = targets.page_index(page.getRefNum());
        if (d.page_index < 0) r.fields.problems |= PI_ANNOT_DEST_PAGE_UNKNOWN;
    } else if (page.isInt() && page.getInt() >= 0) {
        d.remote_page = page.getInt();
        if (!remote) {
            r.fields.problems |= PI_ANNOT_DEST_PAGE_NUMBER;
            if (page.getInt() < targets.page_count()) d.page_index = page.getInt();
            else r.fields.problems |= PI_ANNOT_DEST_PAGE_UNKNOWN;
        }
    } else {
        r.fields.problems |= PI_ANNOT_DEST_INVALID;
        return;
    }
    d.kind = found->kind;
    d.null_mask = nulls;
}

struct ActionKind { const char *name; pi_action_kind kind; };
constexpr ActionKind kActions[] = {
    { "URI", PI_ACTION_URI }, { "GoTo", PI_ACTION_GOTO }, { "GoToR", PI_ACTION_GOTO_REMOTE },
    { "Named", PI_ACTION_NAMED }, { "JavaScript", PI_ACTION_JAVASCRIPT }, { "Launch", PI_ACTION_LAUNCH },
};

} // namespace

namespace {

constexpr uint32_t kDestinationProblems = PI_ANNOT_DEST_INVALID | PI_ANNOT_DEST_UNRESOLVED | PI_ANNOT_DEST_PAGE_UNKNOWN
                                          | PI_ANNOT_DEST_PAGE_NUMBER | PI_ANNOT_TEXT_CLIPPED;
constexpr uint32_t kLinkProblems = kDestinationProblems | PI_ANNOT_ACTION_INVALID;

// The destination part of `from` into `to`.
void copy_destination(const AnnotationRecord &from, AnnotationRecord &to) {
    to.fields.destination = from.fields.destination;
    to.has_destination_name = from.has_destination_name;
    to.destination_name = from.destination_name;
    to.fields.problems |= from.fields.problems & kDestinationProblems;
}

// The action and destination part of `from` into `to`.
void copy_link(const AnnotationRecord &from, AnnotationRecord &to) {
    copy_destination(from, to);
    to.fields.action = from.fields.action;
    to.has_action_type = from.has_action_type;
    to.action_type = from.action_type;
    to.has_action_target = from.has_action_target;
    to.action_target = from.action_target;
    to.fields.problems |= from.fields.problems & kLinkProblems;
}

// A destination `value` that may be a reference shared by many: read once.
void read_shared_destination(const Object &unfetched, Dict *holder, const char *key, bool remote,
                             DestinationTargets &targets, AnnotationRecord &r) {
    if (!unfetched.isRef()) {
        Object value = holder->lookup(key);
        read_destination(value, remote, targets, r);
        return;
    }
    const SharedObjects::Use use = remote ? SharedObjects::RemoteDestination : SharedObjects::Destination;
    if (const AnnotationRecord *seen = targets.shared().find(unfetched.getRef(), use)) { copy_destination(*seen, r); return; }
    AnnotationRecord fresh;
    fresh.budget = r.budget;
    Object value = holder->lookup(key);
    read_destination(value, remote, targets, fresh);
    fresh.budget = nullptr;
    targets.shared().keep(unfetched.getRef(), use, fresh);
    copy_destination(fresh, r);
}

void read_action_itself(Dict *annot, DestinationTargets &targets, AnnotationRecord &r);

} // namespace

const AnnotationRecord *SharedObjects::find(Ref ref, Use use) const {
    auto it = records_.find(Key { ref, use });
    return it == records_.end() ? nullptr : it->second.get();
}

void SharedObjects::keep(Ref ref, Use use, const AnnotationRecord &record) {
    size_t &kept = kept_[use == Appearance ? 1 : 0];
    if (kept >= size_t(PI_MAX_SHARED_OBJECTS)) return;
    if (records_.emplace(Key { ref, use }, std::make_unique<AnnotationRecord>(record)).second) kept++;
}

SharedObjects &DestinationTargets::shared() {
    if (!shared_) shared_ = std::make_unique<SharedObjects>();
    return *shared_;
}

void read_action(Dict *annot, DestinationTargets &targets, AnnotationRecord &r) {
    r.fields.destination.page_index = -1;
    r.fields.destination.remote_page = -1;
    // An /A written once by reference (with no /Dest beside it) is read once for all its users.
    const Object &a = annot->lookupNF("A");
    if (!a.isRef() || !annot->lookupNF("Dest").isNull()) { read_action_itself(annot, targets, r); return; }
    if (const AnnotationRecord *seen = targets.shared().find(a.getRef(), SharedObjects::Action)) { copy_link(*seen, r); return; }
    AnnotationRecord fresh;
    fresh.budget = r.budget;
    read_action_itself(annot, targets, fresh);
    fresh.budget = nullptr;
    targets.shared().keep(a.getRef(), SharedObjects::Action, fresh);
    copy_link(fresh, r);
}

namespace {

void read_action_itself(Dict *annot, DestinationTargets &targets, AnnotationRecord &r) {
    pi_annotation &f = r.fields;
    f.destination.page_index = -1;
    f.destination.remote_page = -1;
    Object a = annot->lookup("A");
    if (!a.isNull()) {
        Object s = a.isDict() ? a.dictLookup("S") : null_object();
        if (!s.isName()) {
            f.problems |= PI_ANNOT_ACTION_INVALID;
        } else {
            r.has_action_type = true;
            r.action_type = s.getName();
            if (clip_utf8(r.action_type, PI_MAX_TEXT_BYTES)) f.problems |= PI_ANNOT_TEXT_CLIPPED;
            f.action = PI_ACTION_OTHER;
            for (const ActionKind &k : kActions) if (s.isName(k.name)) f.action = k.kind;
            switch (f.action) {
            case PI_ACTION_URI: r.has_action_target = read_text(a.dictLookup("URI"), &r.action_target, &f.problems, r.budget); break;
            case PI_ACTION_NAMED: r.has_action_target = read_text(a.dictLookup("N"), &r.action_target, &f.problems, r.budget); break;
            case PI_ACTION_GOTO_REMOTE:
            case PI_ACTION_LAUNCH: r.has_action_target = read_file_spec(a.dictLookup("F"), &r.action_target, &f.problems, r.budget); break;
            default: break;
            }
            if (f.action == PI_ACTION_GOTO || f.action == PI_ACTION_GOTO_REMOTE) {
                read_shared_destination(a.dictLookupNF("D"), a.getDict(), "D", f.action == PI_ACTION_GOTO_REMOTE, targets, r);
            }
        }
    }
    if (f.action == PI_ACTION_NONE) {
        const Object &dest = annot->lookupNF("Dest");
        if (!dest.isNull()) read_shared_destination(dest, annot, "Dest", false, targets, r);
    }
}

} // namespace

namespace {

AnnotationRecord read_one(XRef *xref, const Object &element, DestinationTargets &targets, PageBudget &budget) {
    AnnotationRecord r;
    r.budget = &budget;
    pi_annotation &f = r.fields;
    f.object_number = ref_number(element);
    f.destination.page_index = -1;
    f.destination.remote_page = -1;
    f.appearance_matrix[0] = f.appearance_matrix[3] = 1;
    Object annot = element.isRef() ? xref->fetch(element.getRef()) : element.copy();
    if (!annot.isDict()) { f.problems |= PI_ANNOT_NOT_DICTIONARY; return r; }
    Dict *dict = annot.getDict();
    Object subtype = dict->lookup("Subtype");
    if (subtype.isName()) {
        r.has_subtype = true;
        r.subtype = subtype.getName();
        if (clip_utf8(r.subtype, PI_MAX_TEXT_BYTES)) f.problems |= PI_ANNOT_TEXT_CLIPPED;
    } else {
        f.problems |= PI_ANNOT_SUBTYPE_MISSING;
    }
    bool reversed = false;
    f.has_rect = read_rect(dict->lookup("Rect"), &f.rect, &reversed);
    if (!f.has_rect) f.problems |= PI_ANNOT_RECT_INVALID;
    if (reversed) f.problems |= PI_ANNOT_RECT_REVERSED;
    Object flags = dict->lookup("F");
    if (flags.isInt()) {
        f.has_flags = true;
        f.flags = uint32_t(flags.getInt());
    } else if (!flags.isNull()) {
        f.problems |= PI_ANNOT_FLAGS_INVALID;
    }
    Object quads = budget.quad_numbers > 0 ? dict->lookup("QuadPoints") : null_object();
    if (budget.quad_numbers <= 0 && !dict->lookupNF("QuadPoints").isNull()) f.problems |= PI_ANNOT_QUADS_CLIPPED;
    if (quads.isArray()) {
        int n = quads.arrayGetLength();
        bool ok = n % 8 == 0 && n > 0;
        int kept = int(std::min<long long>(std::min(n, PI_MAX_QUAD_NUMBERS), budget.quad_numbers / 8 * 8));
        budget.quad_numbers -= kept;
        for (int i = 0; ok && i < kept; i++) {
            Object v = quads.arrayGet(i);
            ok = v.isNum() && finite_coordinate(v.getNum());
            if (ok) r.quads.push_back(v.getNum());
        }
        if (!ok) { r.quads.clear(); f.problems |= PI_ANNOT_QUADS_INVALID; }
        else if (kept < n) f.problems |= PI_ANNOT_QUADS_CLIPPED;
    } else if (!quads.isNull()) {
        f.problems |= PI_ANNOT_QUADS_INVALID;
    }
    Object bs = dict->lookup("BS");
    Object width = bs.isDict() ? bs.dictLookup("W") : null_object();
    if (!width.isNum()) {
        Object border = dict->lookup("Border");
        if (border.isArray() && border.arrayGetLength() >= 3) width = border.arrayGet(2);
    }
    if (width.isNum() && finite_coordinate(width.getNum()) && width.getNum() >= 0) {
        f.has_border_width = true;
        f.border_width = width.getNum();
    }
    r.has_name = read_text(dict->lookup("NM"), &r.name, &f.problems, &budget);
    r.has_modified = read_text(dict->lookup("M"), &r.modified, &f.problems, &budget);
    r.has_contents = read_text(dict->lookup("Contents"), &r.contents, &f.problems, &budget);
    read_appearance(dict, targets, r);
    f.popup_object = ref_number(dict->lookupNF("Popup"));
    f.parent_object = ref_number(dict->lookupNF("Parent"));
    if (subtype.isName("Widget")) read_field(xref, element, dict, r);
    read_action(dict, targets, r);
    return r;
}

} // namespace

std::vector<AnnotationRecord> read_annotations(XRef *xref, Dict *page, DestinationTargets &targets,
                                               pi_annotations_summary *summary) {
    *summary = pi_annotations_summary {};
    std::vector<AnnotationRecord> out;
    Object annots = page->lookup("Annots");
    if (annots.isNull()) return out;
    summary->present = true;
    if (!annots.isArray()) { summary->not_array = true; return out; }
    const int n = annots.arrayGetLength();
    summary->listed = n;
    const int kept = std::min(n, PI_MAX_ANNOTATIONS);
    summary->clipped = kept < n;
    std::unordered_map<int, size_t> first; // object number → its first record
    PageBudget budget;
    out.reserve(size_t(kept));
    for (int i = 0; i < kept; i++) {
        const Object &element = array_element_unfetched(annots, i);
        auto earlier = element.isRef() ? first.find(element.getRefNum()) : first.end();
        if (earlier == first.end()) {
            if (element.isRef()) first.emplace(element.getRefNum(), out.size());
            out.push_back(read_one(xref, element, targets, budget));
        } else {
            // The same object again: its record again (not read again), within the budget.
            AnnotationRecord r = out[earlier->second];
            r.fields.problems |= PI_ANNOT_REPEATED;
            long long quads = (long long)r.quads.size();
            if (quads > budget.quad_numbers) { r.quads.clear(); r.fields.problems |= PI_ANNOT_QUADS_CLIPPED; }
            else budget.quad_numbers -= quads;
            long long text = (long long)(r.name.size() + r.modified.size() + r.contents.size() + r.field_name.size()
                                         + r.action_target.size() + r.destination_name.size());
            if (text > budget.text_bytes) {
                r.name.clear(); r.modified.clear(); r.contents.clear(); r.field_name.clear(); r.action_target.clear();
                r.destination_name.clear();
                r.has_name = r.has_modified = r.has_contents = r.has_field_name = r.has_action_target = r.has_destination_name = false;
                r.fields.problems |= PI_ANNOT_TEXT_CLIPPED;
            } else {
                budget.text_bytes -= text;
            }
            out.push_back(std::move(r));
        }
        out.back().budget = nullptr;
    }
    return out;
}

void export_annotation(const AnnotationRecord &r, pi_annotation *out) {
    *out = r.fields;
    auto text = [](bool has, const std::string &s) { return has ? pi_text { s.data(), s.size() } : pi_text { nullptr, 0 }; };
    out->subtype = text(r.has_subtype, r.subtype);
    out->name = text(r.has_name, r.name);
    out->modified = text(r.has_modified, r.modified);
    out->contents = text(r.has_contents, r.contents);
    out->appearance_state = text(r.has_state, r.appearance_state);
    out->field_name = text(r.has_field_name, r.field_name);
    out->field_type = text(r.has_field_type, r.field_type);
    out->action_type = text(r.has_action_type, r.action_type);
    out->action_target = text(r.has_action_target, r.action_target);
    out->destination.name = text(r.has_destination_name, r.destination_name);
    out->quad_points = r.quads.empty() ? nullptr : r.quads.data();
    out->quad_point_count = r.quads.size();
}

// MARK: - Destination targets

DestinationTargets::DestinationTargets(XRef *xref, Ref catalog, PageObjectCache *pages)
    : xref_(xref), catalog_(catalog), pages_(pages) {}

void DestinationTargets::walk_until(int num) {
    if (walk_ended_) return;
    if (!walk_) {
        walk_ = std::make_unique<PageTreeWalk>(xref_, catalog_);
        walk_->offer_pages_to(pages_);
    }
    Object page;
    InheritedAttrs inherited;
    pi_page_error error;
    const char *type;
    int found, repeat;
    uint32_t flags;
    for (;;) {
        if (walk_->next(&page, &inherited, &error, &type, &found, &repeat, &flags) == PageTreeWalk::End) break;
        if (found > 0) index_of_.emplace(found, walk_->summary().positions - 1);
        if (num > 0 && found == num) return;
    }
    walk_ended_ = true;
    page_count_ = walk_->summary().positions;
    walk_.reset();
}

int DestinationTargets::page_index(int num) {
    auto it = index_of_.find(num);
    if (it == index_of_.end() && num > 0) {
        walk_until(num);
        it = index_of_.find(num);
    }
    return it == index_of_.end() ? -1 : it->second;
}

int DestinationTargets::page_count() {
    walk_until(0);
    return page_count_;
}

void DestinationTargets::read_names() {
    if (names_read_) return;
    names_read_ = true;
    if (catalog_ == Ref::INVALID()) return;
    Object catalog = xref_->fetch(catalog_);
    if (!catalog.isDict()) return;
    dests_ = catalog.dictLookup("Dests");
    Object names = catalog.dictLookup("Names");
    Object root = names.isDict() ? names.dictLookup("Dests") : null_object();
    if (root.isNull()) return;
    if (!root.isDict()) { names_damaged_ = true; return; }
    struct Item { Object node; int depth; };
    std::vector<Item> stack;
    std::unordered_set<int> visited;
    stack.push_back({ std::move(root), 0 });
    int nodes = 0;
    long long pairs_left = PI_MAX_NAME_TREE_PAIRS;
    // An array written once and listed by many nodes (/Kids or /Names by reference) is read once:
    // else a shared /Kids array doubles the walk at each level.
    auto first_visit = [&](Dict *dict, const char *key) {
        const Object &ref = dict->lookupNF(key);
        if (!ref.isRef()) return true;
        if (visited.insert(ref.getRefNum()).second) return true;
        names_damaged_ = true;
        return false;
    };
    while (!stack.empty()) {
        Item item = std::move(stack.back());
        stack.pop_back();
        if (++nodes > PI_MAX_NAME_TREE_NODES) { names_damaged_ = true; break; }
        Dict *dict = item.node.getDict();
        Object pairs = first_visit(dict, "Names") ? dict->lookup("Names") : null_object();
        if (pairs.isArray()) {
            const int n = pairs.arrayGetLength();
            if (n % 2) names_damaged_ = true;
            if (n / 2 > pairs_left) names_damaged_ = true;
            for (int i = 0; i + 1 < n && pairs_left > 0; i += 2, pairs_left--) {
                Object key = pairs.arrayGet(i);
                if (!key.isString()) { names_damaged_ = true; continue; }
                // The first definition wins, as a lookup through /Limits would find it.
                tree_.emplace(string_bytes(key), array_element_unfetched(pairs, i + 1).copy());
            }
        }
        Object kids = first_visit(dict, "Kids") ? dict->lookup("Kids") : null_object();
        if (!kids.isArray()) continue;
        if (item.depth >= PI_MAX_NAME_TREE_DEPTH) { names_damaged_ = true; continue; }
        for (int i = kids.arrayGetLength() - 1; i >= 0; i--) {
            const Object &kid = array_element_unfetched(kids, i);
            if (kid.isRef() && !visited.insert(kid.getRefNum()).second) { names_damaged_ = true; continue; }
            Object node = kids.arrayGet(i);
            if (!node.isDict()) { names_damaged_ = true; continue; }
            stack.push_back({ std::move(node), item.depth + 1 });
        }
    }
}

Object DestinationTargets::named(const std::string &name, bool is_name) {
    read_names();
    auto from_dests = [&]() -> Object {
        if (!dests_.isDict()) return null_object();
        return dests_.dictLookup(name.c_str());
    };
    auto from_tree = [&]() -> Object {
        auto it = tree_.find(name);
        if (it == tree_.end()) return null_object();
        return it->second.fetch(xref_);
    };
    // A name is looked up in /Dests first, a string in the name tree first (ISO 32000-2 §12.3.2.4).
    Object found = is_name ? from_dests() : from_tree();
    if (found.isNull()) found = is_name ? from_tree() : from_dests();
    return found;
}

} // namespace pageinfo

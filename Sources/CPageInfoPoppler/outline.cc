// SPDX-License-Identifier: GPL-2.0-or-later
// Our own outline reader. See outline.h.
#include "outline.h"

#include "object_streams.h"
#include "poppler_compat.h"

#include <XRef.h>

#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace pageinfo {

namespace {

// An item still to read: the object a /First or /Next gave (a reference, or a dictionary written
// in place), its level, and who pointed at it (the index of the item, -1 for /Outlines itself).
struct Pending {
    Object target;
    int level;
    int from;
    bool via_first;
};

// Reads one item's entries into `r` (the item is a dictionary).
// /Count written by reference: each referenced number read once, whatever the items sharing it.
using CountCache = std::unordered_map<int, Object>;

void read_item(Dict *dict, DestinationTargets &targets, PageBudget &budget, CountCache &counts, OutlineRecord &r) {
    uint32_t problems = 0;
    // A /Title past the budget is not even fetched: one long string shared by every item is
    // parsed at most until the budget is spent.
    if (!dict->lookupNF("Title").isNull()) {
        if (budget.text_bytes <= 0) problems |= PI_ANNOT_TEXT_CLIPPED;
        else r.has_title = read_text(dict->lookup("Title"), &r.title, &problems, &budget);
    }
    const Object &written = dict->lookupNF("Count");
    const Object *found = &written;
    if (written.isRef()) {
        auto it = counts.find(written.getRefNum());
        if (it == counts.end()) it = counts.emplace(written.getRefNum(), dict->lookup("Count")).first;
        found = &it->second;
    }
    const Object &count = *found;
    if (count.isInt()) { r.has_count = true; r.count = count.getInt(); }
    else if (count.isInt64()) { r.has_count = true; r.count = count.getInt64(); }
    AnnotationRecord link;
    link.budget = &budget;
    link.fields.problems = problems;
    read_action(dict, targets, link);
    r.link_problems = link.fields.problems;
    r.action = link.fields.action;
    r.destination = link.fields.destination;
    r.destination.name = pi_text { nullptr, 0 };
    r.has_action_type = link.has_action_type;
    r.has_action_target = link.has_action_target;
    r.has_destination_name = link.has_destination_name;
    r.action_type = std::move(link.action_type);
    r.action_target = std::move(link.action_target);
    r.destination_name = std::move(link.destination_name);
}

} // namespace

std::vector<OutlineRecord> read_outline(XRef *xref, Ref catalog_ref, DestinationTargets &targets, pi_outline_summary *summary) {
    *summary = pi_outline_summary {};
    std::vector<OutlineRecord> out;
    Object catalog = fetch_catalog(xref, catalog_ref);
    if (!catalog.isDict()) return out;
    const Object &outlines_ref = catalog.getDict()->lookupNF("Outlines");
    if (outlines_ref.isNull()) return out;
    summary->present = true;
    Object outlines = catalog.dictLookup("Outlines");
    if (outlines.isNull()) return out; // a reference to nothing: no outline, as a viewer sees it
    if (!outlines.isDict()) { summary->not_dictionary = true; return out; }
    // Every item read, by object number: an item met again ends the chain that leads to it.
    std::unordered_set<int> visited;
    if (outlines_ref.isRef()) visited.insert(outlines_ref.getRefNum());
    PageBudget budget;
    budget.quad_numbers = 0;
    budget.text_bytes = PI_MAX_OUTLINE_TEXT_BYTES;
    // Pre-order with an explicit stack: an item's /Next is pushed before its /First, so its
    // children come out first. Each item read pushes at most two, so the stack holds at most
    // PI_MAX_OUTLINE_ITEMS + 1 entries.
    std::vector<Pending> stack;
    CountCache counts;
    Object first = outlines.getDict()->lookupNF("First").copy();
    if (!first.isNull()) stack.push_back({ std::move(first), 0, -1, true });
    while (!stack.empty()) {
        Pending p = std::move(stack.back());
        stack.pop_back();
        const int num = p.target.isRef() ? p.target.getRefNum() : 0;
        if (num > 0 && visited.count(num)) {
            if (p.from < 0) summary->first_loop = true;
            else out[size_t(p.from)].problems |= p.via_first ? PI_OUTLINE_FIRST_LOOP : PI_OUTLINE_NEXT_LOOP;
            continue;
        }
        if (out.size() >= size_t(PI_MAX_OUTLINE_ITEMS)) { summary->clipped = true; break; }
        if (num > 0) visited.insert(num);
        Object item = p.target.isRef() ? xref->fetch(p.target.getRef()) : std::move(p.target);
        if (item.isNull() && num > 0) {
            // A reference to a free or missing object ends the chain, as null does.
            continue;
        }
        const int index = int(out.size());
        out.emplace_back();
        OutlineRecord &r = out.back();
        r.object_number = num;
        r.level = p.level;
        r.destination.page_index = -1;
        r.destination.remote_page = -1;
        if (!item.isDict()) { r.problems |= PI_OUTLINE_NOT_DICTIONARY; continue; }
        Dict *dict = item.getDict();
        read_item(dict, targets, budget, counts, r);
        Object next = dict->lookupNF("Next").copy();
        if (!next.isNull()) stack.push_back({ std::move(next), p.level, index, false });
        Object child = dict->lookupNF("First").copy();
        if (!child.isNull()) {
            if (p.level + 1 >= PI_MAX_OUTLINE_DEPTH) r.problems |= PI_OUTLINE_TOO_DEEP;
            else stack.push_back({ std::move(child), p.level + 1, index, true });
        }
    }
    return out;
}

void export_outline_item(const OutlineRecord &r, pi_outline_item *out) {
    *out = pi_outline_item {};
    auto text = [](bool has, const std::string &s) { return has ? pi_text { s.data(), s.size() } : pi_text { nullptr, 0 }; };
    out->object_number = r.object_number;
    out->level = r.level;
    out->problems = r.problems;
    out->title = text(r.has_title, r.title);
    out->has_count = r.has_count;
    out->count = r.count;
    out->link.problems = r.link_problems;
    out->link.action = r.action;
    out->link.action_type = text(r.has_action_type, r.action_type);
    out->link.action_target = text(r.has_action_target, r.action_target);
    out->link.destination = r.destination;
    out->link.destination.name = text(r.has_destination_name, r.destination_name);
    out->link.appearance_matrix[0] = out->link.appearance_matrix[3] = 1;
}

} // namespace pageinfo

// SPDX-License-Identifier: GPL-2.0-or-later
// Our own reader of the document outline (ISO 32000-2 §12.3.3): /Root /Outlines /First, each
// item's /First and /Next, read iteratively in pre-order and bounded (PI_MAX_OUTLINE_* in
// pageinfo_poppler.h). Each item's destination or action is read by the annotations' reader
// (read_action, through the document's DestinationTargets), so named destinations and target
// pages resolve exactly as a link's do.
#ifndef PAGEINFO_OUTLINE_H
#define PAGEINFO_OUTLINE_H

#include "annotations.h"

#include <Object.h>

#include <string>
#include <vector>

class XRef;

namespace pageinfo {

/// One outline item as read, owning its text (see pi_outline_item).
struct OutlineRecord {
    int object_number = 0;
    int level = 0;
    uint32_t problems = 0;        // pi_outline_problem bits
    bool has_title = false;
    std::string title;
    bool has_count = false;
    int64_t count = 0;
    // The link part (pi_outline_item.link): what read_action filled, kept compactly.
    uint32_t link_problems = 0;   // pi_annotation_problem bits
    pi_action_kind action = PI_ACTION_NONE;
    pi_destination destination {};
    bool has_action_type = false, has_action_target = false, has_destination_name = false;
    std::string action_type, action_target, destination_name;
};

/// Reads the outline of the document whose catalog is `catalog`.
std::vector<OutlineRecord> read_outline(XRef *xref, Ref catalog, DestinationTargets &targets, pi_outline_summary *summary);

/// Fills `out` from `record`, its pointers into the record.
void export_outline_item(const OutlineRecord &record, pi_outline_item *out);

} // namespace pageinfo

#endif

// SPDX-License-Identifier: GPL-2.0-or-later
// Recovery through object streams and cross-reference streams. See object_streams.h.
#include "object_streams.h"

#include "poppler_compat.h"

#include <Dict.h>
#include <Stream.h>
#include <XRef.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

namespace pageinfo {

namespace {

// Reads up to `max_pairs` pairs of non-negative integers from the first `length` decoded bytes
// of an object stream (its header: object number, offset, …). Stops at anything else.
std::vector<int> read_header(Stream *stream, int length, int max_pairs) {
    std::vector<int> numbers;
    if (!reset_stream(stream)) return numbers;
    long long value = -1;
    for (int i = 0; i < length && (int)numbers.size() < 2 * max_pairs; i++) {
        int c = stream->getChar();
        if (c == EOF) break;
        if (c >= '0' && c <= '9') {
            value = (value < 0 ? 0 : value) * 10 + (c - '0');
            if (value > INT_MAX) break;
        } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0) {
            if (value >= 0) numbers.push_back((int)value);
            value = -1;
        } else {
            value = -1;
            break;
        }
    }
    if (value >= 0 && (int)numbers.size() < 2 * max_pairs) numbers.push_back((int)value);
    stream->close();
    if (numbers.size() % 2) numbers.pop_back();
    return numbers;
}

int int_entry(Dict *dict, const char *key) {
    Object o = dict->lookup(key);
    return o.isInt() ? o.getInt() : -1;
}

} // namespace

StreamRecovery recover_from_streams(XRef *xref) {
    StreamRecovery result;
    const int size = xref->getNumObjects();
    // The top-level streams: object streams to index, cross-reference streams for /Root.
    std::vector<int> object_streams;
    int last_xref_stream = -1;
    Goffset last_xref_offset = -1;
    for (int num = 1; num < size; num++) {
        XRefEntry *entry = xref->getEntry(num, false);
        if (!entry || entry->type != xrefEntryUncompressed) continue;
        Object o = xref->fetch(num, entry->gen);
        if (!o.isStream()) continue;
        Dict *dict = o.streamGetDict();
        if (dict->is("ObjStm")) object_streams.push_back(num);
        else if (dict->is("XRef") && entry->offset > last_xref_offset) { last_xref_offset = entry->offset; last_xref_stream = num; }
    }
    long long growth = 0; // entries past the table's size, at most one per pair read
    for (int stream_num : object_streams) {
        XRefEntry *entry = xref->getEntry(stream_num, false);
        Object o = xref->fetch(stream_num, entry->gen);
        if (!o.isStream()) continue;
        Dict *dict = o.streamGetDict();
        int n = int_entry(dict, "N"), first = int_entry(dict, "First");
        if (n <= 0 || first <= 0) continue;
        std::vector<int> header = read_header(o.getStream(), std::min(first, kMaxObjectStreamHeader),
                                              std::min(n, kMaxObjectsPerStream));
        int pairs = (int)header.size() / 2;
        growth += pairs;
        for (int i = 0; i < pairs; i++) {
            int num = header[2 * i];
            if (num <= 0 || num == stream_num) continue;
            if (num >= xref->getNumObjects()) {
                if ((long long)num >= (long long)size + growth) continue; // a number the streams cannot justify
                xref->add(num, 0, 0, false);                          // grows the table; a free entry
            }
            XRefEntry *e = xref->getEntry(num, false);
            if (!e || e->type != xrefEntryFree) continue; // a top-level object or an indexed one wins
            e->type = xrefEntryCompressed;
            e->offset = stream_num;
            e->gen = i;
            result.objects_indexed++;
        }
    }
    Object catalog = fetch_catalog(xref, Ref::INVALID());
    if (!catalog.isDict() && last_xref_stream > 0) {
        XRefEntry *entry = xref->getEntry(last_xref_stream, false);
        Object o = xref->fetch(last_xref_stream, entry->gen);
        if (o.isStream()) {
            const Object &root = o.streamGetDict()->lookupNF("Root");
            if (root.isRef() && xref->fetch(root.getRef()).isDict()) result.root = root.getRef();
        }
    }
    return result;
}

int relocate_object_streams(XRef *xref, BaseStream *file) {
    const int size = xref->getNumObjects();
    // The stream numbers that compressed entries name and that are no top-level object.
    std::vector<int> broken;
    std::vector<bool> seen;
    for (int num = 1; num < size; num++) {
        XRefEntry *entry = xref->getEntry(num, false);
        if (!entry || entry->type != xrefEntryCompressed) continue;
        Goffset stream_num = entry->offset;
        if (stream_num <= 0 || stream_num > INT_MAX) continue;
        if (stream_num < size) {
            XRefEntry *stream_entry = xref->getEntry((int)stream_num, false);
            if (stream_entry && stream_entry->type == xrefEntryUncompressed) continue;
        }
        // One flag per number up to the table's size; a number past it is kept once per entry
        // that names it (bounded by the entries).
        if (stream_num < size) {
            if (seen.empty()) seen.resize(size, false);
            if (seen[stream_num]) continue;
            seen[stream_num] = true;
        }
        broken.push_back((int)stream_num);
    }
    if (broken.empty()) return 0;
    std::sort(broken.begin(), broken.end());
    broken.erase(std::unique(broken.begin(), broken.end()), broken.end());
    // Where each object starts, as Poppler's reconstruction finds it ("N G obj" at a line's start).
    // The scan reads the file through its own table; the document's table is not touched by it.
    auto scan = std::make_unique<XRef>(file, 0, 0, nullptr, true);
    const int scanned = scan->getNumObjects();
    int relocated = 0;
    for (int stream_num : broken) {
        if (stream_num >= scanned) continue;
        XRefEntry *found = scan->getEntry(stream_num, false);
        if (!found || found->type != xrefEntryUncompressed || found->gen != 0) continue;
        if (stream_num >= xref->getNumObjects()) xref->add(stream_num, 0, 0, false); // a free entry, set below
        XRefEntry *entry = xref->getEntry(stream_num, false);
        if (!entry) continue;
        const Goffset offset_before = entry->offset;
        const int gen_before = entry->gen;
        const XRefEntryType type_before = entry->type;
        entry->type = xrefEntryUncompressed;
        entry->offset = found->offset;
        entry->gen = 0;
        Object o = xref->fetch(stream_num, 0);
        if (o.isStream() && o.streamGetDict()->is("ObjStm")) {
            relocated++;
        } else { // not an object stream after all: the entry as it was
            entry->type = type_before;
            entry->offset = offset_before;
            entry->gen = gen_before;
        }
    }
    return relocated;
}

Object fetch_catalog(XRef *xref, Ref catalog) {
    if (catalog != Ref::INVALID()) {
        Object found = xref->fetch(catalog);
        if (found.isDict()) return found;
    }
    Ref root = xref->getRoot();
    if (root.num < 0) return Object(objNull);
    return xref->fetch(root);
}

} // namespace pageinfo

// SPDX-License-Identifier: GPL-2.0-or-later
// Recovery through object streams and cross-reference streams. See object_streams.h.
#include "object_streams.h"

#include "poppler_compat.h"

#include <Dict.h>
#include <Stream.h>
#include <XRef.h>

#include <algorithm>
#include <climits>
#include <cstring>
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
    // In file order: in a file updated incrementally, a later object stream holds the later
    // revision of an object, and its copy replaces one this function took from an earlier stream
    // (as Poppler's reconstruction lets a later top-level object replace an earlier one).
    std::sort(object_streams.begin(), object_streams.end(), [xref](int a, int b) {
        Goffset offset_a = xref->getEntry(a, false)->offset, offset_b = xref->getEntry(b, false)->offset;
        return offset_a != offset_b ? offset_a < offset_b : a < b;
    });
    std::vector<bool> ours; // by object number: an entry this function set
    std::vector<int> streams_by_number = object_streams;
    std::sort(streams_by_number.begin(), streams_by_number.end());
    long long growth = 0; // entries past the table's size, at most one per pair read
    for (int stream_num : object_streams) {
        XRefEntry *entry = xref->getEntry(stream_num, false);
        const Goffset stream_offset = entry->offset;
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
            if (!e) continue;
            if ((int)ours.size() <= num) ours.resize((size_t)num + 1, false);
            // What the table holds wins, unless it is an earlier stream's copy taken here, or a
            // top-level object written before this stream (an earlier revision; never an object
            // stream itself).
            const bool earlier_top_level = e->type == xrefEntryUncompressed && e->offset < stream_offset
                && !std::binary_search(streams_by_number.begin(), streams_by_number.end(), num);
            if (e->type != xrefEntryFree && !ours[num] && !earlier_top_level) continue;
            if (earlier_top_level && !ours[num]) result.objects_replaced++;
            else if (!ours[num]) result.objects_indexed++;
            ours[num] = true;
            e->type = xrefEntryCompressed;
            e->offset = stream_num;
            e->gen = i;
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

namespace {

bool is_pdf_space(int c) { return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '; }
bool is_pdf_delimiter(int c) {
    return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' || c == '%';
}

// Where "S 0 obj" starts in the file, for each S of `wanted` (sorted): the offsets from the
// stream's start of the last kMaxHeadersKept such headers, in file order. One pass over the
// bytes through a stream of its own (the document's stream is not moved), tokens cut at 16 bytes:
// memory is O(wanted), whatever the file holds.
constexpr size_t kMaxHeadersKept = 8;
std::vector<std::vector<Goffset>> find_object_headers(BaseStream *file, const std::vector<int> &wanted) {
    std::vector<std::vector<Goffset>> found(wanted.size());
    std::unique_ptr<Stream> bytes = make_sub_stream(file, file->getStart());
    if (!bytes || !reset_stream(bytes.get())) return found;
    struct Token { char text[17]; int length; Goffset start; };
    Token tokens[3] = {}; // the last three complete tokens, oldest first
    Token current {};
    bool in_token = false;
    Goffset pos = 0; // from the stream's start
    auto finish = [&] {
        in_token = false;
        tokens[0] = tokens[1];
        tokens[1] = tokens[2];
        tokens[2] = current;
        const Token &num = tokens[0], &gen = tokens[1], &kw = tokens[2];
        if (kw.length != 3 || std::memcmp(kw.text, "obj", 3) != 0) return;
        if (gen.length != 1 || gen.text[0] != '0' || num.length == 0 || num.length > 10) return;
        long long n = 0;
        for (int i = 0; i < num.length; i++) {
            if (num.text[i] < '0' || num.text[i] > '9') return;
            n = n * 10 + (num.text[i] - '0');
        }
        auto it = std::lower_bound(wanted.begin(), wanted.end(), n);
        if (it == wanted.end() || *it != n) return;
        std::vector<Goffset> &offsets = found[it - wanted.begin()];
        if (offsets.size() == kMaxHeadersKept) offsets.erase(offsets.begin());
        offsets.push_back(num.start);
    };
    for (int c; (c = bytes->getChar()) != EOF; pos++) {
        if (is_pdf_space(c) || is_pdf_delimiter(c)) {
            if (in_token) finish();
            if (is_pdf_delimiter(c)) { // a token of its own: "4 0 [obj" is no header
                current = Token {};
                current.start = pos;
                finish();
            }
            continue;
        }
        if (!in_token) { in_token = true; current = Token {}; current.start = pos; }
        if (current.length < 16) current.text[current.length] = (char)c;
        current.length = std::min(current.length + 1, 16);
    }
    if (in_token) finish();
    bytes->close();
    return found;
}

} // namespace

int relocate_object_streams(XRef *xref, BaseStream *file) {
    // Only a cross-reference stream's table: Poppler reads it whole when it opens, so looking
    // at its entries reads nothing more. (A classic table answers a number no section lists by
    // reading its sections again, and rebuilds itself when that fails.)
    if (!xref->isXRefStream()) return 0;
    const int size = xref->getNumObjects();
    // The stream numbers, within the table, that compressed entries name and that are no
    // top-level object (free, compressed themselves: in their own stream, or in a loop).
    std::vector<int> broken;
    std::vector<bool> seen;
    for (int num = 1; num < size; num++) {
        XRefEntry *entry = xref->getEntry(num, false);
        if (!entry || entry->type != xrefEntryCompressed) continue;
        Goffset stream_num = entry->offset;
        if (stream_num <= 0 || stream_num >= size) continue; // Poppler's fetch refuses these too
        XRefEntry *stream_entry = xref->getEntry((int)stream_num, false);
        if (!stream_entry || stream_entry->type == xrefEntryUncompressed) continue;
        if (seen.empty()) seen.resize(size, false);
        if (seen[stream_num]) continue;
        seen[stream_num] = true;
        broken.push_back((int)stream_num);
    }
    if (broken.empty()) return 0;
    std::sort(broken.begin(), broken.end());
    std::vector<std::vector<Goffset>> headers = find_object_headers(file, broken);
    int relocated = 0;
    for (size_t k = 0; k < broken.size(); k++) {
        const int stream_num = broken[k];
        XRefEntry *entry = xref->getEntry(stream_num, false);
        if (!entry) continue;
        const Goffset offset_before = entry->offset;
        const int gen_before = entry->gen;
        const XRefEntryType type_before = entry->type;
        bool found = false;
        // The last header first (a later revision replaces an earlier one), then the ones before.
        for (auto it = headers[k].rbegin(); it != headers[k].rend() && !found; ++it) {
            entry->type = xrefEntryUncompressed;
            entry->offset = *it;
            entry->gen = 0;
            Object o = xref->fetch(stream_num, 0);
            found = o.isStream() && o.streamGetDict()->is("ObjStm");
        }
        if (found) {
            relocated++;
        } else { // no object stream there: the entry as it was
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

// SPDX-License-Identifier: GPL-2.0-or-later
// Recovery through object streams and cross-reference streams. See object_streams.h.
#include "object_streams.h"

#include "poppler_compat.h"

#include <Dict.h>
#include <Parser.h>
#include <Stream.h>
#include <XRef.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

namespace pageinfo {

namespace {

// Reads up to `max_pairs` pairs of non-negative integers from the first `length` decoded bytes
// of an object stream (its header: object number, offset, …). Stops at anything else.
std::vector<int> read_header(Stream *stream, int length, int max_pairs) {
    std::vector<int> numbers;
    if (!rewind_stream(stream)) return numbers;
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

namespace {

bool is_pdf_space(int c) { return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '; }
bool is_pdf_delimiter(int c) {
    return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' || c == '%';
}

// What one pass over the file's bytes finds: where "S 0 obj" starts, for each S of `wanted`
// (sorted), the offsets from the stream's start of the last kMaxHeadersKept such headers; and
// where the last kMaxTrailersKept "trailer" keywords start. Read through a stream of its own (the
// document's stream is not moved), tokens cut at 16 bytes: memory is O(wanted), whatever the
// file holds.
constexpr size_t kMaxHeadersKept = 8;
constexpr size_t kMaxTrailersKept = 64;
struct FileScan {
    std::vector<std::vector<Goffset>> headers;
    std::vector<Goffset> trailers;
};
FileScan scan_file(BaseStream *file, const std::vector<int> &wanted) {
    FileScan scan;
    scan.headers.resize(wanted.size());
    std::vector<std::vector<Goffset>> &found = scan.headers;
    std::unique_ptr<Stream> bytes = make_sub_stream(file, file->getStart());
    if (!bytes || !rewind_stream(bytes.get())) return scan;
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
        if (current.length == 7 && std::memcmp(current.text, "trailer", 7) == 0) {
            if (scan.trailers.size() == kMaxTrailersKept) scan.trailers.erase(scan.trailers.begin());
            scan.trailers.push_back(current.start);
        }
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
    return scan;
}

// The /Root of the dictionary after the "trailer" keyword at `offset` (from the stream's start),
// or Ref::INVALID().
Ref trailer_root_at(BaseStream *file, Goffset offset) {
    std::unique_ptr<Parser> parser = make_parser(make_sub_stream(file, file->getStart() + offset + 7));
    Object trailer = parser->getObj();
    if (!trailer.isDict()) return Ref::INVALID();
    const Object &root = trailer.dictLookupNF("Root");
    return root.isRef() ? root.getRef() : Ref::INVALID();
}

// Poppler 26.04 and later index the objects kept in object streams when they rebuild a table, and
// take its /Root from a cross-reference stream's dictionary too (NEWS: "Improve reconstruction of
// damaged files", 26.04 and 26.05; 26.01 does neither); earlier releases index top-level
// "N G obj" objects only and take /Root only from a "trailer" dictionary. Both find the same
// pages, but what this recovery adds, and so what the records say it added (and the PDF version,
// which Poppler cannot tell without its own catalog), would differ. So that they do not, the
// recovery starts from what a top-level rebuild holds, whichever release rebuilt, by the two
// functions below. Bounded: at most one more pass over the file, and only when a rebuilt table
// holds a compressed entry, or a root that a cross-reference stream names.

// Each compressed entry of the rebuilt table (no release before 26.04 makes one) is put back as
// its object's last top-level definition in the file ("N 0 obj", where Poppler reads that
// object), else as free. `scan` keeps the pass over the file, if one was made.
void put_back_compressed_entries(XRef *xref, BaseStream *file, std::optional<FileScan> &scan) {
    std::vector<int> compressed;
    for (int num = 1; num < xref->getNumObjects(); num++) {
        XRefEntry *entry = xref->getEntry(num, false);
        if (entry && entry->type == xrefEntryCompressed) compressed.push_back(num);
    }
    if (compressed.empty()) return;
    scan.emplace(scan_file(file, compressed));
    for (size_t k = 0; k < compressed.size(); k++) {
        XRefEntry *entry = xref->getEntry(compressed[k], false);
        bool found = false;
        for (auto it = scan->headers[k].rbegin(); it != scan->headers[k].rend() && !found; ++it) {
            entry->type = xrefEntryUncompressed;
            entry->offset = *it;
            entry->gen = 0;
            found = !xref->fetch(compressed[k], 0).isNull();
        }
        if (!found) {
            entry->type = xrefEntryFree;
            entry->offset = -1;
            entry->gen = 0;
        }
    }
}

// The root a top-level rebuild finds: Poppler's, unless a cross-reference stream names it and
// no "trailer" dictionary does (then the last root a "trailer" dictionary names, or none).
Ref top_level_rebuild_root(XRef *xref, BaseStream *file, const std::vector<Ref> &xref_stream_roots,
                           std::optional<FileScan> &scan) {
    const Ref root = xref->getRoot();
    if (root.num < 0 || std::find(xref_stream_roots.begin(), xref_stream_roots.end(), root) == xref_stream_roots.end()) return root;
    if (!scan) scan.emplace(scan_file(file, {}));
    Ref last = Ref::INVALID();
    for (Goffset offset : scan->trailers) {
        const Ref named = trailer_root_at(file, offset);
        if (named == root) return root;
        if (named != Ref::INVALID()) last = named;
    }
    return last;
}

} // namespace

StreamRecovery recover_from_streams(XRef *xref, BaseStream *file, bool rebuilt) {
    StreamRecovery result;
    // A rebuilt table as a top-level rebuild holds it (above); a table read from the file keeps
    // the compressed entries it lists.
    std::optional<FileScan> scan;
    if (rebuilt) put_back_compressed_entries(xref, file, scan);
    const int size = xref->getNumObjects();
    // The top-level streams: object streams to index, cross-reference streams for /Root.
    std::vector<int> object_streams;
    std::vector<Ref> xref_stream_roots;
    int last_xref_stream = -1;
    Goffset last_xref_offset = -1;
    for (int num = 1; num < size; num++) {
        XRefEntry *entry = xref->getEntry(num, false);
        if (!entry || entry->type != xrefEntryUncompressed) continue;
        Object o = xref->fetch(num, entry->gen);
        if (!o.isStream()) continue;
        Dict *dict = stream_dict(o);
        if (dict->is("ObjStm")) object_streams.push_back(num);
        else if (dict->is("XRef")) {
            const Object &root = dict->lookupNF("Root");
            if (root.isRef()) xref_stream_roots.push_back(root.getRef());
            if (entry->offset > last_xref_offset) { last_xref_offset = entry->offset; last_xref_stream = num; }
        }
    }
    const Ref rebuilt_root = rebuilt ? top_level_rebuild_root(xref, file, xref_stream_roots, scan) : xref->getRoot();
    result.root_replaced = rebuilt_root != xref->getRoot();
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
        Dict *dict = stream_dict(o);
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
    Object catalog = rebuilt_root.num >= 0 ? xref->fetch(rebuilt_root) : null_object();
    if (catalog.isDict()) result.catalog = rebuilt_root;
    if (!catalog.isDict() && last_xref_stream > 0) {
        XRefEntry *entry = xref->getEntry(last_xref_stream, false);
        Object o = xref->fetch(last_xref_stream, entry->gen);
        if (o.isStream()) {
            const Object &root = stream_dict(o)->lookupNF("Root");
            if (root.isRef() && xref->fetch(root.getRef()).isDict()) result.catalog = result.root = root.getRef();
        }
    }
    return result;
}

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
    std::vector<std::vector<Goffset>> headers = scan_file(file, broken).headers;
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
            found = o.isStream() && stream_dict(o)->is("ObjStm");
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
    if (root.num < 0) return null_object();
    return xref->fetch(root);
}

} // namespace pageinfo

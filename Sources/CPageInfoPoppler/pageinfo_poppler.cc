// SPDX-License-Identifier: GPL-2.0-or-later
// C-ABI shim over Poppler's core API: open, diagnostics, document facts and the page cursor.
// See include/pageinfo_poppler.h for the contract; the walk, labels and text strings live in
// page_tree.cc, page_labels.cc and text_string.cc.
#include "pageinfo_poppler.h"

#include "annotations.h"
#include "block_file_stream.h"
#include "object_streams.h"
#include "outline.h"
#include "page_labels.h"
#include "poppler_compat.h"
#include "poppler_setup.h"
#include "page_tree.h"
#include "text_string.h"

#include <Catalog.h>
#include <Error.h>
#include <ErrorCodes.h>
#include <GlobalParams.h>
#include <PDFDoc.h>
#include <Parser.h>
#include <Stream.h>
#include <XRef.h>
#include <goo/GooString.h>
#include <poppler-config.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

struct pi_document {
    std::unique_ptr<PDFDoc> doc;
    char *bytes = nullptr;              // owned copy for documents opened from memory
    int diagnostics = 0;                // Poppler diagnostics while this document was current
    bool xref_reconstructed = false;
    bool catalog_broken = false;        // opened although Poppler could not read the catalog
    pageinfo::StreamRecovery streams;   // what recover_from_streams added (after a rebuilt table)
    int streams_relocated = 0;          // what relocate_object_streams set (a table not rebuilt)
    Ref catalog = Ref::INVALID();       // the catalog as the document opened (see finish_open)
    bool labels_loaded = false;
    bool labels_invalid = false;        // /PageLabels is there but not a dictionary
    std::unique_ptr<pageinfo::PageLabels> labels; // null when the catalog has no /PageLabels
    std::unique_ptr<XRef> opened_table; // a table that opened cleanly, as it opened (keep_opened_entries)
    unsigned table_epoch = 0;           // how many times keep_opened_entries changed the table (cursors walk again)
    bool names_read = false;            // targets made before that had read the named destinations
    pageinfo::PageObjectCache page_objects; // pages the walk for targets fetched, for the cursors (emptied when the table changes)
    std::unique_ptr<pageinfo::DestinationTargets> targets; // for annotations' and the outline's destinations, on first use

    ~pi_document() {
        targets.reset();                // holds objects of the document's table
        page_objects.clear();
        opened_table.reset();           // reads through the document's stream
        doc.reset();
        std::free(bytes);
    }
};

struct pi_page_cursor {
    pi_document *document;
    pageinfo::PageTreeWalk walk;
    bool with_geometry;
    std::string label;                  // owned label of the last page returned
    Object page;                        // the dictionary of the last page returned (null after a page error)
    unsigned epoch;                     // the document's table_epoch the walk was made under

    pi_page_cursor(pi_document *d, bool geometry)
        : document(d), walk(d->doc->getXRef(), d->catalog), with_geometry(geometry), epoch(d->table_epoch) {
        walk.take_pages_from(&d->page_objects);
    }
};

// MARK: - Poppler diagnostics
//
// Poppler reports through one global callback. Diagnostics are routed to the document being
// opened or read on this thread, so they never reach stdout or stderr.

namespace {

thread_local pi_document *current_document = nullptr;
thread_local char last_message[256];
thread_local int pending_diagnostics = 0;
thread_local bool pending_reconstructed = false;
thread_local unsigned rebuilds_seen = 0;   // every rebuild of any table on this thread

void on_poppler_error(ErrorCategory, Goffset, const char *msg) {
    if (current_document) {
        current_document->diagnostics++;
    } else {
        pending_diagnostics++;
    }
    std::snprintf(last_message, sizeof last_message, "%s", msg ? msg : "");
}


struct DiagnosticsScope {
    pi_document *previous;
    explicit DiagnosticsScope(pi_document *doc) : previous(current_document) { current_document = doc; }
    ~DiagnosticsScope() { current_document = previous; }
};

std::optional<GooString> password_of(const char *password) {
    if (!password) return std::nullopt;
    return GooString(password);
}

// Called by Poppler whenever it rebuilds the cross-reference table (while opening or later).
std::function<void()> reconstructed_callback() {
    return [] {
        rebuilds_seen++;
        if (current_document) {
            current_document->xref_reconstructed = true;
            current_document->page_objects.clear(); // (fetched from the table as it was)
        } else {
            pending_reconstructed = true;
        }
    };
}

// While it lives, what Poppler reports is not counted (in the document being read, or, while
// one opens, in the pending count): for objects read that no walk asked for (a walk that reads
// them counts its own diagnostics).
struct UncountedDiagnostics {
    int &counter = current_document ? current_document->diagnostics : pending_diagnostics;
    int saved = counter;
    char message[sizeof last_message];
    UncountedDiagnostics() { std::memcpy(message, last_message, sizeof last_message); }
    ~UncountedDiagnostics() {
        counter = saved;
        std::memcpy(last_message, message, sizeof last_message);
    }
};

// A table Poppler rebuilt while opening can be rebuilt again while it is read: once by the
// first fetch that fails (a rebuild while opening does not count toward that once), and again
// whenever an entry it has not read sends it back to the file's table sections, which fail
// again. Each walk reads other objects (one with geometry reads more than `info`'s counting
// walk), so the rebuild came at a different point of each walk, and `pages` and `info` could find
// different pages (fuzzed files: 1 page against 2). Here, every rebuild still to come happens
// before any walk: a fetch past the table's end uses up the failed-fetch rebuild, then every
// entry is read once, again while a pass rebuilt the table (at most 3 passes of the table's
// size). Only for tables already rebuilt: a table that opens cleanly is read as it is, and
// rebuilt at most once, by a failed fetch, which is how its misplaced objects are found.
// A rebuild reads the same bytes as the one before; the catalog was decided before this. What
// Poppler reports while reading objects no walk asked for is not counted as a diagnostic.
void settle_rebuilt_table(XRef *xref) {
    UncountedDiagnostics quiet;
    Object past_end = xref->fetch(xref->getNumObjects(), 0);
    for (int pass = 0; pass < 3; ++pass) {
        unsigned rebuilds = rebuilds_seen;
        for (int num = 1; num < xref->getNumObjects(); ++num) {
            XRefEntry *entry = xref->getEntry(num, false);
            if (!entry || (entry->type != xrefEntryUncompressed && entry->type != xrefEntryCompressed)) continue;
            Object ignored = xref->fetch(num, entry->type == xrefEntryCompressed ? 0 : entry->gen);
        }
        if (rebuilds == rebuilds_seen) break;
    }
}

// Whether "num gen obj" begins at `offset`: what XRef::fetch requires of an uncompressed entry.
bool object_header_at(PDFDoc &doc, Goffset offset, int num, int gen) {
    if (offset < 0) return false;
    BaseStream *str = doc.getBaseStream();
    std::unique_ptr<Parser> parser = pageinfo::make_parser(pageinfo::make_sub_stream(str, str->getStart() + offset));
    Object n = parser->getObj(true), g = parser->getObj(true), keyword = parser->getObj(true);
    return n.isInt() && n.getInt() == num && g.isInt() && g.getInt() == gen && keyword.isCmd("obj");
}

// A rebuilt table also remembers where each "endstream" keyword lies (XRef::streamEnds), and
// from then on Poppler's parser reads a stream whose /Length is wrong up to the next of them
// (Parser::makeStream, "check for length in damaged file"), where a table never rebuilt reads
// /Length bytes and then looks for "endstream". Where the parser resumes after such a stream
// decides what follows it, so an object that holds one (a /Kids array that runs on through the
// file's next objects) parsed to different values before and after the rebuild: a fuzzed file's
// /Kids array had 229 elements as it opened and 209 after the rebuild its walk caused, and the
// walk repeated on the rebuilt table stopped 15 positions short of the 234 it had returned.
// forget_stream_ends makes the table read streams as it did before the rebuild. Poppler offers
// no call for it: `streamEndsLen`, the count getStreamEnd consults (0: it finds none), is
// reached through an explicit instantiation, whose names the language exempts from access
// checks. Poppler 22.12, 25.03 and 26.07 all declare it `int streamEndsLen`; a release that renames
// or retypes it fails the build here. The array itself is kept (freed with the table; a later
// rebuild would grow it from its start).
template <int XRef::*Member>
struct StreamEndsLength {
    friend int XRef::*stream_ends_length() { return Member; }
};
int XRef::*stream_ends_length();
template struct StreamEndsLength<&XRef::streamEndsLen>;

void forget_stream_ends(XRef *xref) {
    xref->*stream_ends_length() = 0;
}

// The version in the file's header, as PDFDoc read it while opening (PDFDoc::checkHeader). PDFDoc
// gives it only combined with its own catalog's /Version, through that catalog, which it lacks
// when it could not read one: before Poppler 26.04, also for a catalog that only object streams
// or a cross-reference stream's /Root lead to, which the shim finds and later releases find
// themselves. `headerPdfMajorVersion` and `headerPdfMinorVersion` are reached as `streamEndsLen`
// is; 22.12, 25.03 and 26.07 all declare them `int`.
template <int PDFDoc::*Major, int PDFDoc::*Minor>
struct HeaderVersion {
    friend std::pair<int PDFDoc::*, int PDFDoc::*> header_version_members() { return { Major, Minor }; }
};
std::pair<int PDFDoc::*, int PDFDoc::*> header_version_members();
template struct HeaderVersion<&PDFDoc::headerPdfMajorVersion, &PDFDoc::headerPdfMinorVersion>;

// A table that opens cleanly is rebuilt by Poppler in the middle of a read: on the first fetch
// that fails (once), or when an entry it lacks sends it back to the file's table sections, which
// fail. The objects read before came from the file's table, those after from the rebuilt one,
// which can locate an object elsewhere (a later definition of the same number, a stray
// "N 0 obj" line) or not at all (what object streams hold). Each read meets its first failed
// fetch at its own point (a walk with geometry reads more than `info`'s counting walk), so
// `pages` and `info`, or a walk and a later cursor, found different pages (a crafted file:
// `--pages 1-,2-` read page 2 from a stray definition that `--pages 2-` never saw).
// When that rebuild has come (`rebuilds_before` is rebuilds_seen before the read), the table is
// settled as one rebuilt while opening, then every entry of the table as it opened whose object
// is where it says (the header for an uncompressed entry, a fetch for a compressed one) is put
// back: the rebuild only adds what the file's table could not locate, and the table forgets
// where the rebuild found each "endstream" (forget_stream_ends), so the objects read before it
// read the same now. Returns whether it did so; the caller then repeats the read on this
// table, which no later read changes. Once per document; what Poppler reports meanwhile is not
// counted as a diagnostic.
bool keep_opened_entries(pi_document *document, unsigned rebuilds_before) {
    if (!document->opened_table || rebuilds_seen == rebuilds_before) return false;
    std::unique_ptr<XRef> opened = std::move(document->opened_table);
    XRef *xref = document->doc->getXRef();
    document->page_objects.clear(); // (fetched from the table this changes)
    UncountedDiagnostics quiet; // (the read repeated after this counts its own)
    settle_rebuilt_table(xref);
    forget_stream_ends(xref); // (before the checks below fetch anything)
    // As large as the opened table (free entries), in one step (XRef::add grows it to the number).
    if (opened->getNumObjects() > xref->getNumObjects()) xref->add(opened->getNumObjects() - 1, 0, 0, false);
    // (The copy's size is read once: reading its entries may make it rebuild itself, larger.)
    const int count = std::min(opened->getNumObjects(), xref->getNumObjects());
    // Top-level objects first, then compressed ones: checking a compressed entry fetches its
    // object stream, which must already be back where the opened table says (found by review:
    // in a hybrid file a stream numbered above its objects was fetched from the rebuilt place).
    for (int pass = 0; pass < 2; ++pass)
    for (int num = 1; num < count; ++num) {
        const XRefEntry *was = opened->getEntry(num, false); // read as the opened table would read it
        if (was->type != xrefEntryUncompressed && was->type != xrefEntryCompressed) continue;
        const bool compressed = was->type == xrefEntryCompressed;
        if (compressed != (pass == 1)) continue;
        XRefEntry *now = xref->getEntry(num, false);
        if (now->type == was->type && now->offset == was->offset && now->gen == was->gen) continue;
        if (!compressed && !object_header_at(*document->doc, was->offset, num, was->gen)) continue;
        const Goffset offset = now->offset;
        const int gen = now->gen, flags = now->flags;
        const XRefEntryType type = now->type;
        now->offset = was->offset;
        now->gen = was->gen;
        now->type = was->type;
        now->flags = was->flags;
        if (compressed && xref->fetch(num, 0).isNull()) { // its object stream does not hold it
            now->offset = offset;
            now->gen = gen;
            now->type = type;
            now->flags = flags;
        }
    }
    // Labels read meanwhile are read again, and so are destinations' targets: what they hold
    // (positions, named destinations, shared actions and forms) may come from the rebuilt table.
    document->labels_loaded = false;
    document->labels_invalid = false;
    document->labels.reset();
    if (document->targets && document->targets->names_read()) document->names_read = true; // (read again for the facts)
    document->targets.reset();
    // Every cursor's walk, sized and counted on the table as it was, walks again to where it is
    // (walk_again_to) before it reads on: else a read that undid the rebuild (the targets' walk,
    // ahead of the cursor) would leave the cursor's walk on the old table's bounds.
    document->table_epoch++;
    return true;
}

// `read()` on one table: repeated once when a rebuild came during it (keep_opened_entries).
template <typename Read>
auto read_consistently(pi_document *document, Read read) {
    const unsigned rebuilds = rebuilds_seen;
    auto value = read();
    if (keep_opened_entries(document, rebuilds)) value = read();
    return value;
}

pi_document *finish_open(std::unique_ptr<pi_document> state, pi_open_result *result) {
    PDFDoc &doc = *state->doc;
    // A file whose catalog Poppler cannot read may still hold pages: keep its cross-reference
    // table, and let the cursor find them by scanning it.
    // (Poppler keeps the table it reconstructed even when it found no catalog in it.)
    if (!doc.isOk() && (doc.getErrorCode() == errBadCatalog || doc.getErrorCode() == errDamaged)
        && doc.getXRef() && doc.getXRef()->getNumObjects() > 1) {
        state->catalog_broken = true;
    } else if (!doc.isOk()) {
        switch (doc.getErrorCode()) {
        case errOpenFile:
            result->status = PI_STATUS_OPEN_FAILED;
            result->os_errno = doc.getFopenErrno();
            break;
        case errEncrypted: result->status = PI_STATUS_ENCRYPTED; break;
        case errDamaged: case errBadCatalog: result->status = PI_STATUS_DAMAGED; break;
        default: result->status = PI_STATUS_OTHER; break;
        }
        std::snprintf(result->message, sizeof result->message, "%s", last_message);
        return nullptr;
    }
    // Which object is the catalog, decided once: a later rebuild of a damaged table forgets the
    // root it had (a fuzzed file: a second walk, as `--pages 1-,11` makes, found no page tree
    // after the first had read 20 positions). Every walk, the labels and the facts start from
    // this object, so they all see one tree.
    XRef *xref = doc.getXRef();
    Ref root = xref ? xref->getRoot() : Ref::INVALID();
    if (root.num >= 0 && xref->fetch(root).isDict()) state->catalog = root;
    // Object streams whose own entries are broken (an entry naming its own stream, or a loop):
    // found by a scan of the file (object_streams.h). Only in a table Poppler has not rebuilt
    // (a rebuilt one holds no compressed entry), and before the settling below: should the
    // check make Poppler rebuild the table, that rebuild drops what was set, and is settled.
    // What Poppler reports meanwhile is not counted: the warning says what was repaired.
    if (xref && !state->xref_reconstructed && !pending_reconstructed) {
        UncountedDiagnostics quiet;
        const unsigned rebuilds = rebuilds_seen;
        const int relocated = pageinfo::relocate_object_streams(xref, doc.getBaseStream());
        if (rebuilds == rebuilds_seen) state->streams_relocated = relocated;
    }
    // Whether Poppler rebuilt the table, counted after that probe: fetching the root may itself
    // rebuild it (the callback sets pending_reconstructed), and the rebuilt table must be settled.
    state->xref_reconstructed = state->xref_reconstructed || pending_reconstructed;
    if (xref && state->xref_reconstructed) settle_rebuilt_table(xref);

    // A clean table Poppler may still rebuild during a read (never a cross-reference stream):
    // kept as it opened, for keep_opened_entries.
    if (xref && !state->xref_reconstructed && !state->catalog_broken && !xref->isXRefStream() && xref->getNumObjects() > 0)
        state->opened_table.reset(xref->copy());
    // Poppler's rebuilt table lacks what object streams hold, and its root when only a
    // cross-reference stream names it: add them (object_streams.h), after the last rebuild (a
    // rebuild would drop them). Also when Poppler found the catalog: its pages may be in an
    // object stream all the same. Reading the table's objects again reports what settling them
    // reported (pdfium-bug_602650.pdf, qpdf-bad-xref.pdf), so that is not counted again there.
    if (state->catalog_broken || state->xref_reconstructed) {
        std::optional<UncountedDiagnostics> quiet;
        if (!state->catalog_broken) quiet.emplace();
        state->streams = pageinfo::recover_from_streams(xref, doc.getBaseStream(), state->xref_reconstructed);
    }
    // After a rebuild, the catalog that a rebuild of top-level objects finds (object_streams.h),
    // whichever Poppler release rebuilt: Poppler 26.04 and later may take the root from a
    // cross-reference stream's dictionary, which no earlier release does.
    if (state->streams.root_replaced) state->catalog = state->streams.catalog;
    if (state->catalog == Ref::INVALID()) state->catalog = state->streams.root;
    state->diagnostics += pending_diagnostics;
    result->status = PI_STATUS_OK;
    std::snprintf(result->message, sizeof result->message, "%s", last_message);
    return state.release();
}

// Opens a document from the sources `make_source` makes, trying a password as the user password,
// then, only if it is not that, as the owner password. Poppler, given both, checks the owner
// password first, and for AES-256 (R6) each check is a costly key derivation: a user password,
// the usual case, cost twice pdfinfo's work (two derivations where `pdfinfo -upw` does one).
// The second open gives the password as both again: given an owner password alone, Poppler
// falls back to the empty user password, which would let a wrong password open a file that
// needs none (pdfinfo -upw refuses it, and so do we: InputTests).
template <typename MakeSource>
std::unique_ptr<PDFDoc> open_doc(MakeSource make_source, const char *password) {
    std::optional<GooString> pw = password_of(password);
    auto doc = pageinfo::make_pdf_doc(make_source(), std::nullopt, pw, reconstructed_callback());
    if (pw && !doc->isOk() && doc->getErrorCode() == errEncrypted) {
        // The first attempt's diagnostics belong to a document that is thrown away.
        last_message[0] = '\0';
        pending_diagnostics = 0;
        pending_reconstructed = false;
        doc = pageinfo::make_pdf_doc(make_source(), pw, pw, reconstructed_callback());
    }
    return doc;
}

void begin_open(pi_open_result *result) {
    pageinfo::ensure_error_callback();
    std::memset(result, 0, sizeof *result);
    last_message[0] = '\0';
    pending_diagnostics = 0;
    pending_reconstructed = false;
}

pageinfo::PageLabels *labels_of(pi_document *document) {
    if (!document->labels_loaded) {
        document->labels_loaded = true;
        Object catalog = pageinfo::fetch_catalog(document->doc->getXRef(), document->catalog);
        if (catalog.isDict()) {
            Object tree = catalog.dictLookup("PageLabels");
            if (tree.isDict()) document->labels = std::make_unique<pageinfo::PageLabels>(tree);
            else if (!tree.isNull()) document->labels_invalid = true; // a name, a number…: no tree at all
        }
    }
    return document->labels.get();
}

} // namespace

// Reading geometry never needs GlobalParams. In Poppler 22.12 and 25.03, XRef, Parser, Lexer,
// Stream (every filter), Object, Dict, Array, Catalog, Decrypt, SecurityHandler, PageLabelInfo
// and the PDFDoc set-up never use it; Error.cc's error() checks it for null. Its unchecked uses
// are in rendering, text, fonts and form/annotation appearances (Page::getAnnots,
// Catalog::getForm), none of which the reader calls: keep it so, or call ensure_global_params()
// first, as the renderer does (poppler_setup.h).
void pageinfo::ensure_error_callback() {
    static std::once_flag once;
    std::call_once(once, [] { setErrorCallback(on_poppler_error); });
}

void pageinfo::ensure_global_params() {
    ensure_error_callback();
    static std::once_flag once;
    std::call_once(once, [] {
        globalParams = std::make_unique<GlobalParams>();
        globalParams->setErrQuiet(false);
    });
}

// MARK: - C ABI

extern "C" {

pi_document *pi_document_open_descriptor(int fd, int64_t size, const char *password, pi_open_result *result) {
    begin_open(result);
    // Read through 64 KiB blocks rather than Poppler's FileStream (block_file_stream.h).
    std::shared_ptr<pageinfo::BlockFileSource> source = pageinfo::adopt_block_file_source(fd, size);
    auto state = std::make_unique<pi_document>();
    state->doc = open_doc([&source] { return pageinfo::make_block_file_stream(source); }, password);
    return finish_open(std::move(state), result);
}

pi_document *pi_document_open_bytes(const void *bytes, size_t length, const char *password, pi_open_result *result) {
    begin_open(result);
    auto state = std::make_unique<pi_document>();
    state->bytes = static_cast<char *>(std::malloc(length ? length : 1));
    if (!state->bytes) { // reported as a file that cannot be opened: ENOMEM
        result->status = PI_STATUS_OPEN_FAILED;
        result->os_errno = ENOMEM;
        return nullptr;
    }
    if (length) std::memcpy(state->bytes, bytes, length);
    char *bytes_copy = state->bytes;
    state->doc = open_doc([bytes_copy, length]() -> std::unique_ptr<BaseStream> { // PDFDoc owns each stream
        return std::make_unique<MemStream>(bytes_copy, 0, (Goffset)length, pageinfo::null_object());
    }, password);
    return finish_open(std::move(state), result);
}

void pi_document_close(pi_document *document) {
    delete document;
}

bool pi_document_is_encrypted(pi_document *document) {
    return document->doc->isEncrypted();
}

// The document's destination targets, made on first use (annotations and the outline share them).
static pageinfo::DestinationTargets &targets_of(pi_document *document) {
    if (!document->targets) document->targets = std::make_unique<pageinfo::DestinationTargets>(document->doc->getXRef(), document->catalog, &document->page_objects);
    return *document->targets;
}

static pi_document_facts read_facts(pi_document *document) {
    pi_document_facts facts {};
    pi_document_facts *out = &facts;
    XRef *xref = document->doc->getXRef();
    Object root;
    Ref rootRef;
    out->root = pageinfo::inspect_root(xref, document->catalog, &root, &rootRef);
    out->pages_direct = (out->root == PI_ROOT_TREE || out->root == PI_ROOT_LONE_PAGE || out->root == PI_ROOT_NO_KIDS)
        && rootRef == Ref::INVALID();
    out->objects_from_streams = document->streams.objects_indexed;
    out->objects_replaced_from_streams = document->streams.objects_replaced;
    out->object_streams_relocated = document->streams_relocated;
    out->root_from_xref_stream = document->streams.root != Ref::INVALID();
    pageinfo::CountEntry count = pageinfo::read_count(out->root, root);
    out->count_shape = count.shape;
    out->count_type = count.type;
    out->has_count = count.shape == PI_COUNT_OK || count.shape == PI_COUNT_NEGATIVE;
    out->count_claimed = out->has_count ? count.value : 0;
    pageinfo::PageLabels *labels = labels_of(document);
    out->has_page_labels = labels != nullptr;
    out->labels_damaged = labels ? labels->damaged() : document->labels_invalid;
    // The named destinations, when a read asked for them (on the table every later read sees).
    out->destination_names_damaged = (document->names_read || (document->targets && document->targets->names_read()))
        && targets_of(document).read_names_damaged();
    return facts;
}

void pi_document_get_facts(pi_document *document, pi_document_facts *out) {
    DiagnosticsScope scope(document);
    *out = read_consistently(document, [document] { return read_facts(document); });
    out->xref_reconstructed = document->xref_reconstructed;
    out->diagnostics = document->diagnostics;
}

static pi_page_layout read_page_layout(pi_document *document) {
    Object catalog = pageinfo::fetch_catalog(document->doc->getXRef(), document->catalog);
    if (!catalog.isDict()) return PI_PAGE_LAYOUT_NONE;
    Object layout = catalog.dictLookup("PageLayout");
    if (layout.isName("SinglePage")) return PI_PAGE_LAYOUT_SINGLE_PAGE;
    if (layout.isName("OneColumn")) return PI_PAGE_LAYOUT_ONE_COLUMN;
    if (layout.isName("TwoColumnLeft")) return PI_PAGE_LAYOUT_TWO_COLUMN_LEFT;
    if (layout.isName("TwoColumnRight")) return PI_PAGE_LAYOUT_TWO_COLUMN_RIGHT;
    if (layout.isName("TwoPageLeft")) return PI_PAGE_LAYOUT_TWO_PAGE_LEFT;
    if (layout.isName("TwoPageRight")) return PI_PAGE_LAYOUT_TWO_PAGE_RIGHT;
    return PI_PAGE_LAYOUT_NONE;
}

pi_page_layout pi_document_page_layout(pi_document *document) {
    DiagnosticsScope scope(document);
    return read_consistently(document, [document] { return read_page_layout(document); });
}

static pi_direction read_direction(pi_document *document) {
    Object catalog = pageinfo::fetch_catalog(document->doc->getXRef(), document->catalog);
    if (!catalog.isDict()) return PI_DIRECTION_NONE;
    Object prefs = catalog.dictLookup("ViewerPreferences");
    if (!prefs.isDict()) return PI_DIRECTION_NONE;
    Object dir = prefs.dictLookup("Direction");
    if (dir.isName("R2L")) return PI_DIRECTION_R2L;
    if (dir.isName("L2R")) return PI_DIRECTION_L2R;
    return PI_DIRECTION_NONE;
}

pi_direction pi_document_direction(pi_document *document) {
    DiagnosticsScope scope(document);
    return read_consistently(document, [document] { return read_direction(document); });
}

void pi_document_pdf_version(pi_document *document, int *major, int *minor) {
    PDFDoc &doc = *document->doc;
    if (doc.getCatalog()) {
        *major = doc.getPDFMajorVersion();
        *minor = doc.getPDFMinorVersion();
        return;
    }
    // Poppler read no catalog (the document opened all the same: catalog_broken), the shim may
    // have: the header's version, raised by that catalog's /Version (ISO 32000-2, 7.2.2: a later
    // /Version overrides the header), combined as PDFDoc combines them. No catalog: unknown.
    DiagnosticsScope scope(document);
    UncountedDiagnostics quiet; // (the facts read this catalog already, and counted what it reports)
    Object catalog = pageinfo::fetch_catalog(doc.getXRef(), document->catalog);
    if (!catalog.isDict()) { *major = 0; *minor = 0; return; }
    const auto [major_member, minor_member] = header_version_members();
    const int header_major = doc.*major_member, header_minor = doc.*minor_member;
    int catalog_major = -1, catalog_minor = -1; // (as Catalog reads /Version: a name "M.m")
    Object version = catalog.dictLookup("Version");
    if (version.isName()) std::sscanf(version.getName(), "%d.%d", &catalog_major, &catalog_minor);
    *major = std::max(header_major, catalog_major);
    *minor = catalog_major > header_major ? catalog_minor
           : header_major > catalog_major ? header_minor : std::max(header_minor, catalog_minor);
}

// Walks from the first position to `first_index`: the skipped positions cost one object fetch
// each, nothing more.
static void skip_to(pi_page_cursor *cursor, int first_index) {
    Object page;
    pageinfo::InheritedAttrs inherited;
    pi_page_error error;
    const char *type;
    int num, repeat;
    uint32_t flags;
    while (cursor->walk.summary().positions < first_index) {
        if (cursor->walk.next(&page, &inherited, &error, &type, &num, &repeat, &flags) == pageinfo::PageTreeWalk::End) break;
    }
}

// After keep_opened_entries: the cursor's walk starts again, on the table every later read sees,
// and goes back to `index` (the positions before it read the same objects as before).
static void walk_again_to(pi_page_cursor *cursor, int index) {
    cursor->walk = pageinfo::PageTreeWalk(cursor->document->doc->getXRef(), cursor->document->catalog);
    cursor->walk.take_pages_from(&cursor->document->page_objects);
    cursor->epoch = cursor->document->table_epoch;
    skip_to(cursor, index);
}

pi_page_cursor *pi_page_cursor_open(pi_document *document, int first_index, bool with_geometry) {
    DiagnosticsScope scope(document);
    const unsigned rebuilds = rebuilds_seen;
    auto *cursor = new pi_page_cursor(document, with_geometry);
    if (with_geometry) labels_of(document);
    skip_to(cursor, first_index);
    if (keep_opened_entries(document, rebuilds)) {
        if (with_geometry) labels_of(document);
        walk_again_to(cursor, first_index);
    }
    return cursor;
}

static bool read_position(pi_page_cursor *cursor, pi_page *out) {
    pi_document *document = cursor->document;
    *out = pi_page {};
    Object page;
    pageinfo::InheritedAttrs inherited;
    const char *type = nullptr;
    int num = 0, repeat = -1;
    uint32_t walk_flags = 0;
    pi_page_error error = PI_PAGE_OK;
    pageinfo::PageTreeWalk::Step step = cursor->walk.next(&page, &inherited, &error, &type, &num, &repeat, &walk_flags);
    if (step == pageinfo::PageTreeWalk::End) return false;
    out->index = cursor->walk.summary().positions - 1;
    out->object_number = num;
    out->repeat_of = repeat;
    out->flags |= walk_flags;
    if (repeat >= 0) out->flags |= PI_FLAG_PAGE_REPEATED;
    cursor->page = step == pageinfo::PageTreeWalk::Page ? page.copy() : pageinfo::null_object();
    if (step == pageinfo::PageTreeWalk::Error) {
        out->error = error;
        out->error_type = type;
    } else if (cursor->with_geometry) {
        pageinfo::fill_page(page.getDict(), inherited, &out->geometry, &out->flags, &out->inherited_flags);
    }
    if (cursor->walk.summary().recovered > 0 && step == pageinfo::PageTreeWalk::Page && cursor->walk.in_scan()) {
        out->flags |= PI_FLAG_RECOVERED;
    }
    if (cursor->with_geometry) {
        if (pageinfo::PageLabels *labels = labels_of(document)) {
            bool clipped = false;
            if (labels->label(out->index, &cursor->label, &clipped)) {
                out->label = cursor->label.data();
                out->label_length = cursor->label.size();
                if (clipped) out->flags |= PI_FLAG_LABEL_CLIPPED;
            }
        }
    }
    return true;
}

bool pi_page_cursor_next(pi_page_cursor *cursor, pi_page *out) {
    DiagnosticsScope scope(cursor->document);
    const unsigned rebuilds = rebuilds_seen;
    const int index = cursor->walk.summary().positions;
    if (cursor->epoch != cursor->document->table_epoch) walk_again_to(cursor, index); // (keep_opened_entries)
    bool more = read_position(cursor, out);
    if (keep_opened_entries(cursor->document, rebuilds)) {
        // This position again, on the table every later read sees.
        walk_again_to(cursor, index);
        more = read_position(cursor, out);
    }
    return more;
}

void pi_page_cursor_summary(const pi_page_cursor *cursor, pi_walk_summary *out) {
    *out = cursor->walk.summary();
}

void pi_page_cursor_close(pi_page_cursor *cursor) {
    delete cursor;
}

struct pi_annotation_list {
    std::vector<pageinfo::AnnotationRecord> records;
};


pi_annotation_list *pi_page_cursor_annotations(pi_page_cursor *cursor, pi_annotations_summary *summary) {
    *summary = pi_annotations_summary {};
    if (!cursor->page.isDict()) return nullptr;
    pi_document *document = cursor->document;
    DiagnosticsScope scope(document);
    XRef *xref = document->doc->getXRef();
    auto *list = new pi_annotation_list;
    // The walk for destinations' targets reads pages ahead of the cursor: a rebuild it meets is
    // undone as the cursor's own would be (else `annotations` could read pages that `pages`
    // reads otherwise), and the page read again.
    list->records = read_consistently(document, [&] {
        return pageinfo::read_annotations(xref, cursor->page.getDict(), targets_of(document), summary);
    });
    return list;
}

size_t pi_annotation_list_count(const pi_annotation_list *list) { return list->records.size(); }

void pi_annotation_list_get(const pi_annotation_list *list, size_t i, pi_annotation *out) {
    pageinfo::export_annotation(list->records[i], out);
}

void pi_annotation_list_close(pi_annotation_list *list) { delete list; }

struct pi_outline_list {
    std::vector<pageinfo::OutlineRecord> records;
};

pi_outline_list *pi_document_outline(pi_document *document, pi_outline_summary *summary) {
    DiagnosticsScope scope(document);
    auto *list = new pi_outline_list;
    list->records = read_consistently(document, [&] {
        return pageinfo::read_outline(document->doc->getXRef(), document->catalog, targets_of(document), summary);
    });
    return list;
}

size_t pi_outline_list_count(const pi_outline_list *list) { return list->records.size(); }

void pi_outline_list_get(const pi_outline_list *list, size_t i, pi_outline_item *out) {
    pageinfo::export_outline_item(list->records[i], out);
}

void pi_outline_list_close(pi_outline_list *list) { delete list; }

const char *pi_poppler_version(void) {
    return POPPLER_VERSION;
}

} // extern "C"

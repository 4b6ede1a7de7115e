// C-ABI shim over Poppler's core API. See include/pageinfo_poppler.h for the contract.
#include "pageinfo_poppler.h"

#include <Catalog.h>
#include <Error.h>
#include <ErrorCodes.h>
#include <GlobalParams.h>
#include <PDFDoc.h>
#include <PDFDocEncoding.h>
#include <Page.h>
#include <Stream.h>
#include <ViewerPreferences.h>
#include <XRef.h>
#include <goo/GooString.h>
#include <poppler-config.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <set>
#include <unordered_map>
#include <vector>

namespace {
constexpr int kNoRotate = INT32_MIN;

// What a page inherits from its Pages ancestors (ISO 32000-2 §7.7.3.4), nearest first.
struct InheritedAttrs {
    pi_box_entry media {};
    pi_box_entry crop {};
    int rotate = kNoRotate;
};

struct PageWalker;
} // namespace

struct pi_document {
    std::unique_ptr<PDFDoc> doc;
    char *bytes = nullptr;              // owned copy for documents opened from memory
    bool has_labels = false;
    int warnings = 0;
    std::unordered_map<int, InheritedAttrs> inherited; // Pages node object number -> what its kids inherit
    std::unique_ptr<PageWalker> walker;                // sequential reads: our own page-tree walk
    bool walker_failed = false;                        // the walk could not start or ended early

    ~pi_document();

};

// MARK: - Poppler diagnostics
//
// Poppler reports through one global callback. Diagnostics are routed to the document being
// opened or read on this thread, so they never reach stdout or stderr.

namespace {

thread_local pi_document *current_document = nullptr;
thread_local char last_message[256];
thread_local int pending_warnings = 0;

void on_poppler_error(ErrorCategory, Goffset, const char *msg) {
    if (current_document) {
        current_document->warnings++;
    } else {
        pending_warnings++;
    }
    std::snprintf(last_message, sizeof last_message, "%s", msg ? msg : "");
}

void ensure_initialized() {
    static std::once_flag once;
    std::call_once(once, [] {
        globalParams = std::make_unique<GlobalParams>();
        globalParams->setErrQuiet(false);
        setErrorCallback(on_poppler_error);
    });
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

bool catalog_has_entry(PDFDoc &doc, const char *key) {
    Object catalog = doc.getXRef()->getCatalog();
    return catalog.isDict() && catalog.dictLookup(key).isDict();
}

pi_document *finish_open(std::unique_ptr<pi_document> state, pi_open_result *result) {
    PDFDoc &doc = *state->doc;
    if (!doc.isOk()) {
        int code = doc.getErrorCode();
        result->poppler_error_code = code;
        switch (code) {
        case errOpenFile:
            result->status = PI_STATUS_OPEN_FAILED;
            result->os_errno = doc.getFopenErrno();
            break;
        case errEncrypted: result->status = PI_STATUS_ENCRYPTED; break;
        case errBadCatalog: result->status = PI_STATUS_BAD_CATALOG; break;
        case errDamaged: result->status = PI_STATUS_DAMAGED; break;
        default: result->status = PI_STATUS_OTHER; break;
        }
        std::snprintf(result->message, sizeof result->message, "%s", last_message);
        return nullptr;
    }
    state->has_labels = catalog_has_entry(doc, "PageLabels");
    state->warnings += pending_warnings;
    result->status = PI_STATUS_OK;
    std::snprintf(result->message, sizeof result->message, "%s", last_message);
    return state.release();
}

void begin_open(pi_open_result *result) {
    ensure_initialized();
    std::memset(result, 0, sizeof *result);
    last_message[0] = '\0';
    pending_warnings = 0;
}

void copy_rect(const PDFRectangle *r, pi_rect *out) {
    // Poppler normalizes corners when it reads a box; keep the invariant regardless.
    out->x0 = std::min(r->x1, r->x2);
    out->x1 = std::max(r->x1, r->x2);
    out->y0 = std::min(r->y1, r->y2);
    out->y1 = std::max(r->y1, r->y2);
}

// Appends a Unicode scalar as UTF-8.
void append_utf8(std::string &s, unsigned int u) {
    if (u < 0x80) {
        s += char(u);
    } else if (u < 0x800) {
        s += char(0xC0 | (u >> 6)); s += char(0x80 | (u & 0x3F));
    } else if (u < 0x10000) {
        s += char(0xE0 | (u >> 12)); s += char(0x80 | ((u >> 6) & 0x3F)); s += char(0x80 | (u & 0x3F));
    } else {
        s += char(0xF0 | (u >> 18)); s += char(0x80 | ((u >> 12) & 0x3F));
        s += char(0x80 | ((u >> 6) & 0x3F)); s += char(0x80 | (u & 0x3F));
    }
}

// A PDF text string (UTF-16BE with BOM, UTF-8 with BOM, or PDFDocEncoding) as UTF-8.
std::string text_string_to_utf8(const GooString &g) {
    const std::string &b = g.toStr();
    std::string out;
    if (b.size() >= 2 && (unsigned char)b[0] == 0xFE && (unsigned char)b[1] == 0xFF) {
        for (size_t i = 2; i + 1 < b.size(); i += 2) {
            unsigned int u = ((unsigned char)b[i] << 8) | (unsigned char)b[i + 1];
            if (u >= 0xD800 && u < 0xDC00 && i + 3 < b.size()) {
                unsigned int lo = ((unsigned char)b[i + 2] << 8) | (unsigned char)b[i + 3];
                if (lo >= 0xDC00 && lo < 0xE000) {
                    u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                    i += 2;
                } else {
                    u = 0xFFFD;
                }
            } else if (u >= 0xD800 && u < 0xE000) {
                u = 0xFFFD;
            }
            append_utf8(out, u);
        }
    } else if (b.size() >= 3 && (unsigned char)b[0] == 0xEF && (unsigned char)b[1] == 0xBB && (unsigned char)b[2] == 0xBF) {
        out.assign(b, 3, std::string::npos);
    } else {
        for (unsigned char ch : b) {
            unsigned int u = pdfDocEncoding[ch];
            append_utf8(out, u ? u : 0xFFFD);
        }
    }
    return out;
}

// Poppler's Page keeps the page dictionary it was built from (Page::pageObj) but has no
// getter for it. Fetching the dictionary again through the XRef re-parses the object, which
// costs about as much as everything else we do per page. C++ lets an explicit template
// instantiation name a private member (access checks do not apply there, [temp.spec]/6), so
// this reads the member directly. If a Poppler release renames it, this fails to compile
// rather than misbehave; the fallback is `xref->fetch(page->getRef())`.
template <typename Tag, typename Tag::type Member>
struct PrivateMember {
    friend typename Tag::type member_pointer(Tag) { return Member; }
};
struct PageDictionaryTag {
    using type = Object Page::*;
    friend type member_pointer(PageDictionaryTag);
};
template struct PrivateMember<PageDictionaryTag, &Page::pageObj>;

const Object &page_dictionary(Page *page) {
    return page->*member_pointer(PageDictionaryTag {});
}

// /Rotate of a dictionary when it is an integer (Poppler ignores any other type, and so do we).
int own_rotate(Dict *dict) {
    Object r = dict->lookup("Rotate");
    return r.isInt() ? r.getInt() : kNoRotate;
}

// A rectangle entry, read the way Poppler's PageAttrs::readBox reads one: an array of four
// numbers, not all zero; corners normalized.
pi_box_entry own_box(Dict *dict, const char *key) {
    pi_box_entry box {};
    Object a = dict->lookup(key);
    if (!a.isArray() || a.arrayGetLength() != 4) return box;
    double v[4];
    for (int i = 0; i < 4; i++) {
        Object n = a.arrayGet(i);
        if (!n.isNum()) return box;
        v[i] = n.getNum();
    }
    if (v[0] == 0 && v[1] == 0 && v[2] == 0 && v[3] == 0) return box;
    box.present = true;
    box.rect = { std::min(v[0], v[2]), std::min(v[1], v[3]), std::max(v[0], v[2]), std::max(v[1], v[3]) };
    return box;
}

// The attributes a Pages node passes down: its own entries over what it inherits.
InheritedAttrs merge(const InheritedAttrs &parent, Dict *dict) {
    InheritedAttrs a = parent;
    pi_box_entry media = own_box(dict, "MediaBox");
    if (media.present) a.media = media;
    pi_box_entry crop = own_box(dict, "CropBox");
    if (crop.present) a.crop = crop;
    int rotate = own_rotate(dict);
    if (rotate != kNoRotate) a.rotate = rotate;
    return a;
}

// What the kids of the Pages node `parentRef` inherit, walking up /Parent, memoized per node.
// Used for random access, where Poppler's Catalog found the page.
InheritedAttrs inherited_attrs(pi_document *state, XRef *xref, const Object &parentRef, int depth) {
    if (!parentRef.isRef() || depth > 64) return {};
    int num = parentRef.getRef().num;
    auto cached = state->inherited.find(num);
    if (cached != state->inherited.end()) return cached->second;
    state->inherited[num] = {}; // breaks /Parent cycles
    Object node = xref->fetch(parentRef.getRef());
    InheritedAttrs value;
    if (node.isDict()) {
        Dict *dict = node.getDict();
        value = merge(inherited_attrs(state, xref, dict->lookupNF("Parent"), depth + 1), dict);
    }
    state->inherited[num] = value;
    return value;
}

// Sequential reads walk the page tree themselves, depth first, as Poppler's
// Catalog::cachePageTree does (a kid is a page when it is /Type /Page or has no /Kids; a
// Pages node seen twice is a loop and is skipped), carrying the inherited attributes down.
// Unlike the Catalog, the walk keeps nothing per page: memory stays flat in the page count,
// and no Page objects (annotations, resources, form fields) are built.
struct PageWalker {
    struct Frame {
        Object kids;
        int next;
        InheritedAttrs attrs;
    };
    std::vector<Frame> stack;
    std::set<int> visitedNodes;
    int nextIndex = 0;

    bool start(XRef *xref) {
        Object catalog = xref->getCatalog();
        if (!catalog.isDict()) return false;
        const Object &rootRef = catalog.dictLookupNF("Pages");
        Object root = catalog.dictLookup("Pages");
        if (!root.isDict()) return false;
        Object kids = root.dictLookup("Kids");
        if (!kids.isArray()) return false; // e.g. a lone page as the root: leave it to the Catalog
        if (rootRef.isRef()) visitedNodes.insert(rootRef.getRef().num);
        stack.push_back(Frame { std::move(kids), 0, merge(InheritedAttrs {}, root.getDict()) });
        return true;
    }

    // The next page dictionary in document order, with what it inherits; false at the end.
    bool next(Object *page, InheritedAttrs *inherited) {
        while (!stack.empty()) {
            Frame &frame = stack.back();
            if (frame.next >= frame.kids.arrayGetLength()) {
                stack.pop_back();
                continue;
            }
            int i = frame.next++;
            const Object &kidRef = frame.kids.arrayGetNF(i);
            Object kid = frame.kids.arrayGet(i);
            if (!kid.isDict()) continue;
            Dict *dict = kid.getDict();
            if (kid.isDict("Page") || !dict->hasKey("Kids")) {
                *inherited = frame.attrs;
                *page = std::move(kid);
                nextIndex++;
                return true;
            }
            if (kidRef.isRef() && !visitedNodes.insert(kidRef.getRef().num).second) continue; // loop
            Object kids = dict->lookup("Kids");
            if (!kids.isArray()) continue;
            InheritedAttrs attrs = merge(frame.attrs, dict);
            stack.push_back(Frame { std::move(kids), 0, attrs }); // `frame` is not used after this
        }
        return false;
    }
};

// Fills the raw entries of one page from its dictionary and what it inherits.
void fill_page(Dict *dict, const InheritedAttrs &up, pi_page_geometry *out) {
    InheritedAttrs attrs = merge(up, dict);
    out->crop = attrs.crop;
    out->bleed = own_box(dict, "BleedBox");
    out->trim = own_box(dict, "TrimBox");
    out->art = own_box(dict, "ArtBox");
    out->rotate_raw = attrs.rotate == kNoRotate ? 0 : attrs.rotate;
    out->rotate_normalized = ((out->rotate_raw % 360) + 360) % 360;
    out->user_unit = 1;
    Object uu = dict->lookup("UserUnit");
    if (uu.isNum() && uu.getNum() > 0) out->user_unit = uu.getNum();
    if (attrs.media.present) {
        out->media = attrs.media.rect;
    } else {
        out->media = { 0, 0, 612, 792 }; // Poppler's default for a missing MediaBox
    }
}

void fill_label(pi_document *document, int index, pi_page_geometry *out, char *label_buffer, size_t label_capacity) {
    out->label_length = -1;
    if (!document->has_labels) return;
    GooString label;
    if (document->doc->getCatalog()->indexToLabel(index, &label)) {
        std::string utf8 = text_string_to_utf8(label);
        out->label_length = (int)utf8.size();
        if (label_buffer && label_capacity) {
            std::memcpy(label_buffer, utf8.data(), std::min(label_capacity, utf8.size()));
        }
    }
}

} // namespace

pi_document::~pi_document() {
    walker.reset();
    doc.reset();
    std::free(bytes);
}

// MARK: - C ABI

extern "C" {

pi_document *pi_document_open_file(const char *path, const char *password, pi_open_result *result) {
    begin_open(result);
    auto state = std::make_unique<pi_document>();
    std::optional<GooString> pw = password_of(password);
    state->doc = std::make_unique<PDFDoc>(std::make_unique<GooString>(path), pw, pw);
    return finish_open(std::move(state), result);
}

pi_document *pi_document_open_bytes(const void *bytes, size_t length, const char *password, pi_open_result *result) {
    begin_open(result);
    auto state = std::make_unique<pi_document>();
    state->bytes = static_cast<char *>(std::malloc(length ? length : 1));
    if (!state->bytes) {
        result->status = PI_STATUS_OTHER;
        std::snprintf(result->message, sizeof result->message, "out of memory");
        return nullptr;
    }
    std::memcpy(state->bytes, bytes, length);
    std::optional<GooString> pw = password_of(password);
    auto *stream = new MemStream(state->bytes, 0, (Goffset)length, Object(objNull));
    state->doc = std::make_unique<PDFDoc>(stream, pw, pw); // PDFDoc owns and deletes the stream
    return finish_open(std::move(state), result);
}

void pi_document_close(pi_document *document) {
    delete document;
}

int pi_document_page_count(pi_document *document) {
    DiagnosticsScope scope(document);
    return document->doc->getNumPages();
}

bool pi_document_is_encrypted(pi_document *document) {
    return document->doc->isEncrypted();
}

bool pi_document_has_page_labels(pi_document *document) {
    return document->has_labels;
}

pi_page_layout pi_document_page_layout(pi_document *document) {
    DiagnosticsScope scope(document);
    switch (document->doc->getCatalog()->getPageLayout()) {
    case Catalog::pageLayoutSinglePage: return PI_PAGE_LAYOUT_SINGLE_PAGE;
    case Catalog::pageLayoutOneColumn: return PI_PAGE_LAYOUT_ONE_COLUMN;
    case Catalog::pageLayoutTwoColumnLeft: return PI_PAGE_LAYOUT_TWO_COLUMN_LEFT;
    case Catalog::pageLayoutTwoColumnRight: return PI_PAGE_LAYOUT_TWO_COLUMN_RIGHT;
    case Catalog::pageLayoutTwoPageLeft: return PI_PAGE_LAYOUT_TWO_PAGE_LEFT;
    case Catalog::pageLayoutTwoPageRight: return PI_PAGE_LAYOUT_TWO_PAGE_RIGHT;
    default: return PI_PAGE_LAYOUT_NONE;
    }
}

pi_direction pi_document_direction(pi_document *document) {
    DiagnosticsScope scope(document);
    // ViewerPreferences defaults Direction to L2R; report NONE unless the file says so.
    Object catalog = document->doc->getXRef()->getCatalog();
    if (!catalog.isDict()) return PI_DIRECTION_NONE;
    Object prefs = catalog.dictLookup("ViewerPreferences");
    if (!prefs.isDict()) return PI_DIRECTION_NONE;
    Object dir = prefs.dictLookup("Direction");
    if (dir.isName("R2L")) return PI_DIRECTION_R2L;
    if (dir.isName("L2R")) return PI_DIRECTION_L2R;
    return PI_DIRECTION_NONE;
}

void pi_document_pdf_version(pi_document *document, int *major, int *minor) {
    *major = document->doc->getPDFMajorVersion();
    *minor = document->doc->getPDFMinorVersion();
}

int pi_document_warning_count(pi_document *document) {
    return document->warnings;
}

bool pi_document_page_geometry(pi_document *document, int index, pi_page_geometry *out,
                               char *label_buffer, size_t label_capacity) {
    DiagnosticsScope scope(document);
    PDFDoc &doc = *document->doc;
    if (index < 0 || index >= doc.getNumPages()) return false;
    XRef *xref = doc.getXRef();

    // Sequential reads from page 0 on: our own walk (flat memory, no Page objects).
    if (index == 0) {
        document->walker.reset();
        document->walker_failed = false;
        auto walker = std::make_unique<PageWalker>();
        if (walker->start(xref)) document->walker = std::move(walker); else document->walker_failed = true;
    }
    if (document->walker && document->walker->nextIndex == index) {
        Object pageObj;
        InheritedAttrs inherited;
        if (document->walker->next(&pageObj, &inherited)) {
            fill_page(pageObj.getDict(), inherited, out);
            fill_label(document, index, out, label_buffer, label_capacity);
            return true;
        }
        // The tree holds fewer pages than Poppler counts: let the Catalog decide from here on.
        document->walker.reset();
        document->walker_failed = true;
    }

    // Random access (or a tree our walk cannot follow): Poppler's Catalog.
    Page *page = doc.getPage(index + 1);
    if (!page) return false;
    const Object &pageObj = page_dictionary(page);
    if (pageObj.isDict()) {
        Dict *dict = pageObj.getDict();
        fill_page(dict, inherited_attrs(document, xref, dict->lookupNF("Parent"), 0), out);
    } else {
        *out = pi_page_geometry {};
        out->crop = { true, {} };
        copy_rect(page->getCropBox(), &out->crop.rect);
        out->user_unit = 1;
    }
    // Poppler's inheritance (down the tree it walked) is authoritative for MediaBox and Rotate.
    copy_rect(page->getMediaBox(), &out->media);
    int popplerRotate = page->getRotate();
    if (((out->rotate_raw % 360) + 360) % 360 != popplerRotate) out->rotate_raw = popplerRotate;
    out->rotate_normalized = popplerRotate;
    fill_label(document, index, out, label_buffer, label_capacity);
    return true;
}

const char *pi_poppler_version(void) {
    return POPPLER_VERSION;
}

} // extern "C"

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
#include <unordered_map>

struct pi_document {
    std::unique_ptr<PDFDoc> doc;
    char *bytes = nullptr;              // owned copy for documents opened from memory
    bool has_labels = false;
    int warnings = 0;
    struct Inherited {
        int rotate;          // kNoRotate when no ancestor has one
        pi_box_entry crop;
    };
    std::unordered_map<int, Inherited> inherited; // Pages node object number -> what its kids inherit

    ~pi_document() {
        doc.reset();
        std::free(bytes);
    }
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

constexpr int kNoRotate = INT32_MIN;

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

// /Rotate of a dictionary when it is an integer (or a real with an integral value).
int own_rotate(Dict *dict) {
    Object r = dict->lookup("Rotate");
    if (r.isInt()) return r.getInt();
    if (r.isReal() && r.getReal() == (double)(long long)r.getReal()) return (int)r.getReal();
    return kNoRotate;
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

// What the kids of the Pages node `parentRef` inherit (nearest ancestor wins), memoized.
pi_document::Inherited inherited_attrs(pi_document *state, XRef *xref, const Object &parentRef, int depth) {
    pi_document::Inherited none { kNoRotate, {} };
    if (!parentRef.isRef() || depth > 64) return none;
    int num = parentRef.getRef().num;
    auto cached = state->inherited.find(num);
    if (cached != state->inherited.end()) return cached->second;
    state->inherited[num] = none; // breaks /Parent cycles
    Object node = xref->fetch(parentRef.getRef());
    pi_document::Inherited value = none;
    if (node.isDict()) {
        Dict *dict = node.getDict();
        value.rotate = own_rotate(dict);
        value.crop = own_box(dict, "CropBox");
        if (value.rotate == kNoRotate || !value.crop.present) {
            pi_document::Inherited up = inherited_attrs(state, xref, dict->lookupNF("Parent"), depth + 1);
            if (value.rotate == kNoRotate) value.rotate = up.rotate;
            if (!value.crop.present) value.crop = up.crop;
        }
    }
    state->inherited[num] = value;
    return value;
}

} // namespace

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
    Page *page = doc.getPage(index + 1);
    if (!page) return false;

    copy_rect(page->getMediaBox(), &out->media);
    copy_rect(page->getCropBox(), &out->poppler_crop);
    out->rotate_normalized = page->getRotate();

    // Raw box entries, /UserUnit and the raw /Rotate are not kept by Poppler: read the page
    // dictionary, and its ancestors for the inheritable CropBox and Rotate.
    out->crop = out->bleed = out->trim = out->art = pi_box_entry {};
    out->user_unit = 1;
    out->rotate_raw = out->rotate_normalized;
    XRef *xref = doc.getXRef();
    const Object &pageObj = page_dictionary(page);
    if (pageObj.isDict()) {
        Dict *dict = pageObj.getDict();
        Object uu = dict->lookup("UserUnit");
        if (uu.isNum() && uu.getNum() > 0) out->user_unit = uu.getNum();
        out->crop = own_box(dict, "CropBox");
        out->bleed = own_box(dict, "BleedBox");
        out->trim = own_box(dict, "TrimBox");
        out->art = own_box(dict, "ArtBox");
        int raw = own_rotate(dict);
        if (raw == kNoRotate || !out->crop.present) {
            pi_document::Inherited up = inherited_attrs(document, xref, dict->lookupNF("Parent"), 0);
            if (raw == kNoRotate) raw = up.rotate;
            if (!out->crop.present) out->crop = up.crop;
        }
        out->rotate_raw = raw == kNoRotate ? 0 : raw;
    } else {
        // Poppler found a page whose dictionary we cannot fetch again: keep Poppler's view.
        out->crop = { true, out->poppler_crop };
    }
    // Poppler only honours integer /Rotate values; if it saw none, trust it over our walk.
    if (((out->rotate_raw % 360) + 360) % 360 != out->rotate_normalized) out->rotate_raw = out->rotate_normalized;

    out->label_length = -1;
    if (document->has_labels) {
        GooString label;
        if (doc.getCatalog()->indexToLabel(index, &label)) {
            std::string utf8 = text_string_to_utf8(label);
            out->label_length = (int)utf8.size();
            if (label_buffer && label_capacity) {
                std::memcpy(label_buffer, utf8.data(), std::min(label_capacity, utf8.size()));
            }
        }
    }
    return true;
}

const char *pi_poppler_version(void) {
    return POPPLER_VERSION;
}

} // extern "C"

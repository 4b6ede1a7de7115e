// pageinfo_poppler.h — the one C boundary between Swift and Poppler.
//
// A tiny C ABI over Poppler's core C++ API (PDFDoc, Catalog, Page): opaque handles, plain
// structs of doubles, enums not ints, no exceptions or STL across the boundary. Everything a
// caller receives is owned by the caller or by the document handle as stated on each call.
//
// Which call reads which field:
//   pages in order     our own depth-first walk of the Pages tree from the catalog (as Poppler's
//                      Catalog::cachePageTree walks it), carrying MediaBox/CropBox/Rotate down;
//                      it keeps nothing per page. Random access, and any tree the walk cannot
//                      follow, go through PDFDoc::getPage (Poppler's Catalog).
//   media              the nearest /MediaBox (Page::getMediaBox on the Catalog path)
//   crop               the nearest /CropBox, raw, so Swift can clip it as the spec says
//   bleed, trim, art   the page dictionary's own entries (raw; Swift applies defaults and clipping)
//   rotate_raw         the nearest integer /Rotate, as written
//   rotate_normalized  rotate_raw reduced mod 360 into 0…359 (Page::getRotate on the Catalog path)
//   user_unit          the page dictionary's own /UserUnit (Poppler ignores it; not inheritable)
//   label              Catalog::indexToLabel, only when the catalog has /PageLabels
//   page_layout, direction   Catalog::getPageLayout, ViewerPreferences::getDirection
#ifndef PAGEINFO_POPPLER_H
#define PAGEINFO_POPPLER_H

#include <stddef.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

/// An open PDF document. Create with pi_document_open_file or pi_document_open_bytes, release
/// with pi_document_close. Not thread-safe: use one handle from one thread at a time.
typedef struct pi_document pi_document;

/// Why a document could not be opened.
typedef enum pi_status {
    PI_STATUS_OK = 0,
    PI_STATUS_OPEN_FAILED = 1,   ///< the file could not be opened or read (errno in os_errno)
    PI_STATUS_DAMAGED = 2,       ///< not a PDF, or damaged beyond Poppler's repair
    PI_STATUS_ENCRYPTED = 3,     ///< encrypted, and no password or a wrong one was given
    PI_STATUS_BAD_CATALOG = 4,   ///< the document catalog (page tree root) is unreadable
    PI_STATUS_OTHER = 5,
} pi_status;

/// A catalog /PageLayout value.
typedef enum pi_page_layout {
    PI_PAGE_LAYOUT_NONE = 0,     ///< absent
    PI_PAGE_LAYOUT_SINGLE_PAGE,
    PI_PAGE_LAYOUT_ONE_COLUMN,
    PI_PAGE_LAYOUT_TWO_COLUMN_LEFT,
    PI_PAGE_LAYOUT_TWO_COLUMN_RIGHT,
    PI_PAGE_LAYOUT_TWO_PAGE_LEFT,
    PI_PAGE_LAYOUT_TWO_PAGE_RIGHT,
} pi_page_layout;

/// /ViewerPreferences /Direction.
typedef enum pi_direction {
    PI_DIRECTION_NONE = 0,       ///< no /ViewerPreferences or no /Direction entry
    PI_DIRECTION_L2R,
    PI_DIRECTION_R2L,
} pi_direction;

/// A rectangle in raw PDF user space, corners normalized (x0 <= x1, y0 <= y1).
typedef struct pi_rect {
    double x0, y0, x1, y1;
} pi_rect;

/// A box entry as written in a dictionary. `present` is false when the entry is absent or
/// not an array of four numbers, or is [0 0 0 0] (which Poppler also ignores).
typedef struct pi_box_entry {
    bool present;
    pi_rect rect;
} pi_box_entry;

/// One page's geometry as read from the file.
typedef struct pi_page_geometry {
    pi_rect media;            ///< MediaBox: inherited, corners normalized, 612x792 when absent
    pi_box_entry crop;        ///< /CropBox as written on the page or its nearest ancestor (unclipped)
    pi_box_entry bleed;       ///< the page's own /BleedBox (unclipped; not inheritable)
    pi_box_entry trim;        ///< the page's own /TrimBox
    pi_box_entry art;         ///< the page's own /ArtBox
    int rotate_normalized;    ///< Poppler's /Rotate, reduced into 0…359
    int rotate_raw;           ///< /Rotate as written (page or nearest ancestor), 0 when absent
    double user_unit;         ///< the page's own /UserUnit, 1 when absent or invalid
    int label_length;         ///< bytes of UTF-8 written to the label buffer; -1 = no label
} pi_page_geometry;

/// Diagnostics of an open attempt, filled in on failure (and on success, for warnings).
typedef struct pi_open_result {
    pi_status status;
    int os_errno;             ///< errno of fopen for PI_STATUS_OPEN_FAILED, else 0
    int poppler_error_code;   ///< PDFDoc::getErrorCode()
    char message[256];        ///< Poppler's last diagnostic line, NUL-terminated ("" if none)
} pi_open_result;

/// Opens a PDF file. `password` (UTF-8/Latin-1 bytes, may be NULL) is tried as the owner and
/// as the user password. Returns NULL on failure with `result` describing why.
pi_document *_Nullable pi_document_open_file(const char *path, const char *_Nullable password,
                                             pi_open_result *result);

/// Opens a PDF held in memory. The bytes are copied; the caller keeps ownership of `bytes`.
pi_document *_Nullable pi_document_open_bytes(const void *bytes, size_t length,
                                              const char *_Nullable password,
                                              pi_open_result *result);

/// Releases the document and every Poppler object it owns. NULL is allowed.
void pi_document_close(pi_document *_Nullable document);

/// Number of pages (Poppler's count; it may repair a broken page tree).
int pi_document_page_count(pi_document *document);

/// Whether the file is encrypted (it opened, so the password was right or not needed).
bool pi_document_is_encrypted(pi_document *document);

/// Whether the catalog has a /PageLabels entry.
bool pi_document_has_page_labels(pi_document *document);

/// The catalog's /PageLayout.
pi_page_layout pi_document_page_layout(pi_document *document);

/// The /ViewerPreferences /Direction.
pi_direction pi_document_direction(pi_document *document);

/// The PDF version (header, or catalog /Version when higher).
void pi_document_pdf_version(pi_document *document, int *major, int *minor);

/// Number of diagnostics Poppler reported for this document so far (warnings, repairs).
int pi_document_warning_count(pi_document *document);

/// Reads page `index` (0-based). The label, when there is one, is written as UTF-8 into
/// `label_buffer` (capacity `label_capacity`, not NUL-terminated, truncated to fit) and its
/// full length in bytes is stored in `out->label_length`. Returns false for an index out of
/// range or a page Poppler cannot load.
bool pi_document_page_geometry(pi_document *document, int index, pi_page_geometry *out,
                               char *_Nullable label_buffer, size_t label_capacity);

/// Poppler's version string, e.g. "22.12.0".
const char *pi_poppler_version(void);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif

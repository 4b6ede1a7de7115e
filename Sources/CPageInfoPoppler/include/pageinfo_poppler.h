// SPDX-License-Identifier: GPL-2.0-or-later
// pageinfo_poppler.h — the one C boundary between Swift and Poppler.
//
// A tiny C ABI over Poppler's core C++ API (PDFDoc, XRef, Object): opaque handles, plain
// structs of doubles, enums not ints, no exceptions or STL across the boundary. Everything a
// caller receives is owned by the caller or by the handle it came from, as stated on each call.
//
// When Poppler rebuilt the cross-reference table and found no catalog, the shim adds the objects
// that object streams hold (Poppler's reconstruction reads top-level objects only) and, when there
// is still no catalog, takes /Root from the last cross-reference stream.
//
// When the catalog or its page tree is missing or broken (no catalog, no /Pages, page errors,
// fewer pages than the root /Count, skipped subtrees, a walk stopped at its limit for repeated
// subtrees, a loop or no usable /Count in a tree that yields no page), the cursor goes on after the tree with a
// scan of the cross-reference table for page dictionaries the tree did not reach, in object
// order, resolving inheritance through /Parent; those pages carry PI_FLAG_RECOVERED.
//
// Pages are read with an explicit cursor. The cursor walks the page tree itself, depth first,
// carrying MediaBox/CropBox/Rotate down (ISO 32000-2 §7.7.3.4); it never builds Poppler Page
// objects and never trusts /Count. Opening a cursor at index N walks the tree to N, so its
// cost is the same wherever a range starts, and memory stays flat in the page count.
//
// Which call reads which field:
//   pages, positions   the cursor's walk of the tree from the catalog's /Pages
//   media              the nearest valid /MediaBox (page or ancestor), raw
//   crop               the nearest valid /CropBox, raw, so Swift can clip it as the spec says
//   bleed, trim, art   the page dictionary's own entries (raw; Swift applies defaults and clipping)
//   rotate_raw         the nearest integer /Rotate, as written
//   user_unit          the page dictionary's own /UserUnit (Poppler ignores it; not inheritable)
//   label              our own reader of the catalog's /PageLabels number tree (iterative, bounded)
//   page_layout, direction   the catalog's /PageLayout and /ViewerPreferences /Direction
#ifndef PAGEINFO_POPPLER_H
#define PAGEINFO_POPPLER_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

/// An open PDF document. Create with pi_document_open_descriptor or pi_document_open_bytes, release
/// with pi_document_close. Not thread-safe: use one handle from one thread at a time.
typedef struct pi_document pi_document;

/// Why a document could not be opened.
typedef enum pi_status {
    PI_STATUS_OK = 0,
    PI_STATUS_OPEN_FAILED = 1,   ///< the file could not be opened or read (errno in os_errno)
    PI_STATUS_DAMAGED = 2,       ///< not a PDF, or damaged beyond Poppler's repair
    PI_STATUS_ENCRYPTED = 3,     ///< encrypted, and no password or a wrong one was given
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

/// How the root Pages node's /Count looks.
typedef enum pi_count_shape {
    PI_COUNT_OK = 0,             ///< a non-negative integer (it may still differ from the walk)
    PI_COUNT_MISSING = 1,        ///< the root Pages node has no /Count
    PI_COUNT_NOT_INTEGER = 2,    ///< /Count is not an integer: a name, a string, a number with a fraction…
    PI_COUNT_OUT_OF_RANGE = 3,   ///< /Count is a whole number too large for a 64-bit integer (Poppler reads such a token as a real)
    PI_COUNT_NEGATIVE = 4,       ///< /Count is a negative integer
    PI_COUNT_NOT_APPLICABLE = 5, ///< there is no root Pages node (no catalog, no /Pages, or /Pages is a page)
} pi_count_shape;

/// How the catalog's /Pages entry looks.
typedef enum pi_page_tree_root {
    PI_ROOT_TREE = 0,            ///< a Pages node with a /Kids array: the normal case
    PI_ROOT_LONE_PAGE = 1,       ///< /Pages is itself a page dictionary: a one-page document
    PI_ROOT_MISSING = 2,         ///< no catalog, or no /Pages entry in it
    PI_ROOT_NOT_DICTIONARY = 3,  ///< /Pages is not a dictionary
    PI_ROOT_NO_KIDS = 4,         ///< /Pages has no /Kids array and is not a page
    PI_ROOT_OTHER_TYPE = 5,      ///< /Pages is a dictionary of another /Type (a catalog, an annotation…) without /Kids
} pi_page_tree_root;

/// A rectangle in raw PDF user space, corners normalized (x0 <= x1, y0 <= y1).
typedef struct pi_rect {
    double x0, y0, x1, y1;
} pi_rect;

/// A box entry as written in a dictionary. `present` is false when the entry is absent,
/// invalid (see the flags) or [0 0 0 0] (which Poppler also ignores).
typedef struct pi_box_entry {
    bool present;
    pi_rect rect;
} pi_box_entry;

/// The largest coordinate magnitude accepted in a box (points). Larger values (and
/// non-finite ones) make the entry invalid, so every derived size and transform stays finite.
#define PI_MAX_COORDINATE 1.0e9

/// The range of /UserUnit values accepted; any other value (or none that is a number) is 1
/// with PI_FLAG_USERUNIT_INVALID. The floor is the resolution numbers are printed at (10^-9):
/// a smaller positive unit would print as 0, which no unit is.
#define PI_MIN_USER_UNIT 1.0e-9
#define PI_MAX_USER_UNIT 1.0e6

/// The longest label the cursor returns, in bytes of UTF-8; longer ones are clipped.
#define PI_MAX_LABEL_BYTES 1000

/// The deepest page tree the cursor walks (Pages nodes below the root); deeper kids are skipped
/// by the walk (the object scan then finds their pages, with everything they inherit).
#define PI_MAX_TREE_DEPTH 256

/// A Pages node that two parents list (no loop) is read again each time. The kids visited inside
/// such a repeated subtree are limited to this many per entry of the cross-reference table (the
/// object numbers 0…N-1 the file uses, whose per-object state the walk keeps anyway); the walk
/// stops there (pi_walk_summary.limit_reached), so exponential fan-out (a chain of nodes each
/// listing the next twice) costs time and records linear in the file.
#define PI_REPEAT_STEPS_PER_OBJECT 10

/// Problems with one page's entries, as bits of pi_page.flags. The box bits come in groups of
/// five, in the order media, crop, bleed, trim, art (shift the MEDIA bit by 0…4).
typedef enum pi_page_flag {
    PI_FLAG_MEDIA_INVALID    = 1u << 0,   ///< not an array of four finite numbers within PI_MAX_COORDINATE
    PI_FLAG_MEDIA_REVERSED   = 1u << 5,   ///< written with reversed corners (normalized)
    PI_FLAG_MEDIA_ZERO       = 1u << 10,  ///< written as [0 0 0 0] (ignored, as Poppler does)
    PI_FLAG_MEDIA_MISSING    = 1u << 15,  ///< no valid MediaBox on the page or its ancestors
    PI_FLAG_ROTATE_NOT_INT   = 1u << 16,  ///< the page's own /Rotate is not an integer (ignored)
    PI_FLAG_USERUNIT_INVALID = 1u << 17,  ///< /UserUnit not a number in [PI_MIN_USER_UNIT, PI_MAX_USER_UNIT]; 1 is used
    PI_FLAG_LABEL_CLIPPED    = 1u << 18,  ///< the label was longer than PI_MAX_LABEL_BYTES
    PI_FLAG_PAGE_REPEATED    = 1u << 19,  ///< this page object is listed earlier too (see repeat_of)
    PI_FLAG_RECOVERED        = 1u << 20,  ///< found by the object scan, not in the page tree
    PI_FLAG_KID_DIRECT       = 1u << 21,  ///< listed in /Kids (itself or a node above it) as a dictionary written in place, not an indirect reference
    PI_FLAG_TEMPLATE_PAGE    = 1u << 22,  ///< a kid of /Type /Template without /Kids (a template page, ISO 32000-2 §12.7.7) read as a page
} pi_page_flag;

/// Why the page tree holds no readable page at a position.
typedef enum pi_page_error {
    PI_PAGE_OK = 0,
    PI_PAGE_KID_MISSING = 1,        ///< the kid refers to an object that does not exist (or is null)
    PI_PAGE_KID_NOT_DICTIONARY = 2, ///< the kid is not a dictionary (a number, a name, an array…)
    PI_PAGE_KID_NOT_PAGE = 3,       ///< the kid is a dictionary of another /Type (a catalog, a font…)
} pi_page_error;

/// One page's geometry as read from the file (valid when the entry's error is PI_PAGE_OK).
typedef struct pi_page_geometry {
    pi_rect media;            ///< MediaBox: inherited, corners normalized, 612x792 when missing
    pi_box_entry crop;        ///< /CropBox as written on the page or its nearest ancestor (unclipped)
    pi_box_entry bleed;       ///< the page's own /BleedBox (unclipped; not inheritable)
    pi_box_entry trim;        ///< the page's own /TrimBox
    pi_box_entry art;         ///< the page's own /ArtBox
    int64_t rotate_raw;       ///< /Rotate as written (page or nearest ancestor), 0 when absent
    double user_unit;         ///< the page's own /UserUnit, 1 when absent or invalid
} pi_page_geometry;

/// One position of the page tree, as the cursor's walk found it.
typedef struct pi_page {
    int index;                ///< 0-based position in the walk
    pi_page_error error;      ///< PI_PAGE_OK, or why there is no page here
    uint32_t flags;           ///< pi_page_flag bits
    /// The same bits (PI_FLAG_*_INVALID, _REVERSED and _ZERO of MediaBox and CropBox, and
    /// PI_FLAG_ROTATE_NOT_INT) for an entry the page inherits: the nearest ancestor Pages node
    /// that has the entry wrote it so (an invalid or empty one is skipped for the next).
    uint32_t inherited_flags;
    int object_number;        ///< the kid's object number, 0 for a direct dictionary
    int repeat_of;            ///< with PI_FLAG_PAGE_REPEATED: the index where this page object first appeared
    const char *_Nullable error_type; ///< for PI_PAGE_KID_NOT_DICTIONARY: the object's type ("integer", "null", …); static
    pi_page_geometry geometry;
    /// The label as UTF-8 (not NUL-terminated), or NULL when the page has none. Owned by the
    /// cursor: valid until the next pi_page_cursor_next or pi_page_cursor_close.
    const char *_Nullable label;
    size_t label_length;
} pi_page;

/// What the walk has seen so far (complete once pi_page_cursor_next returned false).
typedef struct pi_walk_summary {
    int positions;            ///< pages and page errors reached (the document's page count at the end)
    int page_errors;          ///< positions that are page errors
    int repeated_nodes;       ///< kids referring to a Pages node that is their own ancestor (a loop; skipped)
    int repeated_pages;       ///< kids referring to a page object listed earlier (reported again, as every reader does)
    int too_deep;             ///< Pages nodes skipped below PI_MAX_TREE_DEPTH
    int bad_kids_arrays;      ///< Pages nodes whose /Kids is not an array (no pages below them)
    int recovered;            ///< pages found by the object scan (after the tree's own pages)
    int reentered_nodes;      ///< kids referring to a Pages node entered before through another parent (read again)
    bool limit_reached;       ///< the walk stopped at PI_REPEAT_STEPS_PER_OBJECT: repeated subtrees list more
    bool finished;            ///< the walk reached the end of the tree
    /// Pages nodes below the root whose /Count, an integer written in place, differs from the
    /// positions the walk found under them. A node is compared once, after its whole subtree was
    /// walked the first time (not inside a subtree read again, not when a kid below it lay past
    /// PI_MAX_TREE_DEPTH, not when the walk stopped at its limit); a missing, non-integer or
    /// indirect /Count is not compared (following it could make Poppler repair the table).
    int node_count_mismatches;
    int node_count_first_object;   ///< the first such node's object number (0: written in place)
    int64_t node_count_first_claimed; ///< its /Count
    int node_count_first_found;    ///< the positions the walk found under it
} pi_walk_summary;

/// Document-level facts that need no walk.
typedef struct pi_document_facts {
    pi_page_tree_root root;
    /// The catalog's /Pages is a dictionary written in place (a tree, a lone page or a node
    /// without /Kids), not the indirect reference ISO 32000-2 §7.7.2 requires. It is read all the
    /// same; Poppler's own page tree (its renderer, `pdfinfo`) loads no page through it.
    bool pages_direct;
    bool has_count;           ///< the root /Pages node has an integer /Count (PI_COUNT_OK or PI_COUNT_NEGATIVE)
    int64_t count_claimed;    ///< that /Count
    pi_count_shape count_shape; ///< how /Count looks
    const char *_Nullable count_type; ///< with PI_COUNT_NOT_INTEGER: the object's type ("name", "real", …); static
    bool xref_reconstructed;  ///< Poppler rebuilt the cross-reference table while opening or reading
    int objects_from_streams; ///< objects of object streams that the rebuilt table lacked, added by the shim
    bool root_from_xref_stream; ///< the catalog was found through the last cross-reference stream's /Root
    int objects_replaced_from_streams; ///< top-level objects of the rebuilt table replaced by a later revision in an object stream
    int object_streams_relocated; ///< object streams whose entries were broken (naming their own stream, a loop), found by a scan of the file
    bool has_page_labels;     ///< the catalog has a /PageLabels dictionary
    bool labels_damaged;      ///< /PageLabels was read only in part (too deep, loops, bad entries), or is not a dictionary
    int diagnostics;          ///< diagnostics Poppler reported for this document so far (never printed)
    /// The /Names /Dests tree could be read only in part (loops, depth, node limit, bad entries):
    /// known once an annotation's named destination was looked up (false before).
    bool destination_names_damaged;
} pi_document_facts;

/// Diagnostics of an open attempt, filled in on failure (and on success, for warnings).
typedef struct pi_open_result {
    pi_status status;
    int os_errno;             ///< ENOMEM (no room for a copy of the bytes) for PI_STATUS_OPEN_FAILED, else 0
    char message[256];        ///< Poppler's last diagnostic line, NUL-terminated ("" if none)
} pi_open_result;

/// Opens the PDF file open for reading at descriptor `fd`, `size` bytes long (the caller opened
/// it and read its size: the shim opens no file). The document owns `fd` from this call on,
/// whatever the result, and closes it when released. `password` (UTF-8/Latin-1 bytes, may be
/// NULL) is tried as the owner and as the user password. Returns NULL on failure with `result`
/// describing why.
pi_document *_Nullable pi_document_open_descriptor(int fd, int64_t size, const char *_Nullable password,
                                                   pi_open_result *result);

/// Opens a PDF held in memory. The bytes are copied; the caller keeps ownership of `bytes`.
pi_document *_Nullable pi_document_open_bytes(const void *bytes, size_t length,
                                              const char *_Nullable password,
                                              pi_open_result *result);

/// Releases the document and every Poppler object it owns. NULL is allowed. Close every
/// cursor of the document first.
void pi_document_close(pi_document *_Nullable document);

/// Whether the file is encrypted (it opened, so the password was right or not needed).
bool pi_document_is_encrypted(pi_document *document);

/// Document-level facts (root shape, claimed /Count, repairs, labels, diagnostics).
void pi_document_get_facts(pi_document *document, pi_document_facts *out);

/// The catalog's /PageLayout.
pi_page_layout pi_document_page_layout(pi_document *document);

/// The /ViewerPreferences /Direction.
pi_direction pi_document_direction(pi_document *document);

/// The PDF version (header, or catalog /Version when higher).
void pi_document_pdf_version(pi_document *document, int *major, int *minor);

/// A walk over the page tree. Not thread-safe; several cursors of one document may be open
/// at once but must be used from the document's thread.
typedef struct pi_page_cursor pi_page_cursor;

/// Opens a cursor positioned at `first_index` (0-based; reached by walking, without reading
/// the skipped pages' geometry or labels). With `with_geometry` false the cursor only counts
/// positions (no boxes, no labels): the cheap way to learn the page count. Never NULL.
pi_page_cursor *pi_page_cursor_open(pi_document *document, int first_index, bool with_geometry);

/// Reads the next position into `out` and returns true, or returns false at the end of the
/// tree. Pointers in `out` stay valid until the next call or pi_page_cursor_close.
bool pi_page_cursor_next(pi_page_cursor *cursor, pi_page *out);

/// What the walk has seen so far.
void pi_page_cursor_summary(const pi_page_cursor *cursor, pi_walk_summary *out);

/// Releases the cursor. NULL is allowed.
void pi_page_cursor_close(pi_page_cursor *_Nullable cursor);

// MARK: - Annotations (ISO 32000-2 §12.5), links and destinations (§12.3.2, §12.6.4)

/// The most annotations read from one page's /Annots (elements past it are counted, not read:
/// pi_annotations_summary.clipped). A page of 100,000 annotations reads in well under a second.
#define PI_MAX_ANNOTATIONS 100000
/// The most /QuadPoints numbers kept per annotation (1,024 quadrilaterals); more are dropped.
#define PI_MAX_QUAD_NUMBERS 8192
/// The longest text kept (/Contents, /NM, /M, field names, URIs, file names, destination names),
/// in bytes of UTF-8; longer text is clipped (PI_ANNOT_TEXT_CLIPPED).
#define PI_MAX_TEXT_BYTES 4000
/// The deepest /Parent chain followed for a widget's field name and type.
#define PI_MAX_FIELD_DEPTH 64
/// The deepest name tree read (/Names /Dests) and the most nodes it visits.
#define PI_MAX_NAME_TREE_DEPTH 64
#define PI_MAX_NAME_TREE_NODES (1 << 20)
/// What one page's annotations may hold together, whatever each holds alone: /QuadPoints
/// numbers (an 8 MB budget) and bytes of text, counted as the file writes them (16 MiB).
/// Past them, quads are dropped (PI_ANNOT_QUADS_CLIPPED) and text is not read
/// (PI_ANNOT_TEXT_CLIPPED), so that one object listed 100,000 times, or a string shared by
/// every annotation, costs no more than the budget in memory and time.
#define PI_MAX_PAGE_QUAD_NUMBERS (1 << 20)
#define PI_MAX_PAGE_TEXT_BYTES (1 << 24)
/// The most shared actions and destinations (by reference) kept read per document, and as many appearance forms.
#define PI_MAX_SHARED_OBJECTS (1 << 16)
/// The most name–value pairs read from the /Names /Dests tree.
#define PI_MAX_NAME_TREE_PAIRS (1 << 20)

/// What is wrong with one annotation, as bits of pi_annotation.problems. Whatever is wrong is left
/// out (a rectangle that cannot be read is absent, never guessed); the rest is still read.
typedef enum pi_annotation_problem {
    PI_ANNOT_NOT_DICTIONARY   = 1u << 0,  ///< the /Annots element is not a dictionary: nothing else is read
    PI_ANNOT_RECT_INVALID     = 1u << 1,  ///< /Rect missing, or not four finite numbers within PI_MAX_COORDINATE
    PI_ANNOT_RECT_REVERSED    = 1u << 2,  ///< /Rect written with reversed corners (normalized)
    PI_ANNOT_QUADS_INVALID    = 1u << 3,  ///< /QuadPoints not finite numbers within PI_MAX_COORDINATE, a multiple of 8: ignored
    PI_ANNOT_QUADS_CLIPPED    = 1u << 4,  ///< more than PI_MAX_QUAD_NUMBERS numbers (the first ones kept), or the page's budget spent (none kept)
    PI_ANNOT_TEXT_CLIPPED     = 1u << 5,  ///< a text entry was longer than PI_MAX_TEXT_BYTES (clipped), or the page's text budget is spent (not read)
    PI_ANNOT_APPEARANCE_INVALID = 1u << 6, ///< /AP /N (or the state /AS picks) is not a stream with a valid /BBox and /Matrix
    PI_ANNOT_FIELD_LOOP       = 1u << 7,  ///< the widget's /Parent chain loops or is deeper than PI_MAX_FIELD_DEPTH
    PI_ANNOT_DEST_INVALID     = 1u << 8,  ///< the destination is not a destination array (or a dictionary with one in /D)
    PI_ANNOT_DEST_UNRESOLVED  = 1u << 9,  ///< a named destination that /Dests and the /Names tree do not hold
    PI_ANNOT_DEST_PAGE_UNKNOWN = 1u << 10, ///< the destination's page is no page of this document
    PI_ANNOT_DEST_PAGE_NUMBER = 1u << 11, ///< a destination in this file names its page by number, not by reference (read as a 0-based index)
    PI_ANNOT_REPEATED         = 1u << 12, ///< the same annotation object is listed earlier in this page's /Annots
    PI_ANNOT_FLAGS_INVALID    = 1u << 13, ///< /F is not an integer: no flags are read
    PI_ANNOT_SUBTYPE_MISSING  = 1u << 14, ///< no /Subtype name
    PI_ANNOT_ACTION_INVALID   = 1u << 15, ///< /A is not an action dictionary with an /S name
    PI_ANNOT_STATE_MISSING    = 1u << 16, ///< /AP /N holds states but /AS names none: Poppler's choice is drawn (the only state, else /Off)
} pi_annotation_problem;

/// A piece of UTF-8 text owned by the list it came from; `bytes` is NULL when the entry is absent.
typedef struct pi_text {
    const char *_Nullable bytes;
    size_t length;
} pi_text;

/// What a link or a widget does when activated (/A's /S, ISO 32000-2 §12.6.4).
typedef enum pi_action_kind {
    PI_ACTION_NONE = 0,       ///< no /A (a link may still have /Dest)
    PI_ACTION_URI,            ///< target: the URI
    PI_ACTION_GOTO,           ///< destination: in this file
    PI_ACTION_GOTO_REMOTE,    ///< GoToR: target: the file; destination: in that file (its page a number)
    PI_ACTION_NAMED,          ///< target: the name (NextPage, PrevPage, FirstPage, LastPage, …)
    PI_ACTION_JAVASCRIPT,     ///< named only: the script is never read or run
    PI_ACTION_LAUNCH,         ///< target: the file, when given as a string or file specification
    PI_ACTION_OTHER,          ///< another /S: its name is in pi_annotation.action_type
} pi_action_kind;

/// How a destination shows its page (ISO 32000-2 Table 151).
typedef enum pi_destination_kind {
    PI_DEST_NONE = 0,         ///< no destination, or none that could be read (see the problems)
    PI_DEST_XYZ, PI_DEST_FIT, PI_DEST_FIT_H, PI_DEST_FIT_V, PI_DEST_FIT_R,
    PI_DEST_FIT_B, PI_DEST_FIT_BH, PI_DEST_FIT_BV,
} pi_destination_kind;

/// A destination, named ones resolved. `values` in the target page's raw space: XYZ left, top,
/// zoom; FitH/FitBH top; FitV/FitBV left; FitR left, bottom, right, top. Bit i of `null_mask`:
/// values[i] is null (or missing), "unchanged".
typedef struct pi_destination {
    pi_destination_kind kind;
    int page_index;           ///< the target page's 0-based position in this document, -1 when unknown or remote
    int64_t remote_page;      ///< a page given as a number (GoToR: 0-based in the other file), -1 otherwise
    double values[4];
    uint8_t null_mask;
    pi_text name;             ///< the name it was given by, for a named destination
} pi_destination;

/// One /Annots element. Raw space throughout; pointers owned by the list.
typedef struct pi_annotation {
    int object_number;        ///< the annotation's object number, 0 when written in place
    uint32_t problems;        ///< pi_annotation_problem bits
    pi_text subtype;          ///< /Subtype (Link, Widget, Highlight, …)
    bool has_rect;
    pi_rect rect;             ///< /Rect, corners normalized
    bool has_flags;
    uint32_t flags;           ///< /F as written (its low 32 bits), 0 when absent
    const double *_Nullable quad_points; ///< /QuadPoints, x y pairs, a multiple of 8 numbers
    size_t quad_point_count;  ///< numbers in quad_points
    bool has_border_width;
    double border_width;      ///< /BS /W, else /Border's third number
    pi_text name, modified, contents; ///< /NM, /M (as written), /Contents
    bool has_appearance;      ///< /AP /N (picked by /AS when a dictionary) is a usable form
    pi_text appearance_state; ///< the /AS that picked it, when /N is a dictionary
    pi_rect appearance_bbox;  ///< the form's /BBox, normalized
    double appearance_matrix[6]; ///< the form's /Matrix (a b c d e f), identity when absent
    int popup_object;         ///< /Popup's object number, 0 when none
    int parent_object;        ///< /Parent's object number (a popup's annotation; a widget's field), 0 when none
    pi_text field_name;       ///< a widget's fully qualified field name (/T of it and its ancestors, joined by '.')
    pi_text field_type;       ///< a widget's /FT (Btn, Tx, Ch, Sig), inherited
    pi_action_kind action;
    pi_text action_type;      ///< /A's /S as written
    pi_text action_target;    ///< URI, file or Named action name (see pi_action_kind)
    pi_destination destination; ///< a link's /Dest, or a GoTo/GoToR action's /D
} pi_annotation;

/// How a page's /Annots looks.
typedef struct pi_annotations_summary {
    bool present;             ///< the page has /Annots
    bool not_array;           ///< /Annots is not an array (nothing read)
    int listed;               ///< the elements /Annots has
    bool clipped;             ///< more than PI_MAX_ANNOTATIONS: only the first were read
} pi_annotations_summary;

/// The annotations of one page, owned by the caller: release with pi_annotation_list_close.
typedef struct pi_annotation_list pi_annotation_list;

/// Reads the /Annots of the page pi_page_cursor_next returned last (NULL when that was a page
/// error or the cursor has returned nothing). Named destinations are looked up in the catalog's
/// /Dests and /Names /Dests (read once per document, bounded); a destination's page reference
/// becomes an index by one counting walk per document.
pi_annotation_list *_Nullable pi_page_cursor_annotations(pi_page_cursor *cursor, pi_annotations_summary *summary);

/// The annotations read.
size_t pi_annotation_list_count(const pi_annotation_list *list);

/// Annotation `i` (< count); its pointers stay valid until the list is closed.
void pi_annotation_list_get(const pi_annotation_list *list, size_t i, pi_annotation *out);

/// Releases the list. NULL is allowed.
void pi_annotation_list_close(pi_annotation_list *_Nullable list);

// MARK: - The document outline (ISO 32000-2 §12.3.3)

/// The deepest outline level read: items at level 0 (the top) to PI_MAX_OUTLINE_DEPTH - 1; the
/// children of an item at the last level are dropped (PI_OUTLINE_TOO_DEEP).
#define PI_MAX_OUTLINE_DEPTH 64
/// The most outline items read, in pre-order; the rest are dropped (pi_outline_summary.clipped).
#define PI_MAX_OUTLINE_ITEMS 100000
/// What the outline's items may read together, in bytes of text as the file writes them (titles,
/// URIs, file and destination names: 16 MiB); past it, text is not read (PI_ANNOT_TEXT_CLIPPED),
/// so that one long string shared by every item costs no more than the budget.
#define PI_MAX_OUTLINE_TEXT_BYTES (1 << 24)

/// What is wrong with one outline item, as bits of pi_outline_item.problems.
typedef enum pi_outline_problem {
    PI_OUTLINE_NOT_DICTIONARY = 1u << 0, ///< the item is not a dictionary: nothing is read, nor the items its /Next would lead to
    PI_OUTLINE_NEXT_LOOP      = 1u << 1, ///< its /Next is an item met earlier (a loop, or an item listed twice): the chain is cut there
    PI_OUTLINE_FIRST_LOOP     = 1u << 2, ///< its /First is an item met earlier: its children are not read
    PI_OUTLINE_TOO_DEEP       = 1u << 3, ///< it has children (/First) but is at level PI_MAX_OUTLINE_DEPTH - 1: they are dropped
} pi_outline_problem;

/// One outline item, in pre-order (an item, then its children, then its next sibling).
typedef struct pi_outline_item {
    int object_number;        ///< the item's object number, 0 when written in place
    int level;                ///< 0 for a child of the outline dictionary, 1 for its children, …
    uint32_t problems;        ///< pi_outline_problem bits
    pi_text title;            ///< /Title as UTF-8, clipped at PI_MAX_TEXT_BYTES; NULL when absent or not a string
    bool has_count;           ///< /Count is an integer
    int64_t count;            ///< /Count as written (never used to allocate or to loop)
    /// Where it goes, as an annotation's link part: only `problems` (the PI_ANNOT_ACTION_INVALID,
    /// PI_ANNOT_DEST_* and PI_ANNOT_TEXT_CLIPPED bits; the last also for /Title), `action`,
    /// `action_type`, `action_target` and `destination` (/Dest, or a GoTo / GoToR action's /D)
    /// are set; the rest is zero.
    pi_annotation link;
} pi_outline_item;

/// How the outline as a whole looks.
typedef struct pi_outline_summary {
    bool present;             ///< the catalog has /Outlines
    bool not_dictionary;      ///< /Outlines is not a dictionary (nothing read)
    bool first_loop;          ///< /Outlines' /First is the outline dictionary itself (nothing read)
    bool clipped;             ///< more than PI_MAX_OUTLINE_ITEMS items: only the first were read
} pi_outline_summary;

/// The outline items of one document, owned by the caller: release with pi_outline_list_close.
typedef struct pi_outline_list pi_outline_list;

/// Reads the catalog's /Outlines: from its /First, each item, then its /First (one level down),
/// then its /Next, iteratively (no recursion), bounded by PI_MAX_OUTLINE_DEPTH,
/// PI_MAX_OUTLINE_ITEMS and PI_MAX_OUTLINE_TEXT_BYTES; an item met again (by object number) is
/// not read again, which cuts every /First–/Next loop. Destinations are resolved as an
/// annotation's are (pi_page_cursor_annotations), with the same lookups. Never NULL (an empty
/// list when there is no outline).
pi_outline_list *pi_document_outline(pi_document *document, pi_outline_summary *summary);

/// The items read.
size_t pi_outline_list_count(const pi_outline_list *list);

/// Item `i` (< count); its pointers stay valid until the list is closed.
void pi_outline_list_get(const pi_outline_list *list, size_t i, pi_outline_item *out);

/// Releases the list. NULL is allowed.
void pi_outline_list_close(pi_outline_list *_Nullable list);

/// Poppler's version string, e.g. "22.12.0".
const char *pi_poppler_version(void);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif

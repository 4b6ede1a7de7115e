// SPDX-License-Identifier: GPL-2.0-or-later
// Recovery through object streams and cross-reference streams, for files whose cross-reference
// data Poppler had to rebuild: its reconstruction indexes only top-level "N G obj" objects and
// takes /Root only from a "trailer" keyword, so objects kept in object streams (ISO 32000-2
// §7.5.7), and a /Root given only by a cross-reference stream (§7.5.8), are lost.
#ifndef PAGEINFO_OBJECT_STREAMS_H
#define PAGEINFO_OBJECT_STREAMS_H

#include <Object.h>

class BaseStream;
class XRef;

namespace pageinfo {

/// The most objects one object stream may hold, and the longest header (its first /First bytes)
/// read from it.
constexpr int kMaxObjectsPerStream = 1 << 20;
constexpr int kMaxObjectStreamHeader = 16 << 20;

struct StreamRecovery {
    int objects_indexed = 0;    ///< objects found in object streams and added to the table
    int objects_replaced = 0;   ///< top-level objects replaced by a copy in an object stream written after them
    Ref root = Ref::INVALID();  ///< /Root read from the last cross-reference stream, when the rebuilt table had none
    /// Poppler's root was not the one a rebuild of top-level objects finds (Poppler 26.04 and later
    /// take it from a cross-reference stream's dictionary): `catalog` is the one that rebuild
    /// finds, else `root`; Ref::INVALID() when neither is a dictionary.
    bool root_replaced = false;
    Ref catalog = Ref::INVALID();
};

/// Finds the object streams among the table's top-level objects, decodes each header through
/// Poppler's stream decoders, and adds each object it holds that the table lacks as a compressed
/// entry, so Poppler's own fetch reads it. Streams are read in file order: an object a later
/// stream holds again replaces an earlier stream's copy, and a top-level object (other than an
/// object stream) written before that stream: the later revision of an incremental update. Then, when the trailer's /Root gives no catalog, takes
/// /Root from the cross-reference stream with the greatest offset. Bounded: each table entry is
/// read once, each header at most kMaxObjectStreamHeader bytes and kMaxObjectsPerStream pairs, and
/// the table grows by at most the number of pairs read.
///
/// For a table Poppler rebuilt (`rebuilt`), what is added is measured against a rebuild of
/// top-level objects alone, whichever Poppler release rebuilt it: from 26.04 Poppler's own rebuild
/// indexes object streams and takes /Root from a cross-reference stream, and its compressed
/// entries are first put back as such a rebuild holds them (see object_streams.cc). `file` is the
/// document's stream, scanned for that at most once.
StreamRecovery recover_from_streams(XRef *xref, BaseStream *file, bool rebuilt);

/// Object streams that compressed entries name but whose own entry is no top-level object
/// (ISO 32000-2 §7.5.8.3: an object stream is an indirect object of generation 0, never itself
/// compressed): an entry that names its own stream, or another object stream, or a loop of them,
/// or that is free. Poppler cannot read one object of such a stream ("Invalid object stream")
/// and, for a cross-reference stream, does not rebuild the table. Only for a cross-reference
/// stream's table (read whole when Poppler opened it: looking at an entry reads nothing, where
/// a classic table re-reads its sections for a number none lists, and may rebuild itself), and
/// only for stream numbers within the table: one pass over the file's bytes, through a stream of
/// its own, finds where "S 0 obj" starts for each such S (the last 8 of each); the latest one
/// that is an object stream gets the entry. Returns how many entries were set. Reads no object
/// unless some entry is broken so. Bounded: each entry read once, at most one pass over the
/// file, memory O(stream numbers named), the table never grown.
int relocate_object_streams(XRef *xref, BaseStream *file);

/// The catalog: `catalog` (the object the document decided on when it opened: the trailer's
/// /Root, else the recovered root) when it is a dictionary, else whatever the table's root is now.
/// Never calls XRef::getCatalog, which rebuilds the table again (losing the entries added above)
/// whenever the catalog is missing.
Object fetch_catalog(XRef *xref, Ref catalog);

} // namespace pageinfo

#endif

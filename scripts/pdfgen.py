# SPDX-License-Identifier: Apache-2.0
"""pdfgen: a tiny, deterministic PDF writer (Python standard library only).

Just enough PDF to build test fixtures for page geometry:

* object model: Name, Ref, Stream, PDFString plus Python int/float/bool/None,
  list (array), dict (dictionary, keys are plain str names);
* Writer: streams indirect objects to a binary file, keeps byte offsets and
  writes a classic xref table and a trailer with a fixed /ID;
* page trees: Pages/Page nodes nested to any depth, attributes allowed on
  intermediate /Pages nodes;
* optional /PageLabels number tree, catalog /PageLayout and
  /ViewerPreferences /Direction;
* optional Standard Security Handler encryption: RC4, revision 3, 128-bit
  key (ISO 32000-1 §7.6.3, algorithms 1, 2, 3 and 5) with our own RC4.

Nothing here reads the clock or uses randomness: the same inputs always give
the same bytes.
"""

import functools
import hashlib
import struct

# ---------------------------------------------------------------------------
# Object model
# ---------------------------------------------------------------------------


class Name(str):
    """A PDF name such as /Page (stored without the slash)."""


class Ref:
    """An indirect reference `num gen R`. Objects are written with generation 0; another `gen`
    makes a reference to an object the file does not define (a hostile file's)."""

    __slots__ = ("num", "gen")

    def __init__(self, num, gen=0):
        self.num = num
        self.gen = gen

    def __repr__(self):
        return "Ref(%d)" % self.num if self.gen == 0 else "Ref(%d, %d)" % (self.num, self.gen)


class PDFString(bytes):
    """A PDF string; Python str values are also written as strings."""


class Stream:
    """A stream object: a dictionary plus raw (unfiltered) data."""

    def __init__(self, data, d=None):
        self.data = data if isinstance(data, bytes) else data.encode("latin-1")
        self.dict = dict(d or {})


def fmt_number(x):
    """Format a number the short way: 612, 595.276, -0.5 (never 612.0 or 1e-05)."""
    if isinstance(x, bool):
        raise TypeError("bool is not a PDF number")
    if isinstance(x, int):
        return str(x)
    if x != x or x in (float("inf"), float("-inf")):
        raise ValueError("not a finite number: %r" % x)
    if x == int(x):
        return str(int(x))
    s = ("%.6f" % x).rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


_NAME_OK = set(b"!\"&'*+,-.0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ^_`"
               b"abcdefghijklmnopqrstuvwxyz|~")


@functools.lru_cache(maxsize=4096)
def fmt_name(name):
    out = bytearray(b"/")
    for c in name.encode("utf-8"):
        out += bytes([c]) if c in _NAME_OK else b"#%02X" % c
    return bytes(out)


def fmt_literal(data):
    out = bytearray(b"(")
    for c in data:
        if c in b"()\\":
            out += b"\\" + bytes([c])
        else:
            out.append(c)
    return bytes(out + b")")


# ---------------------------------------------------------------------------
# RC4 and the Standard Security Handler (revision 3, 128-bit key)
# ---------------------------------------------------------------------------


def rc4(key, data):
    s = list(range(256))
    j = 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) & 0xFF
        s[i], s[j] = s[j], s[i]
    out = bytearray(len(data))
    i = j = 0
    for n, c in enumerate(data):
        i = (i + 1) & 0xFF
        j = (j + s[i]) & 0xFF
        s[i], s[j] = s[j], s[i]
        out[n] = c ^ s[(s[i] + s[j]) & 0xFF]
    return bytes(out)


PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")


def _pad(password):
    pw = password.encode("latin-1") if isinstance(password, str) else password
    return (pw + PAD)[:32]


class StandardSecurity:
    """RC4 128-bit, /V 2 /R 3. Computes /O, /U and per-object keys."""

    V, R, LENGTH = 2, 3, 16  # key length in bytes

    def __init__(self, user_password, owner_password, file_id0, permissions=-4):
        self.P = permissions
        self.O = self._owner_value(owner_password or user_password, user_password)
        self.key = self._file_key(user_password, file_id0)
        self.U = self._user_value(file_id0)

    def _owner_value(self, owner_pw, user_pw):  # Algorithm 3
        h = hashlib.md5(_pad(owner_pw)).digest()
        for _ in range(50):
            h = hashlib.md5(h[:self.LENGTH]).digest()
        key = h[:self.LENGTH]
        data = rc4(key, _pad(user_pw))
        for i in range(1, 20):
            data = rc4(bytes(b ^ i for b in key), data)
        return data

    def _file_key(self, user_pw, file_id0):  # Algorithm 2
        h = hashlib.md5(_pad(user_pw) + self.O + struct.pack("<i", self.P) + file_id0).digest()
        for _ in range(50):
            h = hashlib.md5(h[:self.LENGTH]).digest()
        return h[:self.LENGTH]

    def _user_value(self, file_id0):  # Algorithm 5
        data = rc4(self.key, hashlib.md5(PAD + file_id0).digest())
        for i in range(1, 20):
            data = rc4(bytes(b ^ i for b in self.key), data)
        return data + bytes(16)  # 16 arbitrary padding bytes (fixed: zeros)

    def object_key(self, num, gen=0):  # Algorithm 1
        h = hashlib.md5(self.key + struct.pack("<i", num)[:3] + struct.pack("<i", gen)[:2]).digest()
        return h[:min(self.LENGTH + 5, 16)]

    def encrypt_dict(self):
        return {"Filter": Name("Standard"), "V": self.V, "R": self.R,
                "Length": self.LENGTH * 8, "P": self.P,
                "O": PDFString(self.O), "U": PDFString(self.U)}


# ---------------------------------------------------------------------------
# Serialisation
# ---------------------------------------------------------------------------


def serialize(obj, key=None):
    """Return the bytes of a direct object. `key` = RC4 key for strings."""
    if obj is None:
        return b"null"
    if obj is True:
        return b"true"
    if obj is False:
        return b"false"
    if isinstance(obj, Name):
        return fmt_name(obj)
    if isinstance(obj, (int, float)):
        return fmt_number(obj).encode()
    if isinstance(obj, Ref):
        return b"%d %d R" % (obj.num, obj.gen)
    if isinstance(obj, (str, bytes)):
        data = obj.encode("latin-1") if isinstance(obj, str) else bytes(obj)
        if key is not None:
            data = rc4(key, data)
        if key is not None or any(c < 32 or c > 126 for c in data):
            return b"<" + data.hex().upper().encode() + b">"
        return fmt_literal(data)
    if isinstance(obj, (list, tuple)):
        return b"[" + b" ".join(serialize(o, key) for o in obj) + b"]"
    if isinstance(obj, dict):
        parts = [fmt_name(k) + b" " + serialize(v, key) for k, v in obj.items()]
        return b"<< " + b" ".join(parts) + b" >>"
    raise TypeError("cannot serialise %r" % (obj,))


class Writer:
    """Streams a PDF file: header, objects (any order), xref, trailer.

    w = Writer(f, file_id=b"16 bytes")     # f: binary file object
    ref = w.alloc(); w.write(ref, {...})   # or w.add({...})
    w.finish(root_ref)
    """

    def __init__(self, f, file_id, version="1.7", security=None):
        self.f = f
        self.pos = 0
        self.offsets = [None]  # index = object number
        self.file_id = file_id
        self.security = security
        self._out(b"%%PDF-%s\n%%\xe2\xe3\xcf\xd3\n" % version.encode())

    def _out(self, data):
        self.f.write(data)
        self.pos += len(data)

    def alloc(self):
        self.offsets.append(None)
        return Ref(len(self.offsets) - 1)

    def add(self, obj):
        ref = self.alloc()
        self.write(ref, obj)
        return ref

    def write(self, ref, obj, encrypt=True):
        assert self.offsets[ref.num] is None, "object %d written twice" % ref.num
        self.offsets[ref.num] = self.pos
        key = self.security.object_key(ref.num) if (self.security and encrypt) else None
        if isinstance(obj, Stream):
            data = rc4(key, obj.data) if key else obj.data
            d = dict(obj.dict, Length=len(data))
            body = serialize(d, key) + b"\nstream\n" + data + b"\nendstream"
        else:
            body = serialize(obj, key)
        self._out(b"%d 0 obj\n%s\nendobj\n" % (ref.num, body))

    def finish(self, root, info=None):
        missing = [n for n, off in enumerate(self.offsets) if off is None and n]
        assert not missing, "allocated but never written: %r" % missing[:10]
        trailer = {"Size": len(self.offsets), "Root": root}
        if info is not None:
            trailer["Info"] = info
        if self.security:
            enc = self.alloc()
            self.write(enc, self.security.encrypt_dict(), encrypt=False)
            trailer["Encrypt"] = enc
            trailer["Size"] = len(self.offsets)
        trailer["ID"] = [PDFString(self.file_id), PDFString(self.file_id)]
        xref_pos = self.pos
        lines = [b"xref\n0 %d\n" % len(self.offsets), b"0000000000 65535 f\r\n"]
        for off in self.offsets[1:]:
            lines.append(b"%010d 00000 n\r\n" % off)
        self._out(b"".join(lines))
        self._out(b"trailer\n%s\nstartxref\n%d\n%%%%EOF\n" % (serialize(trailer), xref_pos))


def file_id_for(seed):
    """A fixed 16-byte document ID derived from a seed string."""
    return hashlib.md5(b"pageinfo-fixture:" + seed.encode()).digest()


# ---------------------------------------------------------------------------
# Page trees, page labels and the catalog
# ---------------------------------------------------------------------------


class Page:
    """A leaf page. attrs: extra page-dictionary entries (MediaBox, Rotate...)."""

    def __init__(self, attrs=None, contents=None):
        self.attrs = dict(attrs or {})
        self.contents = contents  # Stream, Ref or None


class Pages:
    """An intermediate /Pages node; attrs may hold inheritable entries."""

    def __init__(self, kids, attrs=None):
        self.kids = list(kids)
        self.attrs = dict(attrs or {})


def count_pages(node):
    return 1 if isinstance(node, Page) else sum(count_pages(k) for k in node.kids)


def write_page_tree(w, root):
    """Write a Pages tree depth-first (parents before kids); return root Ref.

    Objects go to the file as soon as they are made; a node's kids get their
    Refs when the node is written. A Stream shared by several pages (the same
    Python object) is written once.
    """
    root_ref = w.alloc()
    shared = {}  # id(Stream) -> Ref, so one Stream object can serve many pages

    def emit(node, ref, parent_ref):
        d = {"Type": Name("Page" if isinstance(node, Page) else "Pages")}
        if parent_ref is not None:
            d["Parent"] = parent_ref
        if isinstance(node, Page):
            d.update(node.attrs)
            if node.contents is not None:
                c = node.contents
                if not isinstance(c, Ref):
                    if id(c) not in shared:
                        shared[id(c)] = w.add(c)
                    c = shared[id(c)]
                d["Contents"] = c
            w.write(ref, d)
            return
        kid_refs = [w.alloc() for _ in node.kids]
        d["Kids"] = kid_refs
        d["Count"] = count_pages(node)
        d.update(node.attrs)
        w.write(ref, d)
        for kid, kref in zip(node.kids, kid_refs):
            emit(kid, kref, ref)

    emit(root, root_ref, None)
    return root_ref


def page_labels(ranges):
    """ranges: [(start_index, style or None, prefix or None, start or None)]
    -> a /PageLabels number tree (a single leaf /Nums array)."""
    nums = []
    for first, style, prefix, start in ranges:
        d = {"Type": Name("PageLabel")}
        if style:
            d["S"] = Name(style)
        if prefix is not None:
            d["P"] = prefix
        if start is not None:
            d["St"] = start
        nums += [first, d]
    return {"Nums": nums}


def balanced_tree(pages, fanout):
    """Group a flat list of Page objects into nested Pages nodes of <= fanout kids."""
    level = list(pages)
    while True:
        level = [Pages(level[i:i + fanout]) for i in range(0, len(level), fanout)]
        if len(level) == 1:
            return level[0]


def write_document(f, root_pages, seed, labels=None, page_layout=None,
                   direction=None, user_password=None, owner_password=None,
                   info=None, version="1.7"):
    """Write a whole document: page tree + catalog (+ encryption)."""
    file_id = file_id_for(seed)
    sec = None
    if user_password is not None:
        sec = StandardSecurity(user_password, owner_password, file_id)
    w = Writer(f, file_id, version=version, security=sec)
    catalog_ref = w.alloc()
    pages_ref = write_page_tree(w, root_pages)
    catalog = {"Type": Name("Catalog"), "Pages": pages_ref}
    if labels:
        catalog["PageLabels"] = page_labels(labels)
    if page_layout:
        catalog["PageLayout"] = Name(page_layout)
    if direction:
        catalog["ViewerPreferences"] = {"Direction": Name(direction)}
    w.write(catalog_ref, catalog)
    info_ref = w.add(info) if info else None
    w.finish(catalog_ref, info_ref)
    return w.pos

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Decode a PNG with Python's own zlib, independently of pageinfo's encoder.

    python3 scripts/png_to_rgb.py IN.png OUT.rgb

Checks the signature and every chunk's CRC-32, inflates the IDAT stream with zlib (which also
checks the Adler-32), undoes the five PNG row filters, and writes the raw pixels (8-bit RGB,
rows from the top) to OUT.rgb. Prints "WIDTH HEIGHT" on stdout. Only what pageinfo writes is
supported: bit depth 8, colour type 2, no interlace. Exit 1 with a message on anything else.
"""
import struct
import sys
import zlib


def fail(msg):
    print("png_to_rgb: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    data = open(sys.argv[1], "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("not a PNG signature")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        ctype = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(ctype + body) & 0xFFFFFFFF != crc:
            fail("bad CRC in chunk %r" % ctype)
        if ctype == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif ctype == b"IDAT":
            idat += body
        elif ctype == b"IEND":
            break
        pos += 12 + length
    if header is None:
        fail("no IHDR")
    width, height, depth, color, _, _, interlace = header
    if (depth, color, interlace) != (8, 2, 0):
        fail("unsupported format %r" % (header,))
    raw = zlib.decompress(idat)
    stride = width * 3
    if len(raw) != (stride + 1) * height:
        fail("IDAT holds %d bytes, expected %d" % (len(raw), (stride + 1) * height))
    out = bytearray()
    prior = bytearray(stride)
    for y in range(height):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b = prior[i]
            c = prior[i - 3] if i >= 3 else 0
            if ftype == 0:
                pred = 0
            elif ftype == 1:
                pred = a
            elif ftype == 2:
                pred = b
            elif ftype == 3:
                pred = (a + b) // 2
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            else:
                fail("bad filter type %d in row %d" % (ftype, y))
            line[i] = (line[i] + pred) & 0xFF
        out += line
        prior = line
    open(sys.argv[2], "wb").write(out)
    print(width, height)


if __name__ == "__main__":
    main()

// SPDX-License-Identifier: GPL-2.0-or-later
// PDF text strings as UTF-8. See text_string.h.
#include "text_string.h"

#include <PDFDocEncoding.h>

namespace pageinfo {

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

std::string text_string_to_utf8(const std::string &b) {
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
        // UTF-8 with BOM (PDF 2.0): keep valid sequences, replace the rest (Swift decodes the
        // same way, but the byte count we clip to must be of valid text).
        out.assign(b, 3, std::string::npos);
    } else {
        for (unsigned char ch : b) {
            unsigned int u = pdfDocEncoding[ch];
            append_utf8(out, u ? u : 0xFFFD);
        }
    }
    return out;
}

bool clip_utf8(std::string &s, size_t max_bytes) {
    if (s.size() <= max_bytes) return false;
    size_t end = max_bytes;
    while (end > 0 && ((unsigned char)s[end] & 0xC0) == 0x80) end--; // do not split a sequence
    s.resize(end);
    return true;
}

} // namespace pageinfo

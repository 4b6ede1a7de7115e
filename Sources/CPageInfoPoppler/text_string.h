// SPDX-License-Identifier: GPL-2.0-or-later
// PDF text strings (ISO 32000-2 §7.9.2.2) as UTF-8.
#ifndef PAGEINFO_TEXT_STRING_H
#define PAGEINFO_TEXT_STRING_H

#include <string>

namespace pageinfo {

/// A PDF text string (UTF-16BE with BOM, UTF-8 with BOM, or PDFDocEncoding) as UTF-8.
/// Unpaired surrogates and undefined PDFDocEncoding bytes become U+FFFD.
std::string text_string_to_utf8(const std::string &bytes);

/// Appends a Unicode scalar as UTF-8.
void append_utf8(std::string &s, unsigned int scalar);

/// Clips UTF-8 text to at most `max_bytes` bytes without splitting a character. Returns
/// whether anything was removed.
bool clip_utf8(std::string &s, size_t max_bytes);

} // namespace pageinfo

#endif

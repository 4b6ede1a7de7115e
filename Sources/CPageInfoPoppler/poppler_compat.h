// SPDX-License-Identifier: GPL-2.0-or-later
// The few Poppler core-API calls whose signatures changed between the releases we support
// (22.12 in Debian 12 to 25.03 in Debian 13). Poppler 22.12's headers define no numeric version
// macros (only the string POPPLER_VERSION), so each difference is detected from the API itself
// at compile time rather than by parsing a version string. A new Poppler that breaks the build
// breaks here.
#ifndef PAGEINFO_POPPLER_COMPAT_H
#define PAGEINFO_POPPLER_COMPAT_H

#include <PDFDoc.h>
#include <Stream.h>
#include <goo/GooString.h>

#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace pageinfo {

// PDFDoc's constructors took a `void *guiData` before the xref-reconstructed callback until
// Poppler 24.x; later releases dropped it.
template <typename Source>
std::unique_ptr<PDFDoc> make_pdf_doc(Source &&source, const std::optional<GooString> &owner,
                                     const std::optional<GooString> &user, const std::function<void()> &onReconstructed) {
    if constexpr (std::is_constructible_v<PDFDoc, Source &&, const std::optional<GooString> &,
                                          const std::optional<GooString> &, void *, const std::function<void()> &>) {
        return std::make_unique<PDFDoc>(std::forward<Source>(source), owner, user, nullptr, onReconstructed);
    } else {
        return std::make_unique<PDFDoc>(std::forward<Source>(source), owner, user, onReconstructed);
    }
}

// Stream::reset() returned void until Poppler 25.x, then bool (false when the stream cannot be
// read).
template <typename S>
bool reset_stream(S *stream) {
    if constexpr (std::is_void_v<decltype(stream->reset())>) {
        stream->reset();
        return true;
    } else {
        return stream->reset();
    }
}

// BaseStream::makeSubStream returned a raw Stream * (owned by the caller) in 22.12; later
// releases may return an owning pointer. Either way, a stream the caller owns, reading the base
// stream's bytes from `start` to its end.
template <typename Base>
std::unique_ptr<Stream> make_sub_stream(Base *base, Goffset start) {
    auto stream = base->makeSubStream(start, false, 0, Object(objNull));
    if constexpr (std::is_pointer_v<decltype(stream)>) {
        return std::unique_ptr<Stream>(stream);
    } else {
        return std::unique_ptr<Stream>(std::move(stream));
    }
}

} // namespace pageinfo

#endif

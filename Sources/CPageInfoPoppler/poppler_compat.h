// SPDX-License-Identifier: GPL-2.0-or-later
// The Poppler core-API calls of the reader whose declarations differ between the releases CI
// builds against (22.12 in Debian 12, 25.03 in Debian 13, 26.07 in Debian unstable); the
// renderer's are in poppler_render_compat.h. Everything else the shim calls is declared alike in
// all of them. Poppler's headers define no numeric version macros (poppler-config.h has only the
// string POPPLER_VERSION, in 26.07 too; the numeric ones are poppler-cpp's and poppler-glib's,
// which the shim does not use), so each change is detected from the declaration that changed, by
// a requires-expression or a type trait: one branch per change, named by the release that made
// it. A release that matches no branch stops the build here, at a static_assert naming the call.
//
// The releases named: 22.12, 24.02, 25.03, 26.01 and 26.07 were read from their headers (Debian's
// and Ubuntu's libpoppler-private-dev); a first release between those is taken from the version
// checks of GDAL and LibreOffice, which follow Poppler monthly, and is said to be that where
// neither names it.
#ifndef PAGEINFO_POPPLER_COMPAT_H
#define PAGEINFO_POPPLER_COMPAT_H

#include <Object.h>
#include <PDFDoc.h>
#include <Parser.h>
#include <Stream.h>
#include <goo/GooString.h>

#include <concepts>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace pageinfo {

namespace compat_detail {

// For the static_assert of a branch no release takes (false, but only once instantiated).
template <typename T> inline constexpr bool no_branch_for = false;

// Poppler 26.01 renamed Stream::reset() and unfilteredReset() to rewind() and unfilteredRewind().
template <typename S> concept Rewinds = requires(S &s) { { s.rewind() } -> std::same_as<bool>; };
// Poppler 25.02 made reset() return false for a stream that cannot be read (void before).
template <typename S> concept ResetsWithStatus = requires(S &s) { { s.reset() } -> std::same_as<bool>; };
template <typename S> concept Resets = requires(S &s) { { s.reset() } -> std::same_as<void>; };

// Poppler 25.05 made BaseStream::makeSubStream return the stream as std::unique_ptr<Stream>
// (a raw pointer the caller owned before), and Parser take it so.
template <typename B> concept SubStreamIsOwned = requires(B &b, Object &&dict) {
    { b.makeSubStream(Goffset {}, false, Goffset {}, std::move(dict)) } -> std::same_as<std::unique_ptr<Stream>>;
};
// Poppler 26.02 made BaseStream::copy return std::unique_ptr<BaseStream> (a raw pointer before).
template <typename B> concept CopyIsOwned = requires(B &b) { { b.copy() } -> std::same_as<std::unique_ptr<BaseStream>>; };

static_assert(Rewinds<Stream> || ResetsWithStatus<Stream> || Resets<Stream>,
              "poppler_compat.h: this Poppler's Stream has neither rewind() nor reset()");

} // namespace compat_detail

// MARK: - Objects

/// A null object. Poppler 25.05 added Object::null() (LibreOffice's check), and by 26.01 the
/// Object(ObjType) constructor it replaces is private.
template <typename O = Object>
O null_object() {
    if constexpr (requires { O::null(); }) {
        return O::null();
    } else {
        return O(objNull);
    }
}

/// The bytes of a string object. Object::getString() returns a const std::string & since a
/// release after 26.01 (26.07 has it; 26.01 still returns a const GooString *).
template <typename O = Object>
const std::string &string_bytes(const O &string) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(string.getString())>, std::string>) {
        return string.getString();
    } else {
        return string.getString()->toStr();
    }
}

/// The dictionary of a stream object. (Object::streamGetDict() is gone after 26.01; this is the
/// call every release has, so no branch.)
inline Dict *stream_dict(const Object &stream) { return stream.getStream()->getDict(); }

/// Element `i` of an array object, unfetched (a reference stays a reference). (Object::arrayGetNF
/// is gone after 26.01; Array::getNF is in every release, so no branch.)
inline const Object &array_element_unfetched(const Object &array, int i) { return array.getArray()->getNF(i); }

// MARK: - Streams

/// Rewinds `stream` to its start; false when Poppler finds it cannot be read (always true before
/// 25.02, whose reset() says nothing).
template <typename S>
bool rewind_stream(S *stream) {
    if constexpr (compat_detail::Rewinds<S>) { // Poppler 26.01
        return stream->rewind();
    } else if constexpr (compat_detail::ResetsWithStatus<S>) { // Poppler 25.02
        return stream->reset();
    } else if constexpr (compat_detail::Resets<S>) {
        stream->reset();
        return true;
    } else {
        static_assert(compat_detail::no_branch_for<S>, "rewind_stream: no rewind() or reset() on this Stream");
    }
}

/// A stream the caller owns, reading the base stream's bytes from `start` to its end.
template <typename Base>
std::unique_ptr<Stream> make_sub_stream(Base *base, Goffset start) {
    if constexpr (compat_detail::SubStreamIsOwned<Base>) { // Poppler 25.05
        return base->makeSubStream(start, false, 0, null_object());
    } else {
        return std::unique_ptr<Stream>(base->makeSubStream(start, false, 0, null_object()));
    }
}

/// A parser over `stream` (which it owns), with no cross-reference table and streams allowed:
/// Parser takes the stream as std::unique_ptr<Stream> since Poppler 25.05 (with makeSubStream).
template <typename P = Parser>
std::unique_ptr<P> make_parser(std::unique_ptr<Stream> stream) {
    if constexpr (std::is_constructible_v<P, XRef *, std::unique_ptr<Stream> &&, bool>) { // Poppler 25.05
        return std::make_unique<P>(nullptr, std::move(stream), true);
    } else if constexpr (std::is_constructible_v<P, XRef *, Stream *, bool>) {
        return std::make_unique<P>(nullptr, stream.release(), true);
    } else {
        static_assert(compat_detail::no_branch_for<P>, "make_parser: no Parser(XRef *, stream, bool) in this Poppler");
    }
}

namespace compat_detail {

// The overrides a base stream of ours implements under whichever name and type the Poppler in use
// declares them: each layer below declares one release's form and forwards it to Impl's own
// functions (rewind_to_start, copy_stream, sub_stream), which are the same in every release.
// A layer is a template of its base, so only the layer chosen is ever instantiated.
template <typename Impl, typename Base> struct RewindOverride : Base { // Poppler 26.01
    using Base::Base;
    bool rewind() override { return static_cast<Impl *>(this)->rewind_to_start(); }
    bool unfilteredRewind() override { return static_cast<Impl *>(this)->rewind_to_start(); }
};
template <typename Impl, typename Base> struct ResetWithStatusOverride : Base { // Poppler 25.02
    using Base::Base;
    bool reset() override { return static_cast<Impl *>(this)->rewind_to_start(); }
    bool unfilteredReset() override { return static_cast<Impl *>(this)->rewind_to_start(); }
};
template <typename Impl, typename Base> struct ResetOverride : Base {
    using Base::Base;
    void reset() override { static_cast<Impl *>(this)->rewind_to_start(); }
    void unfilteredReset() override { static_cast<Impl *>(this)->rewind_to_start(); }
};
template <typename Impl, typename Base>
using RewindLayer = std::conditional_t<Rewinds<Base>, RewindOverride<Impl, Base>,
                                       std::conditional_t<ResetsWithStatus<Base>, ResetWithStatusOverride<Impl, Base>,
                                                          ResetOverride<Impl, Base>>>;

template <typename Impl, typename Base> struct OwnedSubStreamOverride : Base { // Poppler 25.05
    using Base::Base;
    std::unique_ptr<Stream> makeSubStream(Goffset start, bool limited, Goffset length, Object &&dict) override {
        return static_cast<Impl *>(this)->sub_stream(start, limited, length, std::move(dict));
    }
};
template <typename Impl, typename Base> struct RawSubStreamOverride : Base {
    using Base::Base;
    Stream *makeSubStream(Goffset start, bool limited, Goffset length, Object &&dict) override {
        return static_cast<Impl *>(this)->sub_stream(start, limited, length, std::move(dict)).release();
    }
};
template <typename Impl, typename Base>
using SubStreamLayer = std::conditional_t<SubStreamIsOwned<Base>, OwnedSubStreamOverride<Impl, Base>, RawSubStreamOverride<Impl, Base>>;

template <typename Impl, typename Base> struct OwnedCopyOverride : Base { // Poppler 26.02
    using Base::Base;
    std::unique_ptr<BaseStream> copy() override { return static_cast<Impl *>(this)->copy_stream(); }
};
template <typename Impl, typename Base> struct RawCopyOverride : Base {
    using Base::Base;
    BaseStream *copy() override { return static_cast<Impl *>(this)->copy_stream().release(); }
};
template <typename Impl, typename Base>
using CopyLayer = std::conditional_t<CopyIsOwned<Base>, OwnedCopyOverride<Impl, Base>, RawCopyOverride<Impl, Base>>;

} // namespace compat_detail

/// The base class of a BaseStream written here (CRTP). Impl derives from
/// `BaseStreamOverrides<Impl>`, constructs it as a BaseStream (`(Object &&dict, Goffset length)`),
/// overrides what every release declares alike itself, and defines, public:
///   bool rewind_to_start();                 // Stream::rewind / reset (and their unfiltered forms)
///   std::unique_ptr<BaseStream> copy_stream();
///   std::unique_ptr<Stream> sub_stream(Goffset start, bool limited, Goffset length, Object &&dict);
template <typename Impl>
using BaseStreamOverrides =
    compat_detail::CopyLayer<Impl, compat_detail::SubStreamLayer<Impl, compat_detail::RewindLayer<Impl, BaseStream>>>;

// MARK: - Documents

/// A document over `stream`, which it owns. PDFDoc's stream constructor takes the stream as
/// std::unique_ptr<BaseStream> since a release after 26.01 (26.07 has it; 26.01 takes a raw
/// pointer it owns); the `void *guiData` before the xref-reconstructed callback is gone since a
/// release after 24.02 (25.03 has none; 24.02 has it).
template <typename Doc = PDFDoc>
std::unique_ptr<Doc> make_pdf_doc(std::unique_ptr<BaseStream> stream, const std::optional<GooString> &owner,
                                  const std::optional<GooString> &user, const std::function<void()> &onReconstructed) {
    using Password = const std::optional<GooString> &;
    using Callback = const std::function<void()> &;
    if constexpr (std::is_constructible_v<Doc, std::unique_ptr<BaseStream> &&, Password, Password, Callback>) {
        return std::make_unique<Doc>(std::move(stream), owner, user, onReconstructed);
    } else if constexpr (std::is_constructible_v<Doc, BaseStream *, Password, Password, Callback>) {
        return std::make_unique<Doc>(stream.release(), owner, user, onReconstructed);
    } else if constexpr (std::is_constructible_v<Doc, BaseStream *, Password, Password, void *, Callback>) {
        return std::make_unique<Doc>(stream.release(), owner, user, nullptr, onReconstructed);
    } else {
        static_assert(compat_detail::no_branch_for<Doc>, "make_pdf_doc: no PDFDoc constructor from a stream in this Poppler");
    }
}

} // namespace pageinfo

#endif

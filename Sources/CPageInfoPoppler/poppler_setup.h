// SPDX-License-Identifier: GPL-2.0-or-later
// Poppler's process-wide set-up, shared by the reader (pageinfo_poppler.cc) and the renderer
// (pageinfo_render.cc), each part done once, on first use, and only by what needs it.
#ifndef PAGEINFO_POPPLER_SETUP_H
#define PAGEINFO_POPPLER_SETUP_H

namespace pageinfo {

/// Installs the error callback that counts Poppler's diagnostics per document (none is ever
/// printed). Before any document opens.
void ensure_error_callback();

/// Creates Poppler's GlobalParams (font configuration, name-to-Unicode tables, encoding
/// directories), which text and rendering need and reading geometry does not: constructing and
/// destroying it costs about 4.5 million instructions, more than opening and walking a small
/// PDF, so only the renderer asks for it. Implies ensure_error_callback().
void ensure_global_params();

} // namespace pageinfo

#endif

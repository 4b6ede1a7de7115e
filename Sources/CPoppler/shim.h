// SPDX-License-Identifier: GPL-2.0-or-later
// System-library module for Poppler's core library (libpoppler). Its pkg-config entry (`poppler`,
// from libpoppler-dev) supplies the include path of Poppler's core headers (shipped by
// libpoppler-private-dev) and `-lpoppler`, and nothing else: no glib, gobject, gio, cairo or X11
// on the start-up path. The C++ shim in CPageInfoPoppler includes the core headers itself; Swift
// code never imports this module: it sees only the C ABI of CPageInfoPoppler/include/pageinfo_poppler.h.
#include <poppler-config.h>

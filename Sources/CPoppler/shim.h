// System-library module for Poppler. Its pkg-config entry (poppler-glib) supplies the include
// paths of both poppler-glib and Poppler's core headers (libpoppler-private-dev), which the
// C++ shim in CPageInfoPoppler uses. Swift code never imports this module directly: it sees
// only the C ABI declared in CPageInfoPoppler/include/pageinfo_poppler.h.
#include <poppler.h>

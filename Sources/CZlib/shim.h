// SPDX-License-Identifier: Apache-2.0
// zlib (pkg-config `zlib`, Debian's zlib1g-dev): DEFLATE and CRC-32 for the PNG writer. libpoppler
// already loads libz into every pageinfo process, so linking it adds no library at run time.
#include <zlib.h>

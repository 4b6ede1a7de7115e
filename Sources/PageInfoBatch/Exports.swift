// SPDX-License-Identifier: GPL-2.0-or-later
// What `import PageInfoBatch` brings besides collections: the whole reading product (a
// collection's documents come back as PageInfoReading's typed records), and PageListFormat, the
// one public type of PageInfoEncoding (a BatchJob's output format; the writers are `package`).
@_exported import PageInfoEncoding
@_exported import PageInfoReading

// SPDX-License-Identifier: GPL-2.0-or-later
// What one `import PageInfoReading` brings besides the reader: the modules whose public types its
// API hands back or takes, so that one import gives a Swift developer everything it names. Their
// other declarations are `package`: the package's own, not the library's.
//   PageGeometry     PageInfo, boxes, rotation, transforms (the pages of the records)
//   PageInfoRecords  the records (DocumentSummary, PageEntry, DocumentOutcome, ExitStatus…)
//   PageInfoPoppler  PopplerDocument, PageCursor and the reader's error, PageInfoError
//   PageInfoGrammar  PageRangeList, the page ranges a reader reads (nothing else of it is public)
@_exported import PageGeometry
@_exported import PageInfoGrammar
@_exported import PageInfoPoppler
@_exported import PageInfoRecords

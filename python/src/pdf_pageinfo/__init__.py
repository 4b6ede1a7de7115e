# SPDX-License-Identifier: Apache-2.0
"""pageinfo: the real geometry of every page of a PDF — boxes, /Rotate, /UserUnit, labels — and
the matrices between raw PDF space, the displayed page, rendered pixels and the coordinate
frames of PyMuPDF, pdfplumber, pdfminer.six, pypdfium2, pypdf, docling and the OCR and
document-AI results :mod:`pdf_pageinfo.results` reads (Tesseract, Textract, Document AI, Azure,
detectors).

    import pdf_pageinfo
    with pdf_pageinfo.open("scan.pdf") as doc:
        page = doc.pages[0]
        bitmap = page.bitmap(dpi=300)            # the pixels of pdftoppm -r 300 -cropbox
        pdf_box = bitmap.to_pdf((120, 80, 360, 140))   # a model's pixel box → PDF points
        for link in page.links:                  # page.annotations: all of them, raw PDF space
            print(bitmap.to_pixels(link.rect), link.destination or link.action)
    for page in pdf_pageinfo.iter_pages("huge.pdf"):  # one page at a time, in flat memory
        ...

Every rule is the ``pageinfo`` executable's (shipped in the wheel, or PAGEINFO_EXECUTABLE);
this package runs it and applies the matrices its records carry.
"""

from ._document import Document
from ._page import FRAMES, IMAGE_FRAMES, RENDERERS, Bitmap, Page, PageError
from ._picture import Picture
from ._reading import iter_pages, open, read_many
from ._errors import (BitmapUnavailable, DamagedPDF, ExecutableNotFound, FileNotFound, NotAPDF,
                      PageInfoError, PageUnreadable, PasswordRequired, ResultMismatch, Unreadable,
                      UsageError, VersionMismatch, WorkerFailed, WrongPassword)
from . import results
from ._executable import executable
from ._geometry import Box, Matrix, PdfWarning
from ._annotations import Action, Annotation, Appearance, Destination, Field, OutlineEntry, ViewState
from ._version import __version__

__all__ = [
    # (`open` is left out of `*`: it would shadow the builtin; write pdf_pageinfo.open.)
    "iter_pages", "read_many", "executable", "Document", "Page", "PageError", "Bitmap", "Box",
    "Matrix", "PdfWarning", "Annotation", "Appearance", "Field", "Action", "Destination", "ViewState", "OutlineEntry", "Picture", "FRAMES", "IMAGE_FRAMES", "RENDERERS", "PageInfoError", "ExecutableNotFound",
    "VersionMismatch", "UsageError", "NotAPDF", "PasswordRequired", "WrongPassword",
    "DamagedPDF", "FileNotFound", "Unreadable", "WorkerFailed", "PageUnreadable",
    "BitmapUnavailable", "ResultMismatch", "results", "__version__",
]

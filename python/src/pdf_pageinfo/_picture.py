# SPDX-License-Identifier: Apache-2.0
"""A picture the executable drew (``Page.draw``, ``Page.render``): PNG or SVG bytes, shown
inline by Jupyter, opened by Pillow when it is installed."""

from __future__ import annotations

import io
import struct
from typing import Any, Optional, Tuple


class Picture:
    """A picture ``pageinfo draw`` made: ``data`` its bytes (``format`` ``"png"`` or ``"svg"``),
    ``size`` its ``(width, height)`` in pixels. Jupyter shows it inline (``_repr_png_``,
    ``_repr_svg_``); ``to_pil()`` opens it with Pillow; ``save(path)`` writes it."""

    __slots__ = ("data", "format")

    def __init__(self, data: bytes, format: str) -> None:
        self.data = data
        self.format = format

    @property
    def size(self) -> Optional[Tuple[int, int]]:
        """``(width, height)`` in pixels, from the PNG header (None for SVG)."""
        if self.format != "png" or len(self.data) < 24 or self.data[:8] != b"\x89PNG\r\n\x1a\n":
            return None
        width, height = struct.unpack(">II", self.data[16:24])
        return (width, height)

    def to_pil(self) -> Any:
        """The picture as a PIL image (needs Pillow; PNG only)."""
        if self.format != "png":
            raise ValueError("to_pil() opens PNG pictures; this one is SVG")
        from PIL import Image
        image = Image.open(io.BytesIO(self.data))
        image.load()
        return image

    def save(self, path: str) -> None:
        with open(path, "wb") as f:
            f.write(self.data)

    def _repr_png_(self) -> Optional[bytes]:
        return self.data if self.format == "png" else None

    def _repr_svg_(self) -> Optional[str]:
        return self.data.decode("utf-8") if self.format == "svg" else None

    def __repr__(self) -> str:
        size = self.size
        return f"<Picture {self.format}" + (f" {size[0]}x{size[1]}" if size else "") + ">"

# SPDX-License-Identifier: Apache-2.0
"""Boxes and affine matrices, as the records carry them. Python only applies these matrices:
every rule (which box, which rotation, which rounding) is the ``pageinfo`` executable's."""

from __future__ import annotations

from numbers import Real
from typing import Any, Dict, Iterable, NamedTuple, Sequence, Tuple, Union

__all__ = ["Box", "Matrix", "PdfWarning"]


class PdfWarning(NamedTuple):
    """A warning of the records contract: a stable ``code`` and a one-line ``message``."""

    code: str
    message: str


class Box:
    """A rectangle as the records write it: lower-left corner ``x``, ``y`` and ``width``,
    ``height``, in the unit and space of where it comes from (raw PDF points for page boxes).

    ``x0, y0, x1, y1`` give its corners and ``rect`` the 4-tuple ``(x0, y0, x1, y1)`` that
    PyMuPDF, pdfplumber and pdfminer use. A Box is deliberately not a tuple: unpacked or passed
    where a 4-tuple is expected, ``(x, y, width, height)`` would pass for ``(x0, y0, x1, y1)``
    without an error; write ``box.rect`` there.
    """

    __slots__ = ("x", "y", "width", "height")

    def __init__(self, x: float, y: float, width: float, height: float) -> None:
        self.x, self.y, self.width, self.height = x, y, width, height

    @property
    def x0(self) -> float:
        return self.x

    @property
    def y0(self) -> float:
        return self.y

    @property
    def x1(self) -> float:
        return self.x + self.width

    @property
    def y1(self) -> float:
        return self.y + self.height

    @property
    def rect(self) -> Tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.width, self.y + self.height)

    def as_record(self) -> Dict[str, float]:
        """``{"x", "y", "width", "height"}``, as the records write a rectangle."""
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Box):
            return NotImplemented
        return (self.x, self.y, self.width, self.height) == (other.x, other.y, other.width, other.height)

    def __hash__(self) -> int:
        return hash((self.x, self.y, self.width, self.height))

    def __repr__(self) -> str:
        return f"Box(x={self.x!r}, y={self.y!r}, width={self.width!r}, height={self.height!r})"


Point = Tuple[float, float]
Rect = Tuple[float, float, float, float]
Geometry = Union[Point, Rect, Box, Sequence[Any], Any]


def _is_number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


class Matrix(NamedTuple):
    """An affine map of the plane, PDF's ``[a b c d e f]`` with ``e, f`` named ``tx, ty``:
    ``(x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty)``.

    ``apply`` maps a point ``(x, y)``, a rectangle ``(x0, y0, x1, y1)`` (its four corners, the
    result normalized to ``x0 ≤ x1``, ``y0 ≤ y1``), a :class:`Box` (a Box back), a list of any of
    these (a list back), or a numpy array of shape ``(N, 2)`` points or ``(N, 4)`` rectangles (an
    array back, vectorized).
    """

    a: float
    b: float
    c: float
    d: float
    tx: float
    ty: float

    @classmethod
    def _from_record(cls, m: Dict[str, float]) -> "Matrix":
        return cls(m["a"], m["b"], m["c"], m["d"], m["tx"], m["ty"])

    @classmethod
    def identity(cls) -> "Matrix":
        return cls(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def then(self, other: "Matrix") -> "Matrix":
        """This map followed by ``other``: ``self.then(other).apply(p) == other.apply(self.apply(p))``."""
        a, b, c, d, e, f = self
        A, B, C, D, E, F = other
        return Matrix(a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                      e * A + f * C + E, e * B + f * D + F)

    def inverse(self) -> "Matrix":
        """The inverse map; ``ValueError`` when the matrix is singular."""
        a, b, c, d, e, f = self
        det = a * d - b * c
        if det == 0:
            raise ValueError(f"{self} is singular and has no inverse")
        return Matrix(d / det, -b / det, -c / det, a / det,
                      (c * f - d * e) / det, (b * e - a * f) / det)

    def apply_point(self, x: float, y: float) -> Point:
        a, b, c, d, e, f = self
        return (a * x + c * y + e, b * x + d * y + f)

    def apply_rect(self, x0: float, y0: float, x1: float, y1: float) -> Rect:
        a, b, c, d, e, f = self
        xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e)
        ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f)
        return (min(xs), min(ys), max(xs), max(ys))

    def apply(self, geometry: Geometry) -> Any:
        if isinstance(geometry, Box):
            x0, y0, x1, y1 = self.apply_rect(*geometry.rect)
            return Box(x0, y0, x1 - x0, y1 - y0)
        shape = getattr(geometry, "shape", None)
        if shape is not None and hasattr(geometry, "dtype"):
            return self._apply_array(geometry)
        if isinstance(geometry, (str, bytes)):
            raise TypeError("expected a point, a rectangle, a Box, a list of them or an array")
        items = list(geometry)
        if items and all(_is_number(v) for v in items):
            if len(items) == 2:
                return self.apply_point(*items)
            if len(items) == 4:
                return self.apply_rect(*items)
            raise ValueError(f"a point has 2 numbers and a rectangle 4, not {len(items)}")
        return [self.apply(item) for item in items]

    def _apply_array(self, array: Any) -> Any:
        import numpy as np

        values = np.asarray(array, dtype=float)
        if values.ndim == 1 and values.shape[0] in (2, 4):
            return np.asarray(self.apply(values.tolist()))
        if values.ndim != 2 or values.shape[1] not in (2, 4):
            raise ValueError(f"expected an array of shape (N, 2) or (N, 4), not {values.shape}")
        a, b, c, d, e, f = self
        if values.shape[1] == 2:
            x, y = values[:, 0], values[:, 1]
            return np.stack((a * x + c * y + e, b * x + d * y + f), axis=1)
        x0, y0, x1, y1 = values[:, 0], values[:, 1], values[:, 2], values[:, 3]
        xs = np.stack((a * x0 + c * y0, a * x1 + c * y0, a * x0 + c * y1, a * x1 + c * y1)) + e
        ys = np.stack((b * x0 + d * y0, b * x1 + d * y0, b * x0 + d * y1, b * x1 + d * y1)) + f
        return np.stack((xs.min(axis=0), ys.min(axis=0), xs.max(axis=0), ys.max(axis=0)), axis=1)



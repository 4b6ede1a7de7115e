# SPDX-License-Identifier: Apache-2.0
"""The columns of ``pageinfo pages --format columns`` as this package keeps them: typed arrays,
compared and cut without turning them back into Python objects."""

from __future__ import annotations

import math
from array import array
from typing import Any, Dict, List, Tuple

from ._geometry import Matrix

# -- compact columns --------------------------------------------------------------------------
# A chunk's numeric columns are kept as typed arrays, not as the parsed JSON lists (about 1.1 KB
# of Python objects a page): numbers in points as array('d'), a null as NaN; whole numbers as
# array('q'), a null as _NO_INT. A column whose values do not fit (never written so by the
# executable) stays a list, and the accessors take both: a null is None, NaN or _NO_INT.

_NO_INT = -(1 << 63)
_NAN = math.nan
_INT_COLUMNS = ("index", "rotation", "rotationRaw")
_FLOAT_COLUMNS = ("userUnit",)
_FLOAT_GROUPS = ("mediaBox", "cropBox", "bleedBox", "trimBox", "artBox", "size", "transform")
_MATRIX_KEYS = {"a", "b", "c", "d", "tx", "ty"}
_NO_WARNINGS: Tuple[Any, ...] = ()


def _floats(values: List[Any]) -> Any:
    try:
        return array("d", values)
    except TypeError:
        pass
    try:
        return array("d", [_NAN if v is None else v for v in values])
    except TypeError:
        return values


def _ints(values: List[Any], nullable: bool = True) -> Any:
    if _NO_INT in values or (not nullable and None in values):
        return values
    try:
        return array("q", values)
    except (TypeError, OverflowError):
        pass
    try:
        return array("q", [_NO_INT if v is None else v for v in values])
    except (TypeError, OverflowError):
        return values


def _compact_matrices(value: Any, shared: Any) -> Any:
    """The matrices of the bitmap and frames columns (dicts of a … ty) as arrays."""
    if isinstance(value, dict):
        if value.keys() == _MATRIX_KEYS:
            return {k: shared(_floats(v)) for k, v in value.items()}
        return {k: _compact_matrices(v, shared) for k, v in value.items()}
    return value


def _compact(columns: Dict[str, Any]) -> Dict[str, Any]:
    """A chunk's columns as parsed, made compact in place (and returned). Equal columns of a
    chunk are one array (read-only, as all columns are): on most pages the BleedBox, TrimBox and
    ArtBox equal the CropBox, x and y are 0, /UserUnit 1 and /Rotate as written."""
    pool: Dict[Tuple[str, bytes], Any] = {}

    def shared(values: Any) -> Any:
        if type(values) is not array:
            return values
        return pool.setdefault((values.typecode, values.tobytes()), values)

    for name in _INT_COLUMNS:
        if name in columns:
            # (index has no null: if it had one, it would stay a list, and Page.index None.)
            columns[name] = shared(_ints(columns[name], nullable=name != "index"))
    for name in _FLOAT_COLUMNS:
        if name in columns:
            columns[name] = shared(_floats(columns[name]))
    for name in _FLOAT_GROUPS:
        group = columns.get(name)
        if isinstance(group, dict):
            columns[name] = {k: shared(_floats(v)) for k, v in group.items()}
    warnings = columns.get("warnings")
    if isinstance(warnings, list):
        # Most pages have none: one shared empty tuple, not a list each.
        columns["warnings"] = [w or _NO_WARNINGS for w in warnings]
    for name in ("bitmap", "frames"):
        if name in columns:
            columns[name] = _compact_matrices(columns[name], shared)
    return columns


def _is_null(value: Any) -> bool:
    """A null of a column: None (a list), NaN (array('d')) or _NO_INT (array('q'))."""
    return value is None or value != value or (type(value) is int and value == _NO_INT)


def _plain(column: Any) -> Any:
    if isinstance(column, dict):
        return {k: _plain(v) for k, v in column.items()}
    return [None if _is_null(v) else v for v in column]


def _same_column(a: Any, b: Any) -> bool:
    """Equal columns, nulls included (NaN is not equal to itself: arrays compare by bytes)."""
    if a is b:
        return True
    if a is None or b is None:
        return False
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys()
                and all(_same_column(a[k], b[k]) for k in a))
    if type(a) is array and type(b) is array and a.typecode == b.typecode:
        return a.tobytes() == b.tobytes()
    same: bool = _plain(a) == _plain(b)
    return same


def _matrix(column: Dict[str, Any], i: int) -> Matrix:
    return Matrix(column["a"][i], column["b"][i], column["c"][i], column["d"][i],
                  column["tx"][i], column["ty"][i])


def _row_of(columns: Dict[str, Any], row: int) -> Dict[str, Any]:
    """One row of a chunk's columns, as a chunk of one row (an array column as an array)."""
    return {k: (_row_of(v, row) if isinstance(v, dict)
                else array(v.typecode, (v[row],)) if type(v) is array else [v[row]])
            for k, v in columns.items()}

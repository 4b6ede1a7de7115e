# SPDX-License-Identifier: Apache-2.0
"""Matrix and Box: the only arithmetic the package does (applying and composing the matrices
the records carry), checked against values worked out by hand."""

import pytest

from conftest import need

from pdf_pageinfo import Box, Matrix

# Turn 90° clockwise about the origin then move by (10, 20): (x, y) ↦ (y + 10, −x + 20).
TURN = Matrix(0, -1, 1, 0, 10, 20)
SCALE = Matrix(2, 0, 0, -3, 5, 600)   # (x, y) ↦ (2x + 5, −3y + 600)


def test_points_and_rectangles():
    assert TURN.apply((1, 2)) == (12, 19)
    assert SCALE.apply((1, 2)) == (7, 594)
    # The corners (0,0) (4,0) (0,2) (4,2) go to (10,20) (10,16) (12,20) (12,16).
    assert TURN.apply((0, 0, 4, 2)) == (10, 16, 12, 20)
    assert TURN.apply(Box(0, 0, 4, 2)) == Box(10, 16, 2, 4)
    assert SCALE.apply([(0, 0), (1, 1, 2, 2)]) == [(5, 600), (7, 594, 9, 597)]
    with pytest.raises(ValueError):
        TURN.apply((1, 2, 3))
    with pytest.raises(TypeError):
        TURN.apply("1,2")


def test_composition_and_inverse():
    both = TURN.then(SCALE)            # TURN first: (x, y) ↦ (2(y + 10) + 5, −3(−x + 20) + 600)
    assert both.apply((1, 2)) == (2 * 12 + 5, -3 * 19 + 600)
    assert both == Matrix(0, 3, 2, 0, 25, 540)
    assert TURN.inverse() == Matrix(0, 1, -1, 0, 20, -10)
    assert TURN.inverse().apply((12, 19)) == (1, 2)
    assert SCALE.then(SCALE.inverse()).apply((3.5, -7.25)) == pytest.approx((3.5, -7.25))
    assert Matrix.identity().apply((3, 4)) == (3, 4)
    with pytest.raises(ValueError):
        Matrix(1, 2, 2, 4, 0, 0).inverse()


def test_numpy_arrays_match_the_scalar_path():
    np = need("numpy")
    points = np.array([[0, 0], [1, 2], [-3.5, 7.25]])
    rects = np.array([[0, 0, 4, 2], [1, 1, 2, 2], [-5, -6, 3, 4]])
    for matrix in (TURN, SCALE, TURN.then(SCALE)):
        assert matrix.apply(points).tolist() == [list(matrix.apply(tuple(p))) for p in points.tolist()]
        assert matrix.apply(rects).tolist() == [list(matrix.apply(tuple(r))) for r in rects.tolist()]
    assert TURN.apply(np.array([1, 2])).tolist() == [12, 19]
    with pytest.raises(ValueError):
        TURN.apply(np.zeros((3, 3)))


def test_box_corners():
    box = Box(20, 30, 400, 600)
    assert (box.x0, box.y0, box.x1, box.y1) == (20, 30, 420, 630)
    assert box.rect == (20, 30, 420, 630)

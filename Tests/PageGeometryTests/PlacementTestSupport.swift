// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoTestSupport

/// The largest absolute coordinate of a rectangle.
func magnitude(_ r: Rect) -> Double { Swift.max(abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY)) }
func magnitude(_ p: Point) -> Double { Swift.max(abs(p.x), abs(p.y)) }


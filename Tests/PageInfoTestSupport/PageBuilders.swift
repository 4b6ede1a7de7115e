// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// A page whose five boxes are all `crop` (raw PDF user space, points).
public func makePage(index: Int = 0, crop: Rect, rotation: PageRotation, userUnit: Double = 1) -> PageInfo {
    PageInfo(index: index, boxes: PageBoxes(uniform: crop), rotation: rotation, userUnit: userUnit)
}

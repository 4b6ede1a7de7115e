// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// Why a value's text does not follow its grammar or is beyond ``InputLimits``. Its
/// ``description`` is one sentence without the value's name (the caller adds which option or
/// field it came from), e.g. `'abc' is not a finite number`.
package enum GrammarError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not a finite number.
    case notANumber(String)
    /// The number's magnitude is beyond ``InputLimits/magnitude``.
    case beyondMagnitude(Double)
    /// The wrong count of numbers; the associated text names the expected form, e.g. `x,y`.
    case expectedForm(String)
    /// A size without two parts.
    case notASize
    /// A size whose width or height is not positive.
    case nonPositiveSize
    /// A viewport of zero width.
    case zeroWidthViewport
    /// An inset below zero.
    case negativeInsets
    /// A length below zero.
    case negativeLength
    /// A zoom scale outside ``InputLimits/zoom``.
    case zoomOutOfRange
    /// A resolution outside ``InputLimits/dotsPerInch``.
    case resolutionOutOfRange
    /// Not a whole number of pages, or a negative one.
    case notAPageCount
    /// More pages than ``InputLimits/pageCount``.
    case tooManyPages
    /// Not a whole number.
    case notAPageNumber
    /// A page number below 1.
    case pageNumberBelowOne(Int)
    /// A box name that is not one of the five boxes; the name as given.
    case notABox(String)
    /// A convert item that is not `x,y` or `x,y,w,h` of finite numbers within the limits; the
    /// text as given.
    case malformedItem(String)

    /// One line for a person: what was wrong with the value, quoting it as given.
    package var description: String {
        switch self {
        case .notANumber(let text): "'\(text)' is not a finite number"
        case .beyondMagnitude(let value): "\(formatCompact(value)) is beyond the limit of ±10^12"
        case .expectedForm(let form): "expected \(form)"
        case .notASize: "expected WIDTHxHEIGHT, e.g. 800x600"
        case .nonPositiveSize: "the width and height must be positive (at least 10^-9), e.g. 800x600"
        case .zeroWidthViewport: "zero width (or below 10^-9); the view needs a width of page space to show"
        case .negativeInsets: "insets must not be negative"
        case .negativeLength: "must be 0 or more"
        case .zoomOutOfRange: "a zoom scale must be between 10^-6 and 10^6 (1 = fitted)"
        case .resolutionOutOfRange: "a resolution must be between 0.001 and 100000 dpi"
        case .notAPageCount: "expected a page count, 0 or more"
        case .tooManyPages: "at most 10000000 pages (layout commands handle up to 10,000,000)"
        case .notAPageNumber: "expected a page number"
        case .pageNumberBelowOne(let n): "pages are numbered from 1, got \(n)"
        case .notABox(let name): "'\(name)' is not a box; use media, crop, bleed, trim or art (or none alone)"
        case .malformedItem(let text): ConvertItem.problem(text)
        }
    }
}

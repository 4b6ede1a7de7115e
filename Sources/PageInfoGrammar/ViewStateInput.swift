// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageInfoSystem

#if canImport(Glibc)
import Glibc
#endif

/// Why ``ValueGrammar/viewState(textOrStandardInput:)`` has no view state.
package enum ViewStateInputError: Error, Sendable, CustomStringConvertible {
    /// Standard input could not be read, or holds more than ``ValueGrammar/viewStateByteLimit``
    /// bytes (`EFBIG`).
    case unreadable(SystemCallError)
    /// The text is not a view state (``ValueGrammar/viewState(_:)``'s error).
    case invalid(GrammarError)

    /// `more than 16 MiB, more than a view state can be`, the read error
    /// (`read standard input: Is a directory (errno 21)`), or the grammar's message.
    package var description: String {
        switch self {
        case .unreadable(let error) where error.code == EFBIG: "more than 16 MiB, more than a view state can be"
        case .unreadable(let error): error.description
        case .invalid(let error): error.description
        }
    }
}

extension ValueGrammar {
    /// The most bytes of standard input read for one view state: 16 MiB (a view state is a few
    /// hundred bytes).
    package static let viewStateByteLimit = 16 << 20

    /// A view state given as JSON text (``viewState(_:)``), or, when `text` is `-`, read from
    /// all of standard input (at most ``viewStateByteLimit`` bytes; invalid UTF-8 is repaired
    /// before parsing): what `viewstate restore --state` takes.
    ///
    /// - Throws: ``ViewStateInputError``.
    package static func viewState(textOrStandardInput text: String) throws(ViewStateInputError) -> ViewState {
        var json = text
        if text == "-" {
            do { json = String(decoding: try OpenFile.standardInput.readAll(limit: viewStateByteLimit), as: UTF8.self) } catch {
                throw .unreadable(error)
            }
        }
        do { return try viewState(json) } catch { throw .invalid(error) }
    }
}

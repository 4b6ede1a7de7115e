// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoRecords

/// A failure phrased for a person, with the exit status it means: the CLI's, not the libraries'
/// (they throw typed errors, which `ExitFailure.init(_:)` turns into one of these in the
/// command's wording). A command prints `message` as its one line on stderr and exits with
/// `status`.
public struct ExitFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line for a person: what failed, naming the file or option, and what to do.
    public var message: String
    /// The exit status the failure means.
    public var status: ExitStatus

    /// A failure with its one-line `message` and the exit status it means.
    public init(_ message: String, status: ExitStatus) {
        self.message = message
        self.status = status
    }

    /// The ``message``.
    public var description: String { message }

    /// `text` as one line for stderr (PageInfoRecords' `oneLine(_:)`).
    public static func oneLine(_ text: String) -> String { PageInfoRecords.oneLine(text) }
}

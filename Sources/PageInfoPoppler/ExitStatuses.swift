// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoRecords

// The kind of each of this module's errors and its exit status by the one mapping
// (`FailureKind.exitStatus`). Each is a `ClassifiedError`: a command turns it into its message
// and exit status.

extension PageInfoError: ClassifiedError {}

extension RenderError: ClassifiedError {
    /// `softwareFailure` when the bitmap does not fit in memory, `usage` for a request the
    /// renderer refuses (a size or region out of bounds), `malformed` when the file cannot be
    /// opened for rendering or the page cannot be rendered.
    package var kind: FailureKind {
        switch self {
        case .outOfMemory: .softwareFailure
        case .invalidRequest: .usage
        case .cannotOpen, .pageUnreadable, .pageNotInTree: .malformed
        }
    }

    /// 70, 64 or 65: the exit status of the ``kind``.
    package var exitStatus: ExitStatus { kind.exitStatus }
}

extension PageSizesError: ClassifiedError {
    /// `usage` for a document of more pages than the caller's limit, `malformed` for a page
    /// whose size cannot be read.
    public var kind: FailureKind {
        switch self {
        case .tooManyPages: .usage
        case .pageUnreadable: .malformed
        }
    }

    /// 64 or 65: the exit status of the ``kind``.
    public var exitStatus: ExitStatus { kind.exitStatus }
}

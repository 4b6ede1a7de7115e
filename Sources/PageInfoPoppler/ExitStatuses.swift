// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoRecords

// The exit status of each of this module's errors, in the one order of outcomes
// (`ExitStatus`), and failures phrased for a person from them.

extension RenderError {
    /// 70 (`ExitStatus.softwareFailure`) when the bitmap does not fit in
    /// memory, 64 (usage) for a request the renderer refuses (a size or region out of bounds),
    /// 65 (malformed) when the file cannot be opened for rendering or the page cannot be rendered.
    public var exitStatus: ExitStatus {
        switch self {
        case .outOfMemory: .softwareFailure
        case .invalidRequest: .usage
        case .cannotOpen, .pageUnreadable, .pageNotInTree: .malformed
        }
    }
}

extension PageSizesError {
    /// 64 (usage) for a document of more pages than the caller's limit, 65 (malformed) for a
    /// page whose size cannot be read.
    public var exitStatus: ExitStatus {
        switch self {
        case .tooManyPages: .usage
        case .pageUnreadable: .malformed
        }
    }
}

extension ExitFailure {
    /// The failure for a document that cannot be opened or read: its message and exit status.
    public init(_ error: PageInfoError) { self.init(error.description, status: error.exitStatus) }

    /// The failure for a page that cannot be rendered: its message and exit status.
    public init(_ error: RenderError) { self.init(error.description, status: error.exitStatus) }

    /// The failure for page sizes that cannot be read: its message and exit status.
    public init(_ error: PageSizesError) { self.init(error.description, status: error.exitStatus) }
}

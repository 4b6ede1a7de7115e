// SPDX-License-Identifier: Apache-2.0

/// A setting of the libraries that a message may have to name: a limit that was reached, an
/// option that failed a file, a choice that an earlier run made differently. Each is named by
/// ``Wording/name(_:)`` in the words of whoever set it.
public enum Setting: Sendable, Hashable, CaseIterable {
    /// Any page error or warning fails the file (`DocumentReader.strict`; `--strict`).
    case strict
    /// The pages to read (`DocumentReader.ranges`; `--pages`).
    case pages
    /// The most read from a stream, in MiB (`DocumentReader.maxStreamMiB`; `--max-input-size`).
    case maxInputSize
    /// A batch worker's memory limit, in MiB (`BatchConfiguration.maxMemoryMiB`; `--max-memory`).
    case maxMemory
    /// A batch worker's time limit per file, in seconds (`BatchConfiguration.timeout`; `--timeout`).
    case timeout
    /// The largest request a worker accepts, in bytes (`WorkerOptions.maxRequestBytes`;
    /// `--max-request-bytes`).
    case maxRequestBytes
    /// The libraries whose frames each page record carries (`frames`; `--frames`).
    case frames
    /// A bitmap's resolution (`BitmapRequest.Size.dotsPerInch`; `--dpi`).
    case dpi
    /// A bitmap's pixel size (`BitmapRequest.Size.pixelSize`; `--bitmap-size`).
    case bitmapSize
    /// How a page is fitted into a pixel size (`PageFit`; `--fit`).
    case fit
    /// The renderer a bitmap's numbers are for (`BitmapRequest.renderer`; `--renderer`).
    case renderer
    /// The view annotation records' `view` rectangles are for (`BatchOutput.annotationView`; `--view`).
    case view
    /// Records one a line (`PageListFormat.jsonl`; `--format jsonl`).
    case jsonLines
    /// Records in chunks (`PageListFormat.columns`; `--format columns`).
    case columns
    /// The worker executable of a batch (`BatchConfiguration.worker`; `--worker`).
    case worker
    /// Continuing an interrupted run's output (`BatchJob.Destination.file`'s `resume`; `--resume`).
    case resume
    /// The output file (`BatchJob.Destination.file`; `-o FILE`).
    case output
    /// One golden per PDF (`GoldenPairing.files`; `--golden`).
    case golden
    /// A folder of goldens (`GoldenPairing.directory`; `--golden-dir`).
    case goldenDirectory
    /// Re-recording goldens (`GoldenCheck.update`; `--update`).
    case update
    /// The password of encrypted files (`DocumentReader.password`, `GoldenCheck.password`;
    /// `--password-file FILE, PAGEINFO_PASSWORD or --password`, the CLI's three ways to give it).
    case password
}

/// Whose words a library's message uses for the settings it names (``Setting``): a Swift
/// program's (``library``, the default: the names of the properties and parameters it set) or
/// `pageinfo`'s (``commandLine``: the options a person typed). The CLI asks for
/// ``commandLine``; nothing else in a message changes.
public enum Wording: Sendable, Hashable, CaseIterable {
    /// The Swift names: `strict`, `ranges`, `maxMemoryMiB`, `timeout`, …
    case library
    /// `pageinfo`'s options: `--strict`, `--pages`, `--max-memory`, `--timeout`, …
    case commandLine

    /// The one name of `setting` in this wording.
    public func name(_ setting: Setting) -> String {
        switch self {
        case .library:
            switch setting {
            case .strict: "strict"
            case .pages: "ranges"
            case .maxInputSize: "maxStreamMiB"
            case .maxMemory: "maxMemoryMiB"
            case .timeout: "timeout"
            case .maxRequestBytes: "maxRequestBytes"
            case .frames: "frames"
            case .dpi: "dotsPerInch"
            case .bitmapSize: "pixelSize"
            case .fit: "fit"
            case .renderer: "renderer"
            case .view: "annotationView"
            case .jsonLines: "jsonl"
            case .columns: "columns"
            case .worker: "BatchConfiguration.worker"
            case .resume: "resume"
            case .output: "output file"
            case .golden: "GoldenPairing.files"
            case .goldenDirectory: "GoldenPairing.directory"
            case .update: "update"
            case .password: "password"
            }
        case .commandLine:
            switch setting {
            case .strict: "--strict"
            case .pages: "--pages"
            case .maxInputSize: "--max-input-size"
            case .maxMemory: "--max-memory"
            case .timeout: "--timeout"
            case .maxRequestBytes: "--max-request-bytes"
            case .frames: "--frames"
            case .dpi: "--dpi"
            case .bitmapSize: "--bitmap-size"
            case .fit: "--fit"
            case .renderer: "--renderer"
            case .view: "--view"
            case .jsonLines: "--format jsonl"
            case .columns: "--format columns"
            case .worker: "--worker"
            case .resume: "--resume"
            case .output: "-o FILE"
            case .golden: "--golden"
            case .goldenDirectory: "--golden-dir"
            case .update: "--update"
            case .password: "--password-file FILE, PAGEINFO_PASSWORD or --password"
            }
        }
    }
}

extension ClassifiedError {
    /// The `description`, the same in every wording: what an error without settings to name
    /// says (an error that names one implements ``message(_:)``).
    public func message(_ wording: Wording) -> String { description }
}

/// `text` as one line for stderr: a control character (a newline or tab in a file name, an
/// escape sequence) is written as `\n`, `\r`, `\t` or `\xNN`, so that a message is always one
/// line and cannot drive the terminal.
public func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
    var line = ""
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x0A: line += "\\n"
        case 0x0D: line += "\\r"
        case 0x09: line += "\\t"
        case 0..<0x20, 0x7F:
            let hex = String(scalar.value, radix: 16)
            line += "\\x" + (hex.count < 2 ? "0" : "") + hex
        default: line.unicodeScalars.append(scalar)
        }
    }
    return line
}

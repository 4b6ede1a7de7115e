// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Testing)
import Testing
#endif

/// The independent validator of docs/records.schema.json: Python's `jsonschema` (Draft 2020-12).
/// The same rule as ``Corpus``:
/// - the interpreter is `$PAGEINFO_PYTHON` when set (`make test` sets `/usr/bin/python3` and
///   installs Debian's `python3-jsonschema` for it), else `python3` on the PATH;
/// - the schema tests run when it imports `jsonschema`, and are **skipped** with the reason
///   otherwise (a plain `swift test` on a machine without it);
/// - under `CI=true` they **run anyway** and fail at ``requirePresent()`` with what is missing,
///   so CI can never skip them silently.
public enum SchemaValidator {
    /// The Python interpreter, as `/usr/bin/env` runs it.
    public static let python: String = {
        let value = ProcessInfo.processInfo.environment["PAGEINFO_PYTHON"] ?? ""
        return value.isEmpty ? "python3" : value
    }()

    /// The validator as an ``ExternalTool``: `python` (looked up on the PATH as `/usr/bin/env`
    /// would, or its absolute path) importing `jsonschema` with its Draft 2020-12 validator.
    public static let tool = ExternalTool(python, package: "python3-jsonschema",
                                          probe: ["-c", "import jsonschema; jsonschema.Draft202012Validator"])

    /// Whether `python` imports `jsonschema` and has its Draft 2020-12 validator.
    public static let isAvailable: Bool = tool.isAvailable

    /// Whether the schema tests run: when the validator is there, or when `CI=true` requires it.
    public static var shouldRun: Bool { isAvailable || Corpus.isRequired }

    public static var skipReason: String {
        "\(python) cannot import jsonschema (make test installs python3-jsonschema and sets PAGEINFO_PYTHON; under CI=true this is a failure)"
    }

    /// Throws, with what is missing, when the validator is not there.
    public static func requirePresent() throws {
        guard isAvailable else { throw Missing() }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            let why: String
            switch SchemaValidator.tool.locate() {
            case .failure(let missing): why = missing.reason
            case .success: why = "it was missing when the run started"
            }
            return "the schema validator is required (CI=\(ProcessInfo.processInfo.environment["CI"] ?? "")) but \(SchemaValidator.python) "
                + "cannot import jsonschema (Draft 2020-12): \(why); run `make test`, or install python3-jsonschema and set PAGEINFO_PYTHON"
        }
    }
}

#if canImport(Testing)
extension Trait where Self == ConditionTrait {
    /// Runs the test only when Python's jsonschema is there (or `CI=true` requires it); otherwise
    /// it is reported as skipped, with the reason. See ``SchemaValidator``.
    public static var requiresSchemaValidator: Self {
        .enabled(if: SchemaValidator.shouldRun, Comment(rawValue: SchemaValidator.skipReason))
    }
}
#endif

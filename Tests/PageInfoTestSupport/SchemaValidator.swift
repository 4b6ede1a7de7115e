// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Testing)
import Testing
#endif

/// The independent validator of docs/records.schema.json: a Python Draft 2020-12 validator,
/// `jsonschema_rs` (jsonschema-rs, from PyPI) where the interpreter has it, else `jsonschema`
/// (Debian's `python3-jsonschema`). `make test` gives the tests the oracles' venv, which holds
/// jsonschema-rs: on the schema tests' 12,053 distinct lines and 464 documents it takes 0.9 s of
/// CPU where `jsonschema` takes 55 s, and it judged 2,400 mutated records (1,669 invalid) as
/// `jsonschema` does (2026-12-07). The chroots of `make poppler-compat` use Debian's.
/// The same rule as ``Corpus``:
/// - the interpreter is `$PAGEINFO_SCHEMA_PYTHON` when set, else `$PAGEINFO_PYTHON` when set,
///   else `python3` on the PATH;
/// - the schema tests run when it imports either validator, and are **skipped** with the reason
///   otherwise (a plain `swift test` on a machine without it);
/// - under `CI=true` they **run anyway** and fail at ``requirePresent()`` with what is missing,
///   so CI can never skip them silently.
public enum SchemaValidator {
    /// The Python interpreter, as `/usr/bin/env` runs it.
    public static let python: String = {
        let environment = ProcessInfo.processInfo.environment
        for name in ["PAGEINFO_SCHEMA_PYTHON", "PAGEINFO_PYTHON"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return "python3"
    }()

    /// Python that binds `Validator` to the Draft 2020-12 validator class of whichever library
    /// the interpreter has, and `where(error)` to the path of the value an error is about; the
    /// two libraries' classes take a schema and give `iter_errors(instance)` and `is_valid`.
    public static let prelude = """
        try:
            from jsonschema_rs import Draft202012Validator as Validator
        except ImportError:
            from jsonschema import Draft202012Validator as Validator
        def where(error):
            return list(getattr(error, "instance_path", None) or getattr(error, "absolute_path", None) or [])

        """

    /// The validator as an ``ExternalTool``: `python` (looked up on the PATH as `/usr/bin/env`
    /// would, or its absolute path) running ``prelude``.
    public static let tool = ExternalTool(python, package: "python3-jsonschema",
                                          probe: ["-c", prelude + "Validator"])

    /// Whether `python` imports `jsonschema_rs` or `jsonschema` with its Draft 2020-12 validator.
    public static let isAvailable: Bool = tool.isAvailable

    /// Whether the schema tests run: when the validator is there, or when `CI=true` requires it.
    public static var shouldRun: Bool { isAvailable || Corpus.isRequired }

    public static var skipReason: String {
        "\(python) cannot import jsonschema_rs or jsonschema (make test gives PAGEINFO_SCHEMA_PYTHON the oracles' venv; under CI=true this is a failure)"
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
                + "cannot import jsonschema_rs or jsonschema (Draft 2020-12): \(why); run `make test`, or install python3-jsonschema and set PAGEINFO_PYTHON"
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

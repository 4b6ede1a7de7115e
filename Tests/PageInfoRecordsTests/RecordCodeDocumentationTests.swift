// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoRecords
import PageInfoTestSupport
import Testing

/// The codes of `ReadWarning` and `PageReadError` are the ones docs/records.schema.json allows
/// and docs/records.md explains, no more, no fewer.
@Suite("The warning and page-error codes the docs list")
struct RecordCodeDocumentationTests {
    /// Every `enum` array of the schema (at any depth) that holds `member`.
    static func schemaEnums(holding member: String) throws -> [Set<String>] {
        let url = Paths.packageRoot.appendingPathComponent("docs/records.schema.json")
        var found: [Set<String>] = []
        func visit(_ value: Any) {
            if let object = value as? [String: Any] {
                if let values = object["enum"] as? [String], values.contains(member) { found.append(Set(values)) }
                object.values.forEach(visit)
            } else if let array = value as? [Any] {
                array.forEach(visit)
            }
        }
        visit(try JSONSerialization.jsonObject(with: Data(contentsOf: url)))
        return found
    }

    @Test("records.schema.json enumerates exactly ReadWarning.Code and PageReadError.Code; records.md has a row or a mention for each")
    func codesMatch() throws {
        let warnings = Set(ReadWarning.Code.allCases.map(\.rawValue)), errors = Set(PageReadError.Code.allCases.map(\.rawValue))
        #expect(try Self.schemaEnums(holding: "xref-repaired") == [warnings])
        #expect(try Self.schemaEnums(holding: "kid-missing") == [errors])
        let records = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/records.md"), encoding: .utf8)
        for code in warnings { #expect(records.contains("| `\(code)` |"), "records.md has no row for \(code)") }
        for code in errors { #expect(records.contains("`\(code)`"), "records.md does not name \(code)") }
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoEncoding
import PageInfoRecords

/// The report of a `pageinfo check` run over one or more files, as text for people, JSON for
/// tools, or JUnit XML for CI systems.
package struct CheckReport: Sendable {
    /// One result per file, in the order checked.
    package var results: [FileCheck]
    /// The tolerance used, points.
    package var tolerance: Double
    /// The fields compared.
    package var fields: CheckFields
    /// Whether goldens were being rewritten.
    package var update: Bool
    /// Whose words the files' errors use for the settings they name (``CheckError/message(_:)``).
    package var wording: Wording

    /// A report of `results`, checked with `tolerance` (points) and `fields`; `update` when the
    /// goldens were being rewritten; errors in `wording`.
    package init(results: [FileCheck], tolerance: Double, fields: CheckFields, update: Bool = false, wording: Wording = .library) {
        self.results = results; self.tolerance = tolerance; self.fields = fields; self.update = update; self.wording = wording
    }

    /// The output formats (`--format`).
    package enum Format: String, Sendable, CaseIterable {
        /// One line per difference, naming the file and page, then a summary line.
        case text
        /// One JSON document (compact, one line).
        case json
        /// JUnit XML: a test suite per file, a test case per page.
        case junit
    }

    /// The report in `format`.
    package func render(_ format: Format) -> String {
        switch format {
        case .text: text
        case .json: json
        case .junit: junit
        }
    }

    // MARK: - Counts

    /// All differences, over every file.
    package var differenceCount: Int { results.reduce(0) { $0 + $1.differences.count } }
    /// Files with at least one difference.
    package var differingFileCount: Int { results.count { !$0.differences.isEmpty } }
    /// Files that could not be checked (unreadable PDF or golden, golden not written).
    package var failedFileCount: Int { results.count { $0.error != nil } }
    /// Golden pages compared, over the files that could be checked.
    package var comparedPageCount: Int { results.reduce(0) { $0 + ($1.error == nil ? $1.pages.count : 0) } }

    // MARK: - Text

    /// Every difference as `FILE: page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)`, what
    /// `--update` did to each golden, and a summary line. Files that could not be checked are
    /// only counted here: the CLI reports them on stderr.
    package var text: String {
        var out = ""
        for result in results { out += Self.text(for: result) }
        out += summaryLine + "\n"
        return out
    }

    /// The text lines of one file (empty when it matches, or could not be checked), so that a
    /// caller can print each file's lines as soon as it is checked and the summary at the end.
    package static func text(for result: FileCheck) -> String {
        guard result.error == nil else { return "" }
        var out = ""
        for difference in result.differences { out += "\(result.file): \(difference)\n" }
        switch result.update {
        case nil, .unchanged?: break
        case .created?:
            let n = result.currentPageCount
            out += "\(result.file): recorded \(result.golden) (\(n) page\(n == 1 ? "" : "s"))\n"
        case .rewritten?:
            out += "\(result.file): updated \(result.golden)\(result.differences.isEmpty ? " (no difference beyond the tolerance)" : "")\n"
        case .replacedInvalid(let detail)?:
            out += "\(result.file): replaced \(result.golden), which was not a golden (\(detail))\n"
        }
        return out
    }

    /// `OK: 3 files, 27 pages match their goldens (tolerance 0.01 pt)`,
    /// `FAILED: 2 differences in 1 of 3 files (tolerance 0.01 pt)`, …
    package var summaryLine: String {
        var settings = "tolerance \(formatCompact(tolerance)) pt"
        if fields != .all { settings += "; fields \(fields)" }
        let failed = failedFileCount, compared = results.count - failed
        func files(_ n: Int) -> String { "\(n) file\(n == 1 ? "" : "s")" }
        if update {
            let written = results.count { $0.error == nil && $0.update != nil && $0.update != .unchanged }
            let unreadable = failed == 0 ? "" : "; \(files(failed)) could not be checked"
            return "UPDATED: \(written) of \(results.count) golden\(results.count == 1 ? "" : "s") rewritten, "
                + "\(differenceCount) difference\(differenceCount == 1 ? "" : "s") recorded\(unreadable) (\(settings))"
        }
        let matching = "\(files(compared)) (\(pages(comparedPageCount))) match\(compared == 1 ? "es its golden" : " their goldens")"
        if differenceCount == 0 && failed == 0 { return "OK: \(matching) (\(settings))" }
        if differenceCount == 0 {
            return "FAILED: \(failed) of \(files(results.count)) could not be checked"
                + (compared > 0 ? "; the other \(matching)" : "") + " (\(settings))"
        }
        let unreadable = failed == 0 ? "" : "; \(failed) more could not be checked"
        return "FAILED: \(differenceCount) difference\(differenceCount == 1 ? "" : "s") in \(differingFileCount) of "
            + "\(files(compared))\(unreadable) (\(settings))"
    }

    private func pages(_ n: Int) -> String { "\(n) page\(n == 1 ? "" : "s")" }

    // MARK: - JSON

    /// `{"tolerance", "fields", "update", "files": [{"file", "golden", "status", "pageCount",
    /// "update", "error", "differences": [{"kind", "page", "index", "label", "field", "expected",
    /// "actual", "delta", "unit", "message"}]}], "summary": {…}}`, one line.
    ///
    /// `status` is `ok`, `differs` or `error`; `page` is 1-based and `index` 0-based (both `null`
    /// for the document); `expected` and `actual` are numbers, strings or `null`. A PDF name that
    /// is not valid UTF-8 is spelled exactly in `file` and in a message quoting it (`\udcXX`,
    /// ``FileCheck/exactFileName``), as `pageinfo pages` spells it.
    package var json: String {
        var out = ByteWriter()
        out.append("{\"tolerance\":"); out.append(number: tolerance)
        out.append(",\"fields\":[")
        for (i, (name, _)) in CheckFields.names.filter({ fields.contains($0.1) }).enumerated() {
            if i > 0 { out.append(",") }
            out.append(jsonString: name)
        }
        out.append("],\"update\":"); out.append(update ? "true" : "false")
        out.append(",\"files\":[")
        for (i, result) in results.enumerated() {
            if i > 0 { out.append(",") }
            out.exactFileName = result.exactFileName
            defer { out.exactFileName = nil }
            out.append("{\"file\":"); out.append(jsonNamingFile: result.file)
            out.append(",\"golden\":"); out.append(jsonString: result.golden)
            out.append(",\"status\":")
            out.append(result.error != nil ? "\"error\"" : result.differences.isEmpty ? "\"ok\"" : "\"differs\"")
            out.append(",\"pageCount\":")
            if result.error == nil { out.append(int: result.currentPageCount) } else { out.append("null") }
            out.append(",\"update\":")
            switch result.update {
            case nil: out.append("null")
            case .created?: out.append("\"created\"")
            case .rewritten?: out.append("\"rewritten\"")
            case .unchanged?: out.append("\"unchanged\"")
            case .replacedInvalid?: out.append("\"replaced\"")
            }
            out.append(",\"error\":")
            if let error = result.error {
                out.append(jsonError: error.code, message: error.message(wording), namingFile: true)
            } else {
                out.append("null")
            }
            out.append(",\"differences\":[")
            for (j, d) in result.differences.enumerated() {
                if j > 0 { out.append(",") }
                out.append("{\"kind\":"); out.append(jsonString: d.kind.rawValue)
                out.append(",\"page\":"); if let p = d.pageIndex { out.append(int: p + 1) } else { out.append("null") }
                out.append(",\"index\":"); if let p = d.pageIndex { out.append(int: p) } else { out.append("null") }
                out.append(",\"label\":"); out.append(jsonString: d.label)
                out.append(",\"field\":"); out.append(jsonString: d.field)
                out.append(",\"expected\":"); out.append(json: d.expected)
                out.append(",\"actual\":"); out.append(json: d.actual)
                out.append(",\"delta\":"); if let delta = d.delta { out.append(number: delta) } else { out.append("null") }
                out.append(",\"unit\":"); out.append(jsonString: d.unit)
                out.append(",\"message\":"); out.append(jsonString: d.description)
                out.append("}")
            }
            out.append("]}")
        }
        out.append("],\"summary\":{\"files\":"); out.append(int: results.count)
        out.append(",\"matching\":"); out.append(int: results.count { $0.matches })
        out.append(",\"differing\":"); out.append(int: differingFileCount)
        out.append(",\"failed\":"); out.append(int: failedFileCount)
        out.append(",\"differences\":"); out.append(int: differenceCount)
        out.append(",\"pages\":"); out.append(int: comparedPageCount)
        out.append("}}\n")
        return out.string
    }

    // MARK: - JUnit XML

    /// JUnit XML as Jenkins, GitLab, GitHub Actions reporters and Maven Surefire read it: a
    /// `<testsuite>` per file (named by the file), a `<testcase>` per golden page (`page 3 (iii)`),
    /// one per page added, and one named `document` for the page count and file-level changes.
    /// A difference is a `<failure>` whose text is the report lines; a file that could not be
    /// checked is a suite with one test case holding an `<error>`.
    package var junit: String {
        var body = ""
        var totalTests = 0, totalFailures = 0, totalErrors = 0
        for result in results {
            var cases: [(name: String, lines: [String])] = []
            if let error = result.error {
                let suite = "  <testsuite name=\(XMLEscaper.attribute(result.file)) tests=\"1\" failures=\"0\" errors=\"1\">\n"
                    + "    <testcase name=\"open\" classname=\(XMLEscaper.attribute(result.file))>\n"
                    + "      <error message=\(XMLEscaper.attribute(error.message(wording))) type=\(XMLEscaper.attribute(error.code))/>\n"
                    + "    </testcase>\n  </testsuite>\n"
                body += suite
                totalTests += 1; totalErrors += 1
                continue
            }
            var documentLines: [String] = []
            var byGoldenPage: [Int: [String]] = [:]
            var added: [(GeometryDifference)] = []
            for d in result.differences {
                if d.kind == .pageAdded {
                    added.append(d)
                } else if let index = d.pageIndex {
                    byGoldenPage[index, default: []].append(d.description)
                } else {
                    documentLines.append(d.description)
                }
            }
            if fields.contains(.count) || !documentLines.isEmpty { cases.append(("document", documentLines)) }
            var listed = Set<Int>()
            for page in result.pages {
                listed.insert(page.index)
                cases.append((page.name, byGoldenPage[page.index] ?? []))
            }
            // Differences about a golden page the list does not hold (never, for goldens read
            // whole) still appear.
            for (index, lines) in byGoldenPage.sorted(by: { $0.key < $1.key }) where !listed.contains(index) {
                cases.append((GeometryDifference.pageName(index: index, label: nil), lines))
            }
            for d in added { cases.append(("\(d.subject), added", [d.description])) }
            let failures = cases.count { !$0.lines.isEmpty }
            body += "  <testsuite name=\(XMLEscaper.attribute(result.file)) tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\">\n"
            body += "    <properties>\n"
            body += "      <property name=\"golden\" value=\(XMLEscaper.attribute(result.golden))/>\n"
            body += "      <property name=\"tolerance\" value=\"\(formatCompact(tolerance))\"/>\n"
            body += "      <property name=\"fields\" value=\"\(fields)\"/>\n"
            body += "    </properties>\n"
            for c in cases {
                let head = "    <testcase name=\(XMLEscaper.attribute(c.name)) classname=\(XMLEscaper.attribute(result.file))"
                if c.lines.isEmpty {
                    body += head + "/>\n"
                } else {
                    let message = "\(c.lines.count) difference\(c.lines.count == 1 ? "" : "s")"
                    body += head + ">\n      <failure message=\"\(message)\" type=\"geometry\">"
                    body += XMLEscaper.text(c.lines.joined(separator: "\n"))
                    body += "</failure>\n    </testcase>\n"
                }
            }
            body += "  </testsuite>\n"
            totalTests += cases.count; totalFailures += failures
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"pageinfo check\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"\(totalErrors)\">\n"
            + body + "</testsuites>\n"
    }
}

// MARK: - Writers

extension ByteWriter {
    /// A difference value as JSON: a number, a string, or `null`.
    mutating func append(json value: GeometryDifference.Value) {
        switch value {
        case .number(let v): append(number: v)
        case .string(let s): append(jsonString: s)
        case .null, .none: append("null")
        }
    }
}

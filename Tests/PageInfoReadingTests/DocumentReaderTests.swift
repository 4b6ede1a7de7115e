// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoReading
import PageInfoTestSupport
import SystemPackage
import Testing

/// PageInfoReading as a library: `DocumentReader` and `DocumentSource` through their public API
/// (no binary), against the fixtures' goldens (`FixtureGolden`, `DamagedFixtureGolden`), which
/// the generators compute from how each file was built. What the end-to-end tests check of
/// `pageinfo pages` and `info` that is the reader's (values, statuses, page errors, ranges,
/// passwords, `strict`, sources) is checked here on the records themselves.
@Suite("DocumentReader: records against the goldens")
struct DocumentReaderTests {
    /// The damaged fixtures whose outcome this Poppler release gives.
    static let damaged = DamagedFixtureGolden.comparable(onPoppler: PopplerDocument.popplerVersion)

    /// Every readable fixture and damaged fixture that opens, with the password it needs.
    static let readable: [(path: String, password: String?)] = {
        let fixtures = FixtureGolden.names.compactMap { try? FixtureGolden.load($0) }.filter(\.opens).map { ($0.path, $0.password) }
        let opening = damaged.filter { (try? DocumentReader().records(.path($0.path))) != nil }.map { ($0.path, String?.none) }
        return fixtures + opening
    }()

    static func fileSize(_ path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }

    @Test("the inventory: fixtures of each kind, and the damaged ones", .timeLimit(.minutes(1)))
    func inventory() throws {
        let kinds = Set(try FixtureGolden.names.map { try FixtureGolden.load($0).expect })
        #expect(kinds == [.opens, .needsPassword, .notPDF, .malformed])
        #expect(Self.damaged.count >= 70, "\(Self.damaged.count)")
        #expect(Self.readable.count > 60)
    }

    @Test("a fixture: its summary, every page's five boxes, rotation, /Rotate, UserUnit, size and label; an ok outcome; or the error it fails with",
          arguments: FixtureGolden.names)
    func fixture(name: String) throws {
        let g = try FixtureGolden.load(name)
        let reader = DocumentReader(password: g.password)
        switch g.expect {
        case .notPDF:
            let error = try #require(throws: PageInfoError.self) { try reader.records(.path(g.path)) }
            #expect(error == .notPDF(path: g.path))
            #expect(error.code == "not-pdf" && error.exitStatus == .malformed)
            return
        case .malformed:
            let error = try #require(throws: PageInfoError.self) { try reader.records(.path(g.path)) }
            guard case .malformed(let path, _) = error else { Issue.record("\(g.file): \(error)"); return }
            #expect(path == g.path && error.code == "damaged" && error.exitStatus == .malformed)
            return
        case .opens, .needsPassword:
            break
        }
        let records = try reader.records(.path(g.path))
        let summary = records.summary
        #expect(summary.file == g.path)
        #expect(summary.pageLayout?.rawValue == g.pageLayout && summary.direction?.rawValue == g.direction)
        #expect(summary.encrypted == (g.expect == .needsPassword))
        #expect(summary.hasPageLabels == g.pages.contains { $0.label != nil })

        try #require(records.entries.count == g.pages.count, "\(records.entries.count) entries, golden \(g.pages.count)")
        for (entry, e) in zip(records.entries, g.pages) {
            let at = "\(g.file) page \(e.index + 1)"
            let page = try #require(entry.page, "\(at): \(String(describing: entry.error))")
            #expect(entry.index == e.index && page.index == e.index, "\(at)")
            #expect(entry.label == e.label && page.label == e.label, "\(at): label \(entry.label ?? "none")")
            #expect(page.rotation.rawValue == e.rotation && page.rawRotation == e.rotationRaw, "\(at): rotation")
            #expect(page.userUnit == e.userUnit, "\(at): userUnit")
            // The goldens hold the numbers the files were written with: within a billionth of a
            // point (Poppler may parse 595.276 as 595.2760000000001).
            for box in PageBox.allCases {
                #expect(page.boxes[box].isApproximatelyEqual(to: e.box(box), absoluteTolerance: 1e-9),
                        "\(at) \(box): \(page.boxes[box]), golden \(e.box(box))")
            }
            #expect(page.size.isApproximatelyEqual(to: e.size, absoluteTolerance: 1e-9), "\(at) size: \(page.size), golden \(e.size)")
        }
        let outcome = records.outcome
        #expect(outcome.status == .ok && outcome.error == nil && outcome.pageErrors == 0)
        #expect(outcome.pageCount == g.pageCount)
        #expect(outcome.bytes == (try Self.fileSize(g.path)))
        #expect(outcome.seconds == nil, "not measured unless asked for")
        #expect(records.exitStatus == .success && records.message == nil)
    }

    @Test("a damaged fixture: every position at its index, its page error or CropBox, rotation, label, UserUnit and warnings; the outcome, exit status and message",
          arguments: damaged)
    func damagedFixture(golden g: DamagedFixtureGolden) throws {
        let records: DocumentRecords
        do {
            records = try DocumentReader().records(.path(g.path))
        } catch {
            // It fails as it opens: the golden says failed, with no position.
            #expect(g.status == "failed" && g.pages.isEmpty, "\(g.file) does not open: \(error)")
            #expect(error.code == g.errorCode && error.exitStatus.rawValue == g.exit, "\(error)")
            #expect(error.description.hasPrefix(g.path + ": "), "\(error)")
            return
        }
        let outcome = records.outcome
        #expect(outcome.status.rawValue == g.status)
        #expect(outcome.pageCount == (g.pageCount ?? 0))
        #expect(outcome.pageErrors == g.pages.filter { $0.error != nil }.count)
        #expect(outcome.countClaimed == g.countClaimed)
        #expect(outcome.error?.code == g.errorCode)
        #expect(records.exitStatus.rawValue == g.exit)
        // The one line for a person: there exactly when the exit status is not 0, naming the file.
        #expect((records.message != nil) == (g.exit != 0), "\(records.message ?? "no message")")
        if let message = records.message { #expect(message.hasPrefix(g.path + ": "), "\(message)") }
        let warnings = Set(outcome.warnings.map(\.code.rawValue)), expected = Set(g.documentWarnings)
        let dependent = DamagedFixtureGolden.popplerDependent
        #expect(warnings.subtracting(dependent) == expected.subtracting(dependent), "document warnings \(warnings.sorted()) ≠ \(expected.sorted())")
        let allowed = DamagedFixtureGolden.allowedMissing(g.file, onPoppler: PopplerDocument.popplerVersion)
        #expect(expected.subtracting(allowed).isSubset(of: warnings), "document warnings \(warnings.sorted()) lack \(expected.sorted())")

        try #require(records.entries.count == g.pages.count, "\(records.entries.count) entries, golden \(g.pages.count)")
        for (entry, p) in zip(records.entries, g.pages) {
            let at = "\(g.file) page \(p.index + 1)"
            #expect(entry.index == p.index, "\(at)")
            #expect(entry.warnings.map(\.code.rawValue).sorted() == p.warnings.sorted(), "\(at): warnings \(entry.warnings)")
            if let code = p.error {
                #expect(entry.error?.code.rawValue == code && entry.page == nil, "\(at): \(entry.result)")
                continue
            }
            let page = try #require(entry.page, "\(at): \(String(describing: entry.error))")
            let crop = try #require(p.cropRect, "\(at): the golden has no CropBox")
            #expect(page.cropBox.isApproximatelyEqual(to: crop, absoluteTolerance: 1e-9), "\(at): CropBox \(page.cropBox), golden \(crop)")
            #expect(page.rotation.rawValue == p.rotation, "\(at): rotation")
            #expect(entry.label == p.label && page.label == p.label, "\(at): label \(entry.label ?? "none")")
            // A factor: within a billionth of it (Poppler reads 1e-9 as 1.0000000000000005e-09).
            #expect(page.userUnit.isApproximatelyEqual(to: p.userUnit ?? 1, absoluteTolerance: 0, relativeTolerance: 1e-9), "\(at): userUnit \(page.userUnit)")
        }
    }

    @Test("strict fails every file with a warning or a page error (65, code strict, every position still read), passes a clean one; without pages too")
    func strict() throws {
        for g in Self.damaged {
            let pages: DocumentRecords, info: DocumentRecords
            do {
                pages = try DocumentReader(strict: true).records(.path(g.path))
            } catch {
                #expect(error.exitStatus.rawValue == g.exit, "\(g.file): \(error)")
                #expect(throws: error) { try DocumentReader(strict: true, withPages: false).records(.path(g.path)) }
                continue
            }
            info = try DocumentReader(strict: true, withPages: false).records(.path(g.path))
            #expect(pages.exitStatus == (g.isClean ? .success : .malformed), "\(g.file): \(pages.exitStatus)")
            #expect(pages.outcome.status == (g.isClean ? .ok : .failed), "\(g.file)")
            let code = g.isClean ? nil : g.status == "failed" ? g.errorCode : "strict"
            #expect(pages.outcome.error?.code == code, "\(g.file): \(String(describing: pages.outcome.error))")
            #expect(pages.entries.count == g.pages.count, "\(g.file): strict reports every position")
            #expect(info.entries.isEmpty && info.exitStatus == pages.exitStatus && info.message == pages.message,
                    "\(g.file): without pages \(info.exitStatus) \(info.message ?? "")")
        }
    }

    @Test("without pages (info): no entries, and the summary, status, count, page errors and exit status of the reading with pages")
    func withoutPages() throws {
        for (path, password) in Self.readable {
            let pages = try DocumentReader(password: password).records(.path(path))
            let info = try DocumentReader(password: password, withPages: false).records(.path(path))
            #expect(info.entries.isEmpty, "\(path)")
            #expect(info.summary == pages.summary, "\(path)")
            #expect(info.outcome.status == pages.outcome.status && info.outcome.pageCount == pages.outcome.pageCount
                        && info.outcome.pageErrors == pages.outcome.pageErrors && info.outcome.countClaimed == pages.outcome.countClaimed,
                    "\(path): without pages \(info.outcome), with \(pages.outcome)")
            #expect(info.exitStatus == pages.exitStatus, "\(path)")
        }
    }

    @Test("a page read on its own (ranges N) is the entry of the walk from the start; the count stays the document's", .timeLimit(.minutes(5)))
    func randomAccess() throws {
        for (path, password) in Self.readable {
            let all = try DocumentReader(password: password).records(.path(path))
            let n = all.entries.count
            // Every position of a small file; of a large one the first and last five and fifteen between.
            let indexes = n <= 30 ? Array(0..<n) : Array(Set(Array(0..<5) + Array(n - 5..<n) + (1...15).map { $0 * n / 16 })).sorted()
            for i in indexes {
                let one = try DocumentReader(password: password, ranges: try PageRangeList("\(i + 1)")).records(.path(path))
                #expect(one.entries == [all.entries[i]], "\(path) page \(i + 1)")
                #expect(one.outcome.pageCount == all.outcome.pageCount, "\(path) page \(i + 1)")
            }
        }
    }

    @Test("ranges pick positions in their own order, repeats included; the count and status are the document's",
          arguments: [("2-3,1", [1, 2, 0]), ("1-3,7,10-", [0, 1, 2, 6, 9]), ("10-", [9]), ("10", [9]), ("1-", Array(0..<10)),
                      ("4,4", [3, 3]), (" 5 , 6-7 ", [4, 5, 6])])
    func ranges(text: String, indexes: [Int]) throws {
        // rotations.pdf: 10 pages (its golden), of four rotations.
        let path = Paths.fixture("rotations.pdf")
        #expect(try FixtureGolden.load("rotations").pages.count == 10)
        let all = try DocumentReader().records(.path(path))
        let picked = try DocumentReader(ranges: try PageRangeList(text)).records(.path(path))
        #expect(picked.entries == indexes.map { all.entries[$0] })
        #expect(picked.summary == all.summary)
        #expect(picked.outcome == all.outcome, "the file record is the document's, not the selection's")
        #expect(picked.exitStatus == .success && picked.message == nil)
    }

    @Test("ranges past the end: the positions that exist, then page-out-of-range naming the first missing page (64)",
          arguments: [("5-12", [4, 5, 6, 7, 8, 9], 12), ("11", [], 11), ("11-", [], 11), ("1,2,99", [0, 1], 99), ("99", [], 99)])
    func rangesPastTheEnd(text: String, indexes: [Int], missing: Int) throws {
        let path = Paths.fixture("mixed.pdf")
        let all = try DocumentReader().records(.path(path))
        try #require(all.entries.count == 10)
        let r = try DocumentReader(ranges: try PageRangeList(text)).records(.path(path))
        #expect(r.entries == indexes.map { all.entries[$0] })
        #expect(r.outcome.error?.code == "page-out-of-range" && r.exitStatus == .usage)
        #expect(r.outcome.status == .ok && r.outcome.pageCount == 10)
        let message = try #require(r.message)
        #expect(message == r.outcome.error?.message)
        #expect(message.hasPrefix("\(path): ranges: page \(missing) ") && message.contains("10 pages"), "\(message)")
    }

    @Test("passwords: the user's and the owner's read the same records; none, a wrong one or an empty one is refused (77); one for a file without encryption is unused")
    func passwords() throws {
        let g = try FixtureGolden.load("encrypted")
        // Fixtures/README.md: user password `secret`, owner password `owner`.
        #expect(g.password == "secret")
        let user = try DocumentReader(password: "secret").records(.path(g.path))
        let owner = try DocumentReader(password: "owner").records(.path(g.path))
        #expect(user.entries.map(\.label) == ["S-1", "S-2", "S-3"] && user.entries.map(\.label) == g.pages.map(\.label))
        #expect(owner.entries == user.entries && owner.summary == user.summary && owner.outcome == user.outcome)
        #expect(user.summary.encrypted)
        for (password, expected) in [(nil, PageInfoError.passwordRequired(path: g.path)), ("wrong", .wrongPassword(path: g.path)),
                                     ("", .wrongPassword(path: g.path))] as [(String?, PageInfoError)] {
            let error = try #require(throws: PageInfoError.self) { try DocumentReader(password: password).records(.path(g.path)) }
            #expect(error == expected, "\(password ?? "no password"): \(error)")
            #expect(error.exitStatus == .encrypted)
        }
        let mixed = Paths.fixture("mixed.pdf")
        let plain = try DocumentReader().records(.path(mixed)), given = try DocumentReader(password: "secret").records(.path(mixed))
        #expect(given.entries == plain.entries && given.summary == plain.summary && given.outcome == plain.outcome)
        #expect(!plain.summary.encrypted)
    }

    @Test("a path, its raw bytes, the file's bytes and a descriptor of it read into the same records; bytes under another name differ by the name alone")
    func sources() throws {
        for (path, password) in Self.readable {
            let reader = DocumentReader(password: password)
            let content = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let byPath = try reader.records(.path(path))
            let fd = try FileDescriptor.open(path, .readOnly)
            defer { try? fd.close() }
            let others: [(String, DocumentSource)] = [("raw path", .rawPath(Array(path.utf8))), ("bytes", .bytes(content, name: path)),
                                                      ("descriptor", .fileDescriptor(fd, name: path))]
            for (what, source) in others {
                let r = try reader.records(source)
                #expect(r.summary == byPath.summary && r.entries == byPath.entries, "\(path) by \(what)")
                #expect(r.outcome == byPath.outcome, "\(path) by \(what): \(r.outcome) ≠ \(byPath.outcome)")
                #expect(r.exitStatus == byPath.exitStatus && r.message == byPath.message, "\(path) by \(what): \(r.message ?? "")")
            }
            let name = "in memory.pdf"
            let named = try reader.records(.bytes(content, name: name))
            #expect(named.summary.file == name && named.entries == byPath.entries, "\(path) as \(name)")
            var summary = named.summary
            summary.file = path
            #expect(summary == byPath.summary, "\(path) as \(name)")
            #expect(named.outcome.status == byPath.outcome.status && named.outcome.pageCount == byPath.outcome.pageCount
                        && named.outcome.bytes == content.count && named.outcome.warnings == byPath.outcome.warnings, "\(path) as \(name)")
            #expect(named.message == byPath.message.map { name + $0.dropFirst(path.count) }, "\(path) as \(name): \(named.message ?? "")")
        }
    }

    @Test("a file that does not open fails alike from each source, naming the name it was given")
    func sourcesOfAFailure() throws {
        let failing = Self.damaged.filter { (try? DocumentReader().records(.path($0.path))) == nil }.map(\.path)
            + [Paths.fixture("not-a-pdf.pdf"), Paths.fixture("truncated.pdf")]
        #expect(failing.count >= 3)
        for path in failing {
            let content = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let byPath = try #require(throws: PageInfoError.self) { try DocumentReader().records(.path(path)) }
            let byBytes = try #require(throws: PageInfoError.self) { try DocumentReader().records(.bytes(content, name: "given.pdf")) }
            #expect(byBytes.code == byPath.code && byBytes.exitStatus == byPath.exitStatus, "\(path): \(byBytes) ≠ \(byPath)")
            #expect(byBytes.description.hasPrefix("given.pdf: ") && byPath.description.hasPrefix(path + ": "), "\(byBytes)")
        }
    }

    @Test("the reading time is measured when asked for, and only then")
    func measuredTime() throws {
        let path = Paths.fixture("mixed.pdf")
        let measured = try DocumentReader(measuresTime: true).records(.path(path))
        let seconds = try #require(measured.outcome.seconds)
        #expect(seconds >= 0 && seconds < 60)
        var outcome = measured.outcome
        outcome.seconds = nil
        #expect(outcome == (try DocumentReader().records(.path(path))).outcome)
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageGeometry
import PageInfoBatch
import PageInfoSystem
import PageInfoReading
import PageInfoRecords
import PageInfoTestSupport
import Testing

// The Swift snippets of Sources/PageInfoBatch/PageInfoBatch.docc that are compiled here verbatim.

func pageCounts(of paths: [String]) throws -> [String: Int] {
    var counts: [String: Int] = [:]
    let run = BatchRun(names: paths)
    while let document = try run.nextDocument() {
        counts[document.records.summary.file] = document.records.outcome.pageCount
    }
    return counts
}

/// A batch's typed records (`BatchRun.nextDocument()`, `BatchFile.documentRecords()`) are the
/// records `DocumentReader` gives in process for the same files: every fixture, every damaged
/// fixture (page errors, recovered pages, hostile numbers), files that cannot be read at all.
@Suite struct BatchRecordsTests {
    /// Every fixture and damaged fixture, and a name that does not exist.
    static let paths: [String] = {
        func pdfs(_ dir: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".pdf") }.sorted().map { dir + "/" + $0 }
        }
        return pdfs(Paths.fixtures.path) + pdfs(Paths.fixtures.path + "/damaged") + [Paths.fixture("no-such-file.pdf")]
    }()

    /// Whether a decoded entry is the reader's: every field equal, and every number equal to the
    /// one the number rule prints for it (rounded to 9 decimals below 10⁷, so within 5e-10 pt of
    /// the reader's Double: Poppler's own parse of `28.3465` is not always the nearest Double).
    func sameEntry(_ a: PageEntry, _ b: PageEntry) -> Bool {
        guard a.index == b.index, a.label == b.label, a.warnings == b.warnings, a.error == b.error else { return false }
        guard let p = a.page, let q = b.page else { return a.page == nil && b.page == nil }
        let boxes: [KeyPath<PageBoxes, Rect>] = [\.mediaBox, \.cropBox, \.bleedBox, \.trimBox, \.artBox]
        return p.rotation == q.rotation && p.rawRotation == q.rawRotation
            && p.userUnit.isApproximatelyEqual(to: q.userUnit, absoluteTolerance: 1e-9)
            && boxes.allSatisfy { p.boxes[keyPath: $0].isApproximatelyEqual(to: q.boxes[keyPath: $0], absoluteTolerance: 1e-9) }
            && p.size.isApproximatelyEqual(to: q.size, absoluteTolerance: 1e-9)
    }

    /// The outcome without its `seconds` (a batch measures them, the reader here does not).
    func timeless(_ outcome: DocumentOutcome) -> DocumentOutcome {
        var o = outcome
        o.seconds = nil
        return o
    }

    @Test("each file's typed records from String names, in input order, equal DocumentReader's", .timeLimit(.minutes(2)))
    func typedRecordsEqualTheReaders() throws {
        var configuration = testConfiguration(jobs: 2, worker: testWorker)
        configuration.includesMessages = true
        let run = BatchRun(names: Self.paths, configuration: configuration)
        var documents: [BatchDocument] = []
        while let document = try run.nextDocument() { documents.append(document) }
        #expect(documents.map(\.index) == Array(Self.paths.indices))
        #expect(Self.paths.count > 60)  // the fixtures are there

        let reader = DocumentReader()
        var failedOpens = 0, withPageErrors = 0
        for (path, document) in zip(Self.paths, documents) {
            let batch = document.records
            #expect(document.name == Array(path.utf8))
            #expect(batch.summary.file == path)
            #expect(batch.outcome.seconds != nil, "a batch measures each file: \(path)")
            do {
                let expected = try reader.records(.path(path))
                #expect(batch.summary == expected.summary, "\(path)")
                #expect(batch.entries.count == expected.entries.count, "\(path)")
                for (a, b) in zip(batch.entries, expected.entries) { #expect(sameEntry(a, b), "\(path) #\(b.index): \(a) vs \(b)") }
                #expect(timeless(batch.outcome) == timeless(expected.outcome), "\(path)")
                #expect(batch.exitStatus == expected.exitStatus, "\(path)")
                #expect(batch.message == expected.message, "\(path)")
                if expected.entries.contains(where: { $0.error != nil }) { withPageErrors += 1 }
            } catch {
                // Not readable at all: the reader throws; the batch has the failed file record.
                failedOpens += 1
                #expect(batch.entries.isEmpty)
                #expect(batch.outcome.status == .failed)
                #expect(batch.outcome.error?.code == error.code, "\(path)")
                #expect(batch.outcome.error?.message == error.description, "\(path)")
                #expect(batch.exitStatus == error.exitStatus, "\(path)")
                #expect(batch.summary == DocumentSummary(file: path))
            }
        }
        // not-a-pdf.pdf, truncated.pdf, encrypted.pdf (no password), the missing name…
        #expect(failedOpens >= 4)
        // kid-missing.pdf, kid-not-dictionary.pdf… hold page errors, and were compared above.
        #expect(withPageErrors >= 3)
    }

    @Test("values as the fixtures were written: mixed.pdf's A4 page, a page error, a missing file", .timeLimit(.minutes(2)))
    func knownValues() throws {
        let names = [Paths.fixture("mixed.pdf"), Paths.fixture("damaged/kid-not-dictionary.pdf"), Paths.fixture("no-such-file.pdf")]
        var configuration = testConfiguration(jobs: 1, worker: testWorker)
        configuration.ordered = false
        let run = BatchRun(names: names, configuration: configuration)
        var byIndex: [Int: DocumentRecords] = [:]
        while let document = try run.nextDocument() { byIndex[document.index] = document.records }
        #expect(byIndex.count == 3)

        // make_fixtures.py writes mixed.pdf's second page as A4 in points: [0 0 595.276 841.89].
        let a4 = try #require(byIndex[0]?.entries[1].page)
        #expect(a4.boxes.mediaBox == Rect(x: 0, y: 0, width: 595.276, height: 841.89))
        #expect(a4.size == Size(width: 595.276, height: 841.89))
        #expect(byIndex[0]?.summary.pdfVersion == "1.7")
        #expect(byIndex[0]?.exitStatus == .success)

        // make_damaged_fixtures.py: 4 positions, 2 of them kids that are not dictionaries.
        let damaged = try #require(byIndex[1])
        #expect(damaged.outcome.status == .partial)
        #expect(damaged.entries.count == 4)
        #expect(damaged.entries.filter { $0.error?.code == .kidNotDictionary }.count == 2)
        #expect(damaged.exitStatus == .partial)

        let missing = try #require(byIndex[2])
        #expect(missing.outcome.error?.code == "not-found")
        #expect(missing.exitStatus == .cannotOpen)
        #expect(missing.message == nil)  // not asked for (includesMessages is off)
    }

    @Test("a batch in another format says it cannot be decoded, naming the file and the format", .timeLimit(.minutes(1)))
    func otherFormatsAreRefused() throws {
        var configuration = testConfiguration(jobs: 1, worker: testWorker)
        configuration.output = BatchOutput(format: .csv)
        let run = BatchRun(names: [Paths.fixture("mixed.pdf")], configuration: configuration)
        let error = try #require(throws: BatchRecordsError.self) { _ = try run.nextDocument() }
        #expect(error.reason == .notJSONLines(.csv))
        #expect(error.description.hasPrefix(Paths.fixture("mixed.pdf") + ": the batch wrote its records as csv"))
    }

    @Test("a batch of annotation or outline records refuses typed records for each of its files, those with none such and failed ones too",
          .timeLimit(.minutes(1)))
    func annotationAndOutlineBatchesAreRefused() throws {
        // annotations.pdf has both; boxes.pdf neither (its records are the counts' 0 alone).
        let names = [Paths.fixture("annotations/annotations.pdf"), Paths.fixture("boxes.pdf"), Paths.fixture("no-such-file.pdf")]
        for kind in ["annotation", "outline"] {
            var configuration = testConfiguration(jobs: 2, worker: testWorker)
            configuration.output = BatchOutput(format: .jsonl, listsAnnotations: kind == "annotation", listsOutline: kind == "outline")
            configuration.reader.withPages = kind == "annotation"
            let files = try runToEnd(BatchRun(names: names.map { Array($0.utf8) }, configuration: configuration))
            #expect(files.count == 3)
            for file in files {
                let error = try #require(throws: BatchRecordsError.self) { _ = try file.documentRecords() }
                #expect(error.reason == .notDocumentRecords(record: kind), "\(kind): \(String(decoding: file.records, as: UTF8.self))")
            }
        }
    }

    @Test("a file record the coordinator writes itself (a crashed worker) counts the annotations and the outline the reader alone asks for",
          .timeLimit(.minutes(1)))
    func coordinatorRecordsCarryTheReadersCounts() throws {
        let (closer, dir) = try scriptedWorker("closer-counts", """
            exec 0<&-
            exit 3
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (member, annotations) in [("annotationCount", true), ("outlineCount", false)] {
            var configuration = testConfiguration(jobs: 1, timeout: 20, worker: closer)
            configuration.reader.withAnnotations = annotations
            configuration.reader.withOutline = !annotations
            configuration.reader.withPages = annotations
            let files = try runToEnd(BatchRun(names: [Array(Paths.fixture("mixed.pdf").utf8)], configuration: configuration))
            let record = String(decoding: try #require(files.first).records, as: UTF8.self)
            #expect(files.first?.error == .crashed)
            #expect(record.contains("\"\(member)\":0,"), "\(record)")
        }
    }

    @Test("BatchJob writes the bytes and hands the same files over as typed records, from String names", .timeLimit(.minutes(1)))
    func jobHandsTypedRecords() throws {
        let directory = try makeScratchDirectory("batchrecords")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/out.jsonl"
        let names = [Paths.fixture("rotations.pdf"), Paths.fixture("not-a-pdf.pdf")]
        let job = BatchJob(inputs: BatchInputs(names: names), configuration: testConfiguration(jobs: 2, worker: testWorker),
                           destination: .file(path: output, resume: false), stopsOnSignals: false)
        var documents: [BatchDocument] = []
        let status = try job.run(report: { _ in }, documents: { documents.append(try! $0.get()) })
        #expect(status == .malformed)  // not-a-pdf.pdf: 65
        #expect(documents.map(\.index) == [0, 1])
        let expected = try DocumentReader().records(.path(names[0]))
        #expect(documents[0].records.entries.count == expected.entries.count)
        for (a, b) in zip(documents[0].records.entries, expected.entries) { #expect(sameEntry(a, b)) }
        #expect(documents[1].records.outcome.error?.code == "not-pdf")
        // The file holds the records the documents were decoded from: one file record per file.
        let written = String(decoding: try OpenFile.readFile(output), as: UTF8.self)
        #expect(written.split(separator: "\n").filter { $0.hasPrefix("{\"record\":\"file\"") }.count == 2)
        #expect(written.split(separator: "\n").count == expected.entries.count + 2)
    }

    @Test("the DocC article's typed-records snippet is code in this file, and counts the pages of two fixtures")
    func doccSnippet() throws {
        let blocks = try DocumentationSnippets.blocks(inFile: "Sources/PageInfoBatch/PageInfoBatch.docc/PageInfoBatch.md")
        let snippet = try #require(blocks.first { $0.text.contains("func pageCounts(of") })
        #expect(try String(contentsOfFile: #filePath, encoding: .utf8).contains(snippet.text))
        // With the tests' worker (the snippet's default, pageinfo, is not built beside the tests).
        let paths = [Paths.fixture("rotations.pdf"), Paths.fixture("labels.pdf")]
        let run = BatchRun(names: paths, configuration: testConfiguration(jobs: 1, worker: testWorker))
        var counts: [String: Int] = [:]
        while let document = try run.nextDocument() { counts[document.records.summary.file] = document.records.outcome.pageCount }
        // make_fixtures.py: rotations.pdf has 10 pages, labels.pdf 13.
        #expect(counts == [paths[0]: 10, paths[1]: 13])
    }
}

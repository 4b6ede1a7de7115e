// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

let package = Package(
    name: "pageinfo",
    products: [
        .executable(name: "pageinfo", targets: ["PageInfoCommand"]),
        // Five library products, named for what a user wants. Every other module below is
        // the package's own: not a product, its declarations `package`, not `public`; a product
        // re-exports (`@_exported import`) the modules whose public types its API uses.
        // Pure geometry: boxes, rotation, PageInfo, transforms (Apache-2.0).
        .library(name: "PageGeometry", targets: ["PageGeometry"]),
        // Pure layout: spreads, stacks, view state, thumbnails (Apache-2.0).
        .library(name: "DocumentLayout", targets: ["DocumentLayout"]),
        // A PDF (a path, raw path bytes, a descriptor, bytes, stdin) into its typed records, with one
        // import: re-exports PageGeometry, PageInfoRecords, PageInfoPoppler and PageRangeList's module.
        .library(name: "PageInfoReading", targets: ["PageInfoReading"]),
        // Collections of PDFs read in isolated worker processes (BatchRun, BatchJob); re-exports
        // PageInfoReading, so a collection needs one import more at most.
        .library(name: "PageInfoBatch", targets: ["PageInfoBatch"]),
        // One-line golden checks of page geometry for Swift Testing and XCTest; re-exports
        // PageInfoCheck (the golden comparison) and PageInfoReading.
        .library(name: "PageInfoTesting", targets: ["PageInfoTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The system layer's descriptor, errno and path types (FileDescriptor, Errno, FilePath).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // Pure geometry: boxes, rotation, PageInfo, raw/page/view transforms, and the one number rule
        // (NumberText) by which they and their errors describe themselves. No Poppler, no Foundation.
        .target(name: "PageGeometry", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // Pure layout: spreads, stack layouts, view state, thumbnails. No Poppler.
        .target(name: "DocumentLayout", dependencies: ["PageGeometry"]),
        // The reader's records (pages, page errors, warnings, the file record) and the one order
        // of outcomes and exit statuses. Pure Swift, no Poppler.
        .target(name: "PageInfoRecords", dependencies: ["PageGeometry", "DocumentLayout"]),

        // The one C boundary: Poppler core's own pkg-config entry (`poppler`) brings its headers and
        // links libpoppler alone (poppler-glib's entry would add glib, gio, cairo and X11 to start-up) ...
        .systemLibrary(
            name: "CPoppler",
            pkgConfig: "poppler",
            providers: [.apt(["libpoppler-dev", "libpoppler-private-dev"])]
        ),
        // ... and a small C-ABI shim, written in C++ over Poppler's core API, is all Swift sees.
        .target(name: "CPageInfoPoppler", dependencies: ["CPoppler"]),
        // The one system layer, over swift-system: files, descriptors, processes, threads, signals,
        // the crash handler, file names as bytes, line reading; every C call of the package's Swift
        // (pure Swift, no Poppler). Not a product: all `package`.
        .target(name: "PageInfoSystem", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // Swift reader over the shim: documents, PageInfo streams, typed errors. Reading sits on the
        // system layer only: nothing under it prints.
        .target(name: "PageInfoPoppler", dependencies: ["PageGeometry", "PageInfoRecords", "PageInfoSystem", "CPageInfoPoppler"]),
        // Bytes out and JSON in (pure Swift, no Poppler): the text/JSON/CSV/columns writers over one
        // ByteWriter and the JSONWritable protocol, the one JSON reader, the one XML escaper. Not a
        // product: all `package` but PageListFormat (BatchJob's formats, re-exported by PageInfoBatch).
        .target(name: "PageInfoEncoding", dependencies: ["PageGeometry", "PageInfoRecords", "DocumentLayout", "PageInfoGrammar",
                                                   "PageInfoSystem", .product(name: "SystemPackage", package: "swift-system")]),
        // The grammars of values given as text, with typed errors (no argument parser, no I/O: the
        // JSON forms and the conversion stream are the encoding layer's). Not a product: all
        // `package` but PageRangeList (DocumentReader's ranges, re-exported by PageInfoReading).
        .target(name: "PageInfoGrammar", dependencies: ["PageGeometry", "DocumentLayout"]),
        // The one reading loop: a PDF from a path, raw path bytes, a descriptor, bytes in memory or
        // stdin (streams spooled to an unlinked temporary file) into the records of
        // docs/records.md, with page ranges, --strict and passwords; what pages, info, batch
        // workers and check read through.
        .target(name: "PageInfoReading", dependencies: ["PageGeometry", "DocumentLayout", "PageInfoRecords", "PageInfoPoppler", "PageInfoSystem", "PageInfoGrammar",
                                                  .product(name: "SystemPackage", package: "swift-system")]),
        // Collections: inputs (lists, NUL-separated lists, recursive walks), N isolated worker
        // processes (crashes, hangs and memory contained per file), input order or unordered,
        // resume, progress; and the worker loop the worker processes run.
        .target(name: "PageInfoBatch", dependencies: ["PageGeometry", "PageInfoRecords", "PageInfoSystem", "PageInfoEncoding", "PageInfoGrammar", "PageInfoReading",
                                                .product(name: "SystemPackage", package: "swift-system")]),
        // Golden files of page geometry: lenient golden reader, comparison with a tolerance,
        // text/JSON/JUnit reports, atomic re-recording (`pageinfo check`).
        .target(name: "PageInfoCheck", dependencies: ["PageGeometry", "PageInfoRecords", "PageInfoSystem", "PageInfoEncoding", "PageInfoPoppler", "PageInfoReading"]),
        // One-line golden checks for Swift Testing and XCTest suites.
        .target(name: "PageInfoTesting", dependencies: ["PageInfoCheck", "PageInfoReading", "PageGeometry"]),
        // zlib for the PNG writer's DEFLATE and CRC-32 (libpoppler loads it anyway).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Pictures of the geometry: overlays, legend, bitmap font, PNG and SVG writers, contact sheets.
        .target(name: "PageInfoDraw", dependencies: ["PageGeometry", "DocumentLayout", "PageInfoRecords", "PageInfoEncoding", "PageInfoGrammar", "PageInfoSystem", "CZlib"]),

        // Pictures of documents: pages rendered through Poppler and laid out by PageInfoDraw, what
        // draw, sheet and inspect write (GPL: it links the reader).
        .target(name: "PageInfoPictures", dependencies: ["PageGeometry", "PageInfoRecords", "PageInfoPoppler", "PageInfoReading", "PageInfoDraw", "PageInfoGrammar"]),

        // The long help of every command (`--help` after the usage, and the man page): text only.
        .target(name: "PageInfoHelp"),

        // `pageinfo worker`'s options, declared once and parsed by ArgumentParser, for `pageinfo`
        // and the tests' worker alike (not a product: the CLI's side of the worker's arguments).
        .target(name: "PageInfoWorkerCommand", dependencies: [
            "PageGeometry", "PageInfoBatch", "PageInfoGrammar", "PageInfoHelp", "PageInfoSystem", "PageInfoEncoding", "PageInfoRecords",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(
            name: "PageInfoCommand",
            dependencies: [
                "PageGeometry", "DocumentLayout", "PageInfoRecords", "PageInfoPoppler", "PageInfoSystem", "PageInfoEncoding",
                "PageInfoGrammar", "PageInfoReading", "PageInfoBatch", "PageInfoCheck", "PageInfoDraw", "PageInfoPictures", "PageInfoHelp", "PageInfoWorkerCommand",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tests' batch worker: `pageinfo worker` with hooks that crash, hang or exhaust memory
        // on chosen files (PAGEINFO_TEST_*_ON). Never installed; `pageinfo` has no hooks.
        .executableTarget(name: "pageinfo-test-worker", dependencies: ["PageInfoWorkerCommand", "PageInfoSystem"]),
        // Release-built benchmark driver for the layout engine (`make bench`).
        .executableTarget(name: "pageinfo-bench", dependencies: [
            "PageGeometry", "DocumentLayout", "PageInfoSystem", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // What every test target shares: the one process runner (ProcessRunner) and the `pageinfo`
        // harness on it (CLI), the programs a test runs (ExternalTool), seeded generator,
        // fixture/corpus paths and the corpus rule, typed MANIFEST.json and golden models, page
        // builders. (Tests compare numbers with PageGeometry's
        // isApproximatelyEqual(to:absoluteTolerance:relativeTolerance:).)
        // A library target (test targets cannot be dependencies), so `swift build` builds it too.
        .target(name: "PageInfoTestSupport", dependencies: ["PageGeometry"], path: "Tests/PageInfoTestSupport"),
        // The shared support's own tests: the runner, the CLI harness, the external-tool rule.
        .testTarget(name: "PageInfoTestSupportTests", dependencies: ["PageInfoTestSupport"]),
        .testTarget(name: "PageGeometryTests", dependencies: ["PageGeometry", "PageInfoTestSupport"]),
        .testTarget(name: "PageInfoSystemTests", dependencies: ["PageInfoSystem", "PageInfoEncoding", "PageInfoTestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "PageInfoEncodingTests", dependencies: ["PageInfoEncoding", "PageInfoSystem", "PageGeometry", "DocumentLayout", "PageInfoRecords", "PageInfoTestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        // The records' own rules: the order of exit statuses, the one failure → status mapping,
        // oneLine, the wording of settings, the codes the docs list.
        .testTarget(name: "PageInfoRecordsTests", dependencies: ["PageInfoRecords", "PageInfoTestSupport"]),
        .testTarget(name: "PageInfoGrammarTests", dependencies: ["PageInfoGrammar", "PageGeometry", "DocumentLayout", "PageInfoSystem", "PageInfoEncoding"]),
        .testTarget(name: "DocumentLayoutTests", dependencies: ["DocumentLayout", "PageGeometry", "PageInfoTestSupport"]),
        .testTarget(name: "PageInfoPopplerTests", dependencies: ["PageInfoPoppler", "PageGeometry", "PageInfoRecords", "PageInfoTestSupport"]),
        .testTarget(name: "PageInfoReadingTests",
                    dependencies: ["PageGeometry", "PageInfoReading", "PageInfoPoppler", "PageInfoGrammar", "PageInfoRecords", "PageInfoSystem", "PageInfoEncoding", "PageInfoBatch", "PageInfoTestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "PageInfoBatchTests",
                    dependencies: ["PageInfoBatch", "PageInfoReading", "PageInfoRecords", "PageInfoSystem", "PageInfoEncoding", "PageInfoTestSupport",
                                   "PageGeometry", "PageInfoGrammar"]),
        // `pageinfo worker`'s parser (the CLI's side of the worker's arguments) reads back what
        // the coordinator writes.
        .testTarget(name: "PageInfoWorkerCommandTests",
                    dependencies: ["PageInfoWorkerCommand", "PageInfoBatch", "PageInfoGrammar", "PageInfoReading", "PageGeometry"]),
        // (Snapshots/ holds the expected outputs, read by path: not a resource of the bundle.)
        .testTarget(name: "PageInfoCommandTests", dependencies: ["PageGeometry", "PageInfoEncoding", "PageInfoTestSupport"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "PageInfoCheckTests",
                    dependencies: ["PageInfoCheck", "PageGeometry", "PageInfoPoppler", "PageInfoSystem", "PageInfoEncoding", "PageInfoRecords", "PageInfoTestSupport"]),
        .testTarget(name: "PageInfoTestingTests", dependencies: ["PageInfoTesting", "PageInfoCheck", "PageInfoTestSupport"]),
        .testTarget(name: "PageInfoDrawTests", dependencies: ["PageInfoDraw", "PageInfoPoppler", "PageGeometry", "DocumentLayout", "PageInfoTestSupport"]),
    ],
    // C++20: Poppler >= 24.05's core headers need it (std::span, starts_with); 22.12's build with it too.
    cxxLanguageStandard: .cxx20
)

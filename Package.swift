// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "pageinfo",
    products: [
        .executable(name: "pageinfo", targets: ["PageInfoCommand"]),
        .library(name: "PageGeometry", targets: ["PageGeometry"]),
        .library(name: "DocumentLayout", targets: ["DocumentLayout"]),
        .library(name: "PageInfoPoppler", targets: ["PageInfoPoppler"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Pure geometry: boxes, rotation, PageInfo, raw/page/view transforms. No Poppler, no Foundation.
        .target(name: "PageGeometry", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // Pure layout: spreads, stack layouts, view state, thumbnails. No Poppler.
        .target(name: "DocumentLayout", dependencies: ["PageGeometry"]),

        // The one C boundary: Poppler core's own pkg-config entry (`poppler`) brings its headers and
        // links libpoppler alone (poppler-glib's entry would add glib, gio, cairo and X11 to start-up) ...
        .systemLibrary(
            name: "CPoppler",
            pkgConfig: "poppler",
            providers: [.apt(["libpoppler-dev", "libpoppler-private-dev"])]
        ),
        // ... and a small C-ABI shim, written in C++ over Poppler's core API, is all Swift sees.
        .target(name: "CPageInfoPoppler", dependencies: ["CPoppler"]),
        // Swift reader over the shim: documents, PageInfo streams, typed errors.
        .target(name: "PageInfoPoppler", dependencies: ["PageGeometry", "CPageInfoPoppler"]),
        // Fast text/JSON/CSV encoders for page geometry (pure Swift, testable without the CLI).
        .target(name: "PageInfoOutput", dependencies: ["PageGeometry"]),

        .executableTarget(
            name: "PageInfoCommand",
            dependencies: [
                "PageGeometry", "DocumentLayout", "PageInfoPoppler", "PageInfoOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Release-built benchmark driver for the layout engine (`make bench`).
        .executableTarget(name: "pageinfo-bench", dependencies: ["PageGeometry", "DocumentLayout"]),

        // What every test target shares: seeded generator, fixture/corpus paths and the corpus rule,
        // typed MANIFEST.json and golden models, the one approximate equality, page builders.
        // A library target (test targets cannot be dependencies), so `swift build` builds it too.
        .target(name: "PageInfoTestSupport", dependencies: ["PageGeometry"], path: "Tests/PageInfoTestSupport"),
        .testTarget(name: "PageGeometryTests", dependencies: ["PageGeometry", "PageInfoTestSupport"]),
        .testTarget(name: "DocumentLayoutTests", dependencies: ["DocumentLayout", "PageGeometry", "PageInfoTestSupport"]),
        .testTarget(
            name: "PageInfoPopplerTests",
            dependencies: ["PageInfoPoppler", "PageGeometry", "PageInfoOutput", "PageInfoTestSupport"]
        ),
        .testTarget(name: "PageInfoCommandTests", dependencies: ["PageGeometry", "PageInfoTestSupport"]),
    ],
    // C++20: Poppler >= 24.05's core headers need it (std::span, starts_with); 22.12's build with it too.
    cxxLanguageStandard: .cxx20
)

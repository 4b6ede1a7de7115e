// swift-tools-version: 6.0
// SPDX-License-Identifier: GPL-2.0-or-later
// A client of pageinfo's library products, and nothing else: the proof that a Swift program gets
// what `pageinfo pages` and batch mode do from PageInfoReading and PageInfoBatch (issue 22).
// Built and run by scripts/client_package_test.sh (part of `make test`).
import PackageDescription

let package = Package(
    name: "pageinfo-client",
    dependencies: [
        .package(name: "pageinfo", path: "../.."),
        // The descriptor type of the libraries' signatures.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .executableTarget(
            name: "pageinfo-client",
            dependencies: [
                .product(name: "PageGeometry", package: "pageinfo"),
                .product(name: "PageInfoBatch", package: "pageinfo"),
                .product(name: "PageInfoReading", package: "pageinfo"),
                .product(name: "PageInfoRecords", package: "pageinfo"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
    ],
    cxxLanguageStandard: .cxx20
)

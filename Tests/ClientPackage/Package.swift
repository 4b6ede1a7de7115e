// swift-tools-version: 6.0
// SPDX-License-Identifier: GPL-2.0-or-later
// A client of pageinfo's library products, and nothing else: the proof that a Swift program gets
// what `pageinfo pages` and batch mode do from PageInfoReading and PageInfoBatch, with one import
// each. Built and run by scripts/client_package_test.sh (part of `make test`).
//   Reading.swift      one file into typed records, with one import: `import PageInfoReading`
//   Collections.swift  collections, with one more: `import PageInfoBatch`
//   Descriptors.swift  what passes file descriptors explicitly: swift-system's FileDescriptor
import PackageDescription

let package = Package(
    name: "pageinfo-client",
    dependencies: [
        .package(name: "pageinfo", path: "../.."),
        // The descriptor type of DocumentSource.fileDescriptor (Descriptors.swift only).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .executableTarget(
            name: "pageinfo-client",
            dependencies: [
                .product(name: "PageInfoReading", package: "pageinfo"),
                .product(name: "PageInfoBatch", package: "pageinfo"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
    ],
    cxxLanguageStandard: .cxx20
)

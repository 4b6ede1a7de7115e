// SPDX-License-Identifier: Apache-2.0
import PageInfoRecords
import Testing

/// `Wording`: each setting a message can name has one name for a Swift program (the library's
/// messages) and one for `pageinfo`'s command line.
@Suite struct WordingTests {
    @Test("every setting has one name in each wording: a Swift name for the library, an option for the CLI")
    func names() {
        for setting in Setting.allCases {
            let library = Wording.library.name(setting), commandLine = Wording.commandLine.name(setting)
            #expect(!library.contains("--") && !library.hasPrefix("-"), "\(setting): \(library)")
            #expect(commandLine.hasPrefix("-"), "\(setting): \(commandLine)")
        }
        #expect(Wording.commandLine.name(.strict) == "--strict" && Wording.library.name(.strict) == "strict")
        #expect(Wording.commandLine.name(.pages) == "--pages" && Wording.library.name(.pages) == "ranges")
        #expect(Wording.commandLine.name(.maxMemory) == "--max-memory" && Wording.library.name(.maxMemory) == "maxMemoryMiB")
    }
}

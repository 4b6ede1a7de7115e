// SPDX-License-Identifier: Apache-2.0
import PageInfoGrammar
import Testing

/// The scan for a single-valued option given twice, on declared options as the parser describes
/// them: `-o/--output` and `--pages` take one value, `--golden` a list, `-0` is a flag.
@Suite("DeclaredOption")
struct DeclaredOptionTests {
    static let options = [
        DeclaredOption(names: ["-o", "--output"], takesValue: true, repeats: false),
        DeclaredOption(names: ["--pages"], takesValue: true, repeats: false),
        DeclaredOption(names: ["--golden"], takesValue: true, repeats: true),
        DeclaredOption(names: ["-0"], takesValue: false, repeats: true),
    ]

    func scan(_ tokens: [String]) -> (Int, [String])? { DeclaredOption.firstRepeat(in: tokens[...], options: Self.options) }

    @Test("a value given twice, by any of its names, is found with the names used")
    func repeats() {
        #expect(scan(["a.pdf", "--pages", "1", "--pages", "5"]).map { $0.0 } == 1)
        #expect(scan(["-o", "a", "--output=b"]).map { $0.1 } == ["-o", "--output"])
        #expect(scan(["-0o", "a", "-o", "b"]).map { $0.1 } == ["-o", "-o"])
        #expect(Self.options[0].repeatedMessage(given: ["-o", "--output"])
                == "--output is given twice (as --output and -o), but it takes one value, and all but the last would be ignored: give it once")
    }

    @Test("lists, values that look like options, help and -- are not repeats")
    func notRepeats() {
        #expect(scan(["--golden", "a", "--golden", "b"]) == nil)
        #expect(scan(["--pages", "--pages", "x"]) == nil)          // the second is the first's value
        #expect(scan(["--pages", "1", "-h", "--pages", "2"]) == nil)
        #expect(scan(["--pages", "1", "--", "--pages", "2"]) == nil)
        #expect(scan(["--pages", "1", "-5,3", "--unknown", "2"]) == nil)
    }
}

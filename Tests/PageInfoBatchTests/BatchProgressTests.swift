// SPDX-License-Identifier: GPL-2.0-or-later
@testable import PageInfoBatch
import Testing

/// The summary line's seconds go through the one number rule (`NumberText`, step 5, padded).
@Suite("Batch progress text")
struct BatchProgressTests {
    @Test("seconds with exactly two decimals, as the summary line prints them")
    func seconds() {
        #expect(formatSeconds(0.849) == "0.85")
        #expect(formatSeconds(0.8) == "0.80")
        #expect(formatSeconds(0) == "0.00")
        #expect(formatSeconds(61.999) == "62.00")
        #expect(formatSeconds(3600.125) == "3600.12")   // a tie, 2 even: stays
    }

    @Test("durations of the progress line's ETA")
    func duration() {
        #expect(BatchProgress.duration(65) == "1:05" && BatchProgress.duration(7384) == "2:03:04" && BatchProgress.duration(0.4) == "0:00")
    }
}

// SPDX-License-Identifier: Apache-2.0

/// The version of pageinfo, written here once: what `pageinfo --version` prints, what a batch
/// worker says in its hello, and what a batch run requires of its workers (a worker of another
/// version is refused: `BatchError.workerVersion`). The Python package's `_version.py` must
/// equal it (`scripts/build_wheel.sh` compares it with `pageinfo --version`).
package enum PageInfoVersion {
    /// The version, such as `0.1.0`.
    package static let current = "0.1.0"
}

# SPDX-License-Identifier: Apache-2.0
# The package's version; it must equal the `pageinfo --version` of the executable it runs.
__version__ = "0.1.0"

// SPDX-License-Identifier: Apache-2.0
// Output encoders (filled in below).
import PageGeometry

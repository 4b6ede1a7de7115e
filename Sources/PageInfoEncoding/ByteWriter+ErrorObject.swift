// SPDX-License-Identifier: Apache-2.0

extension ByteWriter {
    /// The one error object of the JSON outputs, `{"code":"…","message":"…"}`: a file record's
    /// and a page error's `error`, each of `warnings` (`docs/records.md`), and the `error` of a
    /// file `pageinfo check` could not check.
    ///
    /// With `namingFile`, the message is about the file being read and names it: the name is
    /// spelled exactly while ``exactFileName`` is set (``append(jsonNamingFile:)``). Page errors
    /// and warnings are not about the file's name and are written as they are.
    package mutating func append(jsonError code: String, message: String, namingFile: Bool = false) {
        append("{\"code\":"); append(jsonString: code)
        append(",\"message\":")
        if namingFile { append(jsonNamingFile: message) } else { append(jsonString: message) }
        append("}")
    }
}

// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// What an earlier, interrupted run left in its JSON-lines output, for `--resume`: the files
/// already done, and their counts.
public struct ResumeState: Sendable {
    /// File names (raw bytes) that already have their file record, with how many times.
    public var done: [[UInt8]: Int] = [:]
    /// The outcome of those files, for the summary and the exit status.
    public var tally = BatchTally()

    /// `names` without the files already done (a name listed twice and done once is read once
    /// more), in their order.
    public func remaining(_ names: [[UInt8]]) -> [[UInt8]] {
        var done = self.done
        return names.filter { name in
            guard let n = done[name], n > 0 else { return true }
            done[name] = n - 1
            return false
        }
    }

    /// Refuses, before anything is cut, a non-empty output whose first line is not a pageinfo
    /// JSON-lines record (the output of a csv, json or table run, or another file named by
    /// mistake): a usage failure (64) that leaves the file as it is.
    public static func refuseUnlessJSONLines(fd: Int32, name: String) throws(ExitFailure) {
        var head = [UInt8](repeating: 0, count: 11)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 {
            throw ExitFailure("\(name): cannot read the output to resume it: pread: \(String(cString: strerror(errno)))", status: .ioError)
        }
        guard n > 0 else { return }
        if n < head.count || !head.elementsEqual(Array("{\"record\":\"".utf8)) {
            throw ExitFailure("--resume: \(name) does not hold pageinfo JSON lines (the output of a --format jsonl run); it is left as it is", status: .usage)
        }
    }

    /// Reads the output file from the start and cuts it after the last complete file record,
    /// dropping a file whose records were only partly written (a kill or a full disk in the
    /// middle of one write). Records of a file always end with its file record, so what is
    /// kept is whole files.
    public static func prepare(fd: Int32) throws(ExitFailure) -> ResumeState {
        var state = ResumeState()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var line: [UInt8] = []
        var offset = 0          // file offset of `line`'s start
        var keep = 0            // bytes to keep: the end of the last complete file record
        var position = 0
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw failure("cannot read it") }
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw failure("cannot read it") }
            if n == 0 { break }
            var start = 0
            for i in 0..<n where buffer[i] == 0x0A {
                line += buffer[start..<i]
                if let record = FileRecordFields(line) {
                    state.done[record.file, default: 0] += 1
                    state.tally.add(status: record.status, error: record.errorCode, pages: record.pageCount)
                    keep = offset + line.count + 1
                }
                offset += line.count + 1
                line.removeAll(keepingCapacity: true)
                start = i + 1
            }
            line += buffer[start..<n]
            position += n
        }
        if keep != position {
            guard ftruncate(fd, off_t(keep)) == 0 else { throw failure("cannot cut its incomplete last file") }
        }
        _ = lseek(fd, 0, SEEK_END)
        return state
    }

    private static func failure(_ what: String) -> ExitFailure {
        ExitFailure("--resume: the output file: \(what): \(String(cString: strerror(errno)))", status: .ioError)
    }
}

/// The fields of a file record that resume needs, read from one JSON line.
struct FileRecordFields {
    var file: [UInt8]
    var status: FileStatus
    var errorCode: FileErrorCode?
    var pageCount: Int

    /// Parses `line` when it is a complete JSON object whose `record` is `"file"`.
    init?(_ line: [UInt8]) {
        var p = MiniJSONParser(bytes: line)
        var record: [UInt8]?, file: [UInt8]?, status: [UInt8]?, code: [UInt8]?, pages = 0
        let ok = p.object { key, p in
            switch key {
            case "record": record = p.string()
            case "file": file = p.string()
            case "status": status = p.string()
            // A count beyond 2^31 - 1 (or below 0) is none pageinfo wrote; clamped, the tally's
            // sum of counts cannot overflow.
            case "pageCount": pages = min(max(p.integer() ?? 0, 0), Int(Int32.max))
            case "error":
                if p.peek == UInt8(ascii: "{") {
                    return p.object { key, p in
                        if key == "code" { code = p.string(); return code != nil }
                        return p.skipValue()
                    }
                }
                return p.skipValue()
            default: return p.skipValue()
            }
            return true
        }
        guard ok, p.atEnd, record == Array("file".utf8), let file, let status,
              let s = FileStatus(rawValue: String(decoding: status, as: UTF8.self)) else { return nil }
        self.file = file
        self.status = s
        self.errorCode = code.flatMap { FileErrorCode(rawValue: String(decoding: $0, as: UTF8.self)) }
        self.pageCount = pages
    }
}

/// Just enough JSON to read the fields of one record: strings come back as raw bytes (UTF-8,
/// with `\udcXX` turned back into the byte XX, see ``ByteWriter/append(jsonFileName:)``).
struct MiniJSONParser {
    let bytes: [UInt8]
    var i = 0
    /// Arrays and objects open in ``skipValue()``: deeper nesting is refused (no record nests
    /// it), so a damaged line cannot exhaust the stack.
    var depth = 0
    static let maxDepth = 64

    init(bytes: [UInt8]) { self.bytes = bytes }

    var peek: UInt8? { peekNoMutate }
    var atEnd: Bool { mutating get { skipSpace(); return i == bytes.count } }

    private func skipSpaceIndex(_ j: Int) -> Int {
        var j = j
        while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0D || bytes[j] == 0x0A { j += 1 }
        return j
    }
    private mutating func skipSpace() { i = skipSpaceIndex(i) }
    private var peekNoMutate: UInt8? { let j = skipSpaceIndex(i); return j < bytes.count ? bytes[j] : nil }

    /// Parses an object, calling `field` for each key with the parser at its value; `field`
    /// must consume the value and return false on an error.
    mutating func object(_ field: (String, inout MiniJSONParser) -> Bool) -> Bool {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return true }
        while true {
            guard let key = string() else { return false }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return false }
            i += 1
            guard field(String(decoding: key, as: UTF8.self), &self) else { return false }
            skipSpace()
            guard i < bytes.count else { return false }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return true }
            return false
        }
    }

    mutating func string() -> [UInt8]? {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return out }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            guard i + 1 < bytes.count else { return nil }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var u = hex4() else { return nil }
                if (0xDC80...0xDCFF).contains(u) { out.append(UInt8(u & 0xFF)); continue }
                if (0xD800...0xDBFF).contains(u), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                    u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00)
                }
                let scalar = Unicode.Scalar(u) ?? "\u{FFFD}"
                out += Array(String(Character(scalar)).utf8)
            default: out.append(e)  // \" \\ \/
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else { return nil }
        i += 4
        return v
    }

    mutating func integer() -> Int? {
        skipSpace()
        let start = i
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) || bytes[i] == UInt8(ascii: "-") { i += 1 }
        return Int(String(decoding: bytes[start..<i], as: UTF8.self))
    }

    /// Skips any value (strings, numbers, literals, nested arrays and objects).
    mutating func skipValue() -> Bool {
        skipSpace()
        guard i < bytes.count else { return false }
        if bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") {
            guard depth < Self.maxDepth else { return false }
            depth += 1
        }
        switch bytes[i] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"): defer { depth -= 1 }; return object { _, p in p.skipValue() }
        case UInt8(ascii: "["):
            defer { depth -= 1 }
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return true }
            while true {
                guard skipValue() else { return false }
                skipSpace()
                guard i < bytes.count else { return false }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return true }
                return false
            }
        default:
            let start = i
            while i < bytes.count, !",}] \t\r\n".utf8.contains(bytes[i]) { i += 1 }
            return i > start
        }
    }
}

import RoutegenCore

/// Why a route file could not be read as text, as the diagnostic to print.
public struct RouteFileReadError: Error {
    /// The diagnostic: located at the offending byte when the file is not UTF-8.
    public var diagnostic: Diagnostic
}

extension CommandContext {
    /// The largest route file read. A 10,000-route file is about 1 MB; anything far larger is
    /// not a hand-written route file, and refusing it keeps time and memory bounded.
    public static let maximumRouteFileBytes = 8 * 1024 * 1024

    /// Reads a route file as UTF-8 text, refusing what is not a route file with a clear
    /// diagnostic: a folder, an unreadable path, a file over `maximumRouteFileBytes`, a binary
    /// file (NUL bytes), or bytes that are not UTF-8 (pointing at the first bad byte).
    /// A byte-order mark and CRLF line endings are left for the lexer, which accepts them.
    public func readRouteFile(atPath path: String) throws(RouteFileReadError) -> String {
        let resolved = resolvedPath(path)
        // Refused before reading when the size is known, so a huge file costs neither time nor memory.
        if let size = fileSystem.fileSize(atPath: resolved), size > Self.maximumRouteFileBytes {
            throw Self.tooLarge(path, bytes: size)
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(atPath: resolved)
        } catch {
            throw RouteFileReadError(diagnostic: .error("'\(path)': \(error.reason)", at: nil))
        }
        if bytes.count > Self.maximumRouteFileBytes {
            throw Self.tooLarge(path, bytes: bytes.count)
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw RouteFileReadError(diagnostic: .error(
                "'\(path)' is a binary file (a NUL byte at offset \(nul)), not a route file",
                at: Self.location(ofByte: nul, in: bytes, path: path)
            ))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = Self.firstInvalidUTF8Byte(in: bytes)
            let hex = String(bytes[offset], radix: 16, uppercase: true)
            throw RouteFileReadError(diagnostic: .error(
                "the file is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)); save it as UTF-8",
                at: Self.location(ofByte: offset, in: bytes, path: path)
            ))
        }
        return text
    }

    private static func tooLarge(_ path: String, bytes: Int) -> RouteFileReadError {
        let megabytes = (bytes * 10 / (1024 * 1024) + 5) / 10
        return RouteFileReadError(diagnostic: .error(
            "'\(path)' is \(megabytes) MB; route files over \(maximumRouteFileBytes / (1024 * 1024)) MB are refused. Split the API into several route files",
            at: nil
        ))
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence.
    static func firstInvalidUTF8Byte(in bytes: [UInt8]) -> Int {
        var offset = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return offset
            }
            guard offset + length <= bytes.count,
                  let _ = String(validating: bytes[offset..<(offset + length)], as: UTF8.self) else { return offset }
            offset += length
        }
        return max(0, bytes.count - 1)
    }

    /// Line and column (in Unicode scalars of the valid text before it) of a byte offset.
    private static func location(ofByte offset: Int, in bytes: [UInt8], path: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = 1 + bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count
        return SourceLocation(file: path, line: line, column: column)
    }
}

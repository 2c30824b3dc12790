/// Reads JSON (RFC 8259) into a `DocumentNode` tree with the position of every node: the
/// generator's one JSON reader (OpenAPI descriptions, the lint configuration and baseline,
/// serve's fixtures and request bodies).
///
/// Strict where OpenAPI tools differ: no comments, no trailing commas, no leading zeros or
/// `NaN`. A syntax error stops the reading and is reported at its line and column; a key
/// repeated in one object is an error too, but reading goes on, so every repeat is reported.
public struct JSONDocumentReader: Sendable {
    /// The path diagnostics name.
    public var path: String
    /// What is refused as too big or too deep.
    public var limits: DocumentLimits

    /// Creates a reader for the file at `path`.
    public init(path: String, limits: DocumentLimits = .standard) {
        self.path = path
        self.limits = limits
    }

    /// The document in `bytes` (UTF-8, a leading byte order mark skipped); nil after a syntax
    /// error, which is emitted, as are repeated keys (the tree is still returned then).
    public func read(_ bytes: [UInt8], diagnostics: DiagnosticSink) -> DocumentNode? {
        guard bytes.count <= limits.maximumBytes else {
            diagnostics.emit(.error(
                "the document is \(bytes.count) bytes, over the \(limits.maximumBytesDescription) that are read",
                at: SourceLocation(file: path, line: 1, column: 1)
            ))
            return nil
        }
        return bytes.withUnsafeBufferPointer { buffer -> DocumentNode? in
            var scanner = JSONScanner(bytes: buffer, path: path, limits: limits, diagnostics: diagnostics)
            do throws(JSONSyntaxError) {
                return try scanner.document()
            } catch {
                diagnostics.emit(.error(error.message, at: SourceLocation(file: path, line: error.position.line, column: error.position.column)))
                return nil
            }
        }
    }
}

/// A syntax error: what, and where reading stopped.
struct JSONSyntaxError: Error {
    var message: String
    var position: DocumentPosition
}

/// The scanner behind `JSONDocumentReader`: one pass over the bytes, positions tracked as it
/// goes. Columns count scalars: only strings may hold non-ASCII bytes and no line break, so
/// the continuation bytes of the current line are counted while strings are scanned.
private struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    let limits: DocumentLimits
    let diagnostics: DiagnosticSink
    var offset = 0
    var line = 1
    var lineStart = 0
    var continuationBytesOnLine = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, path: String, limits: DocumentLimits, diagnostics: DiagnosticSink) {
        self.bytes = bytes
        self.path = path
        self.limits = limits
        self.diagnostics = diagnostics
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3
            lineStart = 3
        }
    }

    var position: DocumentPosition {
        DocumentPosition(line: line, column: offset - lineStart - continuationBytesOnLine + 1)
    }

    mutating func document() throws(JSONSyntaxError) -> DocumentNode {
        skipWhitespace()
        guard offset < bytes.count else { throw JSONSyntaxError(message: "not JSON: the document is empty", position: position) }
        let root = try value()
        skipWhitespace()
        if offset < bytes.count {
            throw JSONSyntaxError(message: "not JSON: \(describeNext()) after the document's value", position: position)
        }
        return root
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0D: offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
                continuationBytesOnLine = 0
            default: return
            }
        }
    }

    func describeNext() -> String {
        guard offset < bytes.count else { return "the end of the document" }
        let byte = bytes[offset]
        if byte >= 0x21, byte < 0x7F { return "'" + String(UnicodeScalar(byte)) + "'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func value() throws(JSONSyntaxError) -> DocumentNode {
        let start = position
        guard offset < bytes.count else { throw JSONSyntaxError(message: "not JSON: expected a value, found the end of the document", position: start) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(at: start)
        case UInt8(ascii: "["): return try array(at: start)
        case UInt8(ascii: "\""): return DocumentNode(.string(try string()), at: start)
        case UInt8(ascii: "t"): try literal("true"); return DocumentNode(.bool(true), at: start)
        case UInt8(ascii: "f"): try literal("false"); return DocumentNode(.bool(false), at: start)
        case UInt8(ascii: "n"): try literal("null"); return DocumentNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return DocumentNode(.number(try number()), at: start)
        default: throw JSONSyntaxError(message: "not JSON: expected a value, found \(describeNext())", position: start)
        }
    }

    mutating func enter(at start: DocumentPosition) throws(JSONSyntaxError) {
        depth += 1
        if depth > limits.maximumDepth {
            throw JSONSyntaxError(message: "the document nests deeper than \(limits.maximumDepth) levels", position: start)
        }
    }

    mutating func object(at start: DocumentPosition) throws(JSONSyntaxError) -> DocumentNode {
        try enter(at: start)
        offset += 1
        var entries: [DocumentEntry] = []
        var seen = DuplicateKeyFinder()
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return DocumentNode(.mapping(entries), at: start)
        }
        while true {
            skipWhitespace()
            let keyStart = position
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(message: "not JSON: expected a string key, found \(describeNext())", position: keyStart)
            }
            let key = try string()
            if let first = seen.insert(key, at: keyStart, among: entries) {
                diagnostics.emit(.error(
                    "duplicate key '\(key)' in one object; the first is at \(first)",
                    at: SourceLocation(file: path, line: keyStart.line, column: keyStart.column)
                ))
            }
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(message: "not JSON: expected ':' after the key '\(key)', found \(describeNext())", position: position)
            }
            offset += 1
            skipWhitespace()
            let member = try value()
            entries.append(DocumentEntry(key: DocumentNode(.string(key), at: keyStart), value: member))
            if try isClosed(by: "}", container: "object", start: start) {
                return DocumentNode(.mapping(entries), at: start)
            }
        }
    }

    mutating func array(at start: DocumentPosition) throws(JSONSyntaxError) -> DocumentNode {
        try enter(at: start)
        offset += 1
        var elements: [DocumentNode] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return DocumentNode(.sequence(elements), at: start)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            if try isClosed(by: "]", container: "array", start: start) {
                return DocumentNode(.sequence(elements), at: start)
            }
        }
    }

    /// After a member of the object or array that starts at `start`: true past its closing
    /// bracket, false past a comma (another member follows); anything else is an error.
    private mutating func isClosed(by closing: Unicode.Scalar, container: String, start: DocumentPosition) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else {
            throw JSONSyntaxError(message: "not JSON: the \(container) that starts at \(start) is not closed", position: position)
        }
        if bytes[offset] == UInt8(ascii: ",") {
            offset += 1
            return false
        }
        if bytes[offset] == UInt8(ascii: closing) {
            offset += 1
            depth -= 1
            return true
        }
        throw JSONSyntaxError(message: "not JSON: expected ',' or '\(closing)' in the \(container) that starts at \(start), found \(describeNext())", position: position)
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = position
        let letters = Array(word.utf8)
        let count = letters.count
        let matches = offset + count <= bytes.count && (0..<count).allSatisfy { bytes[offset + $0] == letters[$0] }
        guard matches else { throw JSONSyntaxError(message: "not JSON: expected a value, found \(describeNext())", position: start) }
        offset += count
    }

    mutating func number() throws(JSONSyntaxError) -> String {
        let start = offset
        let startPosition = position
        func digits(_ scanner: inout JSONScanner) -> Int {
            let first = scanner.offset
            while scanner.offset < scanner.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scanner.bytes[scanner.offset]) {
                scanner.offset += 1
            }
            return scanner.offset - first
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw JSONSyntaxError(message: "not JSON: expected a digit after '-'", position: position) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw JSONSyntaxError(message: "not JSON: a number may not start with a zero (\(text(start..<offset)))", position: startPosition)
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw JSONSyntaxError(message: "not JSON: expected a digit after the decimal point", position: position) }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw JSONSyntaxError(message: "not JSON: expected a digit in the exponent", position: position) }
        }
        return text(start..<offset)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The string that starts at the opening quote at `offset`, its escapes decoded.
    mutating func string() throws(JSONSyntaxError) -> String {
        let start = position
        offset += 1
        let contentStart = offset
        // The common case: no escapes, so the bytes are the string.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let result = try validated(contentStart..<offset, stringStart: start)
                offset += 1
                return result
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(byte) }
            if byte & 0xC0 == 0x80 { continuationBytesOnLine += 1 }
            offset += 1
        }
        var decoded: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let result = String(validating: decoded, as: UTF8.self) else {
                    throw JSONSyntaxError(message: "not JSON: the string is not valid UTF-8", position: start)
                }
                return result
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case ..<0x20:
                throw controlCharacter(byte)
            default:
                if byte & 0xC0 == 0x80 { continuationBytesOnLine += 1 }
                decoded.append(byte)
                offset += 1
            }
        }
        throw JSONSyntaxError(message: "not JSON: the string that starts at \(start) is not closed", position: start)
    }

    func validated(_ range: Range<Int>, stringStart: DocumentPosition) throws(JSONSyntaxError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard let result = String(validating: slice, as: UTF8.self) else {
            throw JSONSyntaxError(message: "not JSON: the string is not valid UTF-8", position: stringStart)
        }
        return result
    }

    func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
        let name = byte == 0x0A ? "a line break" : byte == 0x09 ? "a tab" : "the control character 0x" + String(byte, radix: 16, uppercase: true)
        return JSONSyntaxError(message: "not JSON: \(name) in a string must be escaped", position: position)
    }

    mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let start = position
        offset += 1
        guard offset < bytes.count else { throw JSONSyntaxError(message: "not JSON: the string ends in an escape", position: start) }
        let letter = bytes[offset]
        offset += 1
        switch letter {
        case UInt8(ascii: "\""): decoded.append(0x22)
        case UInt8(ascii: "\\"): decoded.append(0x5C)
        case UInt8(ascii: "/"): decoded.append(0x2F)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeStart: start)
            if (0xD800..<0xDC00).contains(scalar) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(message: "not JSON: \\u\(String(scalar, radix: 16, uppercase: true)) is half of a surrogate pair, and the other half is missing", position: start)
                }
                offset += 2
                let low = try hexQuad(escapeStart: start)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw JSONSyntaxError(message: "not JSON: \\u\(String(scalar, radix: 16, uppercase: true)) is not followed by the low half of a surrogate pair", position: start)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw JSONSyntaxError(message: "not JSON: \\u\(String(scalar, radix: 16, uppercase: true)) is the low half of a surrogate pair without its high half", position: start)
            }
            decoded.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
            throw JSONSyntaxError(message: "not JSON: '\\\(String(UnicodeScalar(letter)))' is no escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", position: start)
        }
    }

    mutating func hexQuad(escapeStart: DocumentPosition) throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw JSONSyntaxError(message: "not JSON: \\u needs four hexadecimal digits", position: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw JSONSyntaxError(message: "not JSON: \\u needs four hexadecimal digits", position: escapeStart)
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }
}

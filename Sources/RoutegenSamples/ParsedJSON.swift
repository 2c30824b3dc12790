/// A JSON value as a request body or fixture file holds it, parsed without Foundation so
/// that `true` and `1` stay apart and members keep their order: what `SampleValidator` checks.
public indirect enum ParsedJSON: Hashable, Sendable {
    /// An object; members in the order written (a repeated key keeps both).
    case object([(key: String, value: ParsedJSON)])
    /// An array.
    case array([ParsedJSON])
    /// A string.
    case string(String)
    /// A number, as written; `isInteger` when it has no fraction or exponent.
    case number(String, isInteger: Bool)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    public static func == (lhs: ParsedJSON, rhs: ParsedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.number(let left, _), .number(let right, _)): left == right
        case (.bool(let left), .bool(let right)): left == right
        case (.null, .null): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(0)
            for member in members { hasher.combine(member.key); hasher.combine(member.value) }
        case .array(let elements): hasher.combine(1); hasher.combine(elements)
        case .string(let text): hasher.combine(2); hasher.combine(text)
        case .number(let text, _): hasher.combine(3); hasher.combine(text)
        case .bool(let value): hasher.combine(4); hasher.combine(value)
        case .null: hasher.combine(5)
        }
    }

    /// What a malformed text is: a message and the byte offset it stops at.
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong, lower case: `expected ':' after an object key`.
        public var message: String
        /// The offset in bytes from the start of the text.
        public var offset: Int

        /// Creates an error.
        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }

        /// `not JSON: <message> at byte <offset>`.
        public var description: String { "not JSON: " + message + " at byte " + String(offset) }
    }

    /// Parses `bytes` (UTF-8) as one JSON value with nothing but whitespace around it.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> ParsedJSON {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw SyntaxError(message: "unexpected text after the value", offset: parser.index) }
        return value
    }

    /// Parses `text` as one JSON value.
    public static func parse(_ text: String) throws(SyntaxError) -> ParsedJSON {
        try parse(Array(text.utf8))
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func fail(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: index) }

        mutating func value(depth: Int) throws(SyntaxError) -> ParsedJSON {
            guard depth < 200 else { throw fail("nested too deeply") }
            guard index < bytes.count else { throw fail("unexpected end of text") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: ParsedJSON)] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                    let key = try string()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after an object key") }
                    index += 1
                    skipWhitespace()
                    members.append((key, try value(depth: depth + 1)))
                    skipWhitespace()
                    guard index < bytes.count else { throw fail("unexpected end of text") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    throw fail("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [ParsedJSON] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                while true {
                    skipWhitespace()
                    elements.append(try value(depth: depth + 1))
                    skipWhitespace()
                    guard index < bytes.count else { throw fail("unexpected end of text") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                    throw fail("expected ',' or ']'")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try number()
            default:
                throw fail("unexpected character")
            }
        }

        mutating func word(_ text: String) throws(SyntaxError) {
            let expected = Array(text.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
                throw fail("unexpected character")
            }
            index += expected.count
        }

        mutating func number() throws(SyntaxError) -> ParsedJSON {
            let start = index
            var isInteger = true
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = { (parser: inout Parser) -> Int in
                let from = parser.index
                while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) { parser.index += 1 }
                return parser.index - from
            }
            guard digits(&self) > 0 else { throw fail("expected a digit") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                isInteger = false
                guard digits(&self) > 0 else { throw fail("expected a digit after '.'") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                isInteger = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { throw fail("expected a digit in the exponent") }
            }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self), isInteger: isInteger)
        }

        mutating func string() throws(SyntaxError) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    flush()
                    return String(scalars)
                }
                if byte < 0x20 { throw fail("control character in a string") }
                if byte != UInt8(ascii: "\\") {
                    raw.append(byte)
                    index += 1
                    continue
                }
                flush()
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    index -= 1
                    throw fail("unknown escape")
                }
            }
            throw fail("unterminated string")
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else {
                throw fail("expected four hex digits after '\\u'")
            }
            index += 4
            return code
        }
    }
}

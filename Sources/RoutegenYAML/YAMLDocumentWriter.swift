import RoutegenCore

/// Writes a `DocumentNode` tree as YAML in block style: two-space indentation, mappings in the
/// order given, sequences as `- item`, empty collections as `[]` and `{}`, and a final line
/// break. The same tree always gives the same bytes, and the text reads back as the same tree.
///
/// A string is written plain only when no YAML reader can take it for something else: not
/// for another type under YAML 1.2's core schema nor YAML 1.1's (which PyYAML, and so most
/// OpenAPI tools, still read: `yes`, `on`, `1_000`, `2024-01-01`), not starting with an
/// indicator, without `: ` or ` #`, without spaces at its ends, without a line break or a
/// character YAML must escape. Every other string is double-quoted with escapes; multi-line
/// strings too, so trailing spaces and final line breaks survive exactly.
public struct YAMLDocumentWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// The document as YAML text, ending with a line break.
    public func text(of node: DocumentNode) -> String {
        var output = ""
        switch node.value {
        case .sequence(let elements) where !elements.isEmpty:
            writeSequence(elements, indent: "", into: &output)
        case .mapping(let entries) where !entries.isEmpty:
            writeMapping(entries, indent: "", into: &output)
        default:
            output.append(Self.inline(node))
            output.append("\n")
        }
        return output
    }

    /// The document as UTF-8 bytes (`text(of:)`).
    public func bytes(of node: DocumentNode) -> [UInt8] {
        Array(text(of: node).utf8)
    }

    /// Each entry on its own line at `indent`; a non-empty collection value goes below its key.
    /// With `continuingLine`, the first entry goes on the line already started (after `- `).
    private func writeMapping(_ entries: [DocumentEntry], indent: String, continuingLine: Bool = false, into output: inout String) {
        for (index, entry) in entries.enumerated() {
            if index > 0 || !continuingLine { output.append(indent) }
            let key: String
            switch entry.key.value {
            case .sequence, .mapping: key = JSONDocumentWriter().compactText(of: entry.key)
            default: key = Self.inline(entry.key)
            }
            if key.unicodeScalars.count > Self.longestImplicitKey || entry.key.entries != nil || entry.key.sequence != nil {
                // YAML limits an implicit key to 1024 characters and one line; a collection key
                // (never in OpenAPI) is one-line JSON, which is YAML too. Both go explicit.
                output.append("? " + key + "\n" + indent + ":")
            } else {
                output.append(key)
                output.append(":")
            }
            writeValue(entry.value, indent: indent, into: &output)
        }
    }

    /// The longest key written as an implicit key (YAML allows 1024 characters; some room for the quotes).
    static let longestImplicitKey = 1000

    /// `- item` per element; a collection element starts on the dash's line (`- key: value`).
    private func writeSequence(_ elements: [DocumentNode], indent: String, continuingLine: Bool = false, into output: inout String) {
        for (index, element) in elements.enumerated() {
            if index > 0 || !continuingLine { output.append(indent) }
            output.append("- ")
            switch element.value {
            case .mapping(let entries) where !entries.isEmpty:
                writeMapping(entries, indent: indent + "  ", continuingLine: true, into: &output)
            case .sequence(let inner) where !inner.isEmpty:
                writeSequence(inner, indent: indent + "  ", continuingLine: true, into: &output)
            default:
                output.append(Self.inline(element))
                output.append("\n")
            }
        }
    }

    /// What follows a key's colon: ` scalar` on the line, or the collection on the lines below.
    private func writeValue(_ value: DocumentNode, indent: String, into output: inout String) {
        switch value.value {
        case .mapping(let entries) where !entries.isEmpty:
            output.append("\n")
            writeMapping(entries, indent: indent + "  ", into: &output)
        case .sequence(let elements) where !elements.isEmpty:
            output.append("\n")
            writeSequence(elements, indent: indent + "  ", into: &output)
        default:
            output.append(" ")
            output.append(Self.inline(value))
            output.append("\n")
        }
    }

    /// A scalar or an empty collection as it stands on one line.
    static func inline(_ node: DocumentNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): isPlainSafe(text) ? text : doubleQuoted(text)
        case .sequence: "[]"
        case .mapping: "{}"
        }
    }

    /// Words YAML 1.2's core schema or YAML 1.1 resolve as null or a boolean, and `<<` and `=`,
    /// which YAML 1.1 gives meanings of their own.
    private static let reservedWords: Set<String> = [
        "null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE",
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
        "<<", "=",
    ]

    /// Characters that may not start a plain scalar (YAML's indicators), for any reader.
    private static let indicators: Set<Unicode.Scalar> = [
        "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
    ]

    /// Whether `text` reads back as this very string when written without quotes.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if reservedWords.contains(text) || indicators.contains(first) { return false }
        // Anything that starts like a number (`1`, `-1`, `+1`, `.5`, `.inf`, `0x1F`, a date,
        // `1:20`) is quoted: no schema's number forms are then a question.
        if first == "." || first == "+" || ("0"..."9").contains(first) { return false }
        if first == " " || last == " " || last == ":" { return false }
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if !isPrintableUnescaped(scalar) || scalar == "\t" { return false }
            if scalar == "#" && previous == " " { return false }
            if previous == ":" && scalar == " " { return false }
            previous = scalar
        }
        return true
    }

    /// YAML's printable set (c-printable) without the characters a plain scalar cannot hold
    /// literally: line breaks, NEL, the line and paragraph separators and the byte order mark.
    private static func isPrintableUnescaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x2027, 0x202A...0xD7FF, 0xE000...0xFEFE, 0xFF00...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `text` as a double-quoted scalar: `\\`, `\"`, the usual control escapes, and `\x`/`\u`/`\U`
    /// for anything outside the printable set; every other character as it is (UTF-8).
    static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            case _ where isPrintableUnescaped(scalar) || scalar == " ": result.unicodeScalars.append(scalar)
            case _ where scalar.value <= 0xFF: result += "\\x" + hex(scalar.value, digits: 2)
            case _ where scalar.value <= 0xFFFF: result += "\\u" + hex(scalar.value, digits: 4)
            default: result += "\\U" + hex(scalar.value, digits: 8)
            }
        }
        return result + "\""
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

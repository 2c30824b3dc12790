/// JSON text that routegen writes itself (lint baselines, samples), escaped the way Foundation's
/// `JSONEncoder` escapes it, so files and answers read the same whichever writes them.
public enum JSONText {
    /// `text` as a JSON string literal: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control
    /// characters as `\u00xx`; `/` and non-ASCII characters as they are (the text is UTF-8).
    public static func quoted(_ text: String) -> String {
        var result = ""
        appendQuoted(text, to: &result)
        return result
    }

    /// Appends `quoted(text)` to `output`, without a string of its own: a text with no byte to
    /// escape (the usual key or value) is appended whole rather than scalar by scalar. The bytes
    /// `quoted` escapes are all ASCII, and no byte of a multi-byte UTF-8 sequence is ASCII.
    public static func appendQuoted(_ text: String, to output: inout String) {
        output.append("\"")
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(text)
            output.append("\"")
            return
        }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        output.append(result)
        output.append("\"")
    }
}

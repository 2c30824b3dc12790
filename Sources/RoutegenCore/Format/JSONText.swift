/// JSON text that routegen writes itself (lint baselines, samples), escaped the way Foundation's
/// `JSONEncoder` escapes it, so files and answers read the same whichever writes them.
public enum JSONText {
    /// `text` as a JSON string literal: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control
    /// characters as `\u00xx`; `/` and non-ASCII characters as they are (the text is UTF-8).
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of `quoted(text)` to `output`, without a string of its own. The
    /// bytes it escapes are all ASCII, and no byte of a multi-byte UTF-8 sequence is ASCII, so it
    /// works byte by byte; a text with none to escape (the usual key or value) is copied whole.
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // One look at the bytes for the usual text: a sample's keys and values are short, and a
        // scan and a copy each lending the bytes again cost more than the bytes themselves.
        var text = text
        let copied = text.withUTF8 { bytes -> Bool in
            for byte in bytes where needsEscape(byte) { return false }
            output.append(contentsOf: bytes)
            return true
        }
        guard !copied else {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case _ where byte < 0x20:
                let hex = String(byte, radix: 16)
                output.appendUTF8("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether `quoted` writes `byte` escaped: a quote, a backslash or a control character.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

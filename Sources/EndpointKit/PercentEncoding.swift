import Foundation

/// Strict RFC 3986 encoding: everything outside the unreserved set becomes `%XX` of its UTF-8 bytes.
enum PercentEncoding {
    /// The text with every byte outside the unreserved set percent-encoded (upper-case hex).
    static func encode(_ text: String) -> String {
        encode(text, keeping: isUnreserved)
    }

    /// A path segment the route itself spells (`levels:append`, `me@home`): RFC 3986's `pchar`s
    /// (the unreserved set, `:`, `@` and the sub-delimiters `!$&'()*+,;=`) are sent as written,
    /// as the description writes them and servers route on them; every other byte is encoded.
    static func encodeLiteralSegment(_ text: String) -> String {
        encode(text, keeping: isPathCharacter)
    }

    private static func encode(_ text: String, keeping isKept: (UInt8) -> Bool) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isKept(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0x0F)]
            }
        }
        return encoded
    }

    /// `name=value` pairs joined by `&`, both sides strictly encoded; a nil value gives `name=`
    /// when `keepingNilValues`, and nothing otherwise.
    static func encodePairs(_ items: [URLQueryItem], keepingNilValues: Bool) -> String {
        items.compactMap { item -> String? in
            guard let value = item.value else {
                return keepingNilValues ? encode(item.name) + "=" : nil
            }
            return encode(item.name) + "=" + encode(value)
        }
        .joined(separator: "&")
    }

    private static let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    /// RFC 3986's `pchar`: unreserved, sub-delimiters, `:` and `@`.
    static func isPathCharacter(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$&'()*+,;=:@".utf8.contains(byte)
    }

    /// `A-Z a-z 0-9 - . _ ~`: the only characters that never need encoding anywhere in a URL.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

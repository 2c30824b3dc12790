/// How routegen splits a name into words: the one place for it, used to make Swift names
/// (`SwiftNaming.lowerCamelCase`) and to read names the way people do (the lint rules).
public enum NameWords {
    /// The runs of letters and digits between any other characters, case kept:
    /// `per_page` → `["per", "page"]`, `X-API-Key` → `["X", "API", "Key"]`, `userId` → `["userId"]`.
    public static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// The words as a person reads them, lower-cased, split also where a lower-case letter or a
    /// digit meets a capital, so `userId`, `user_id`, `User-ID` and `USER_ID` read alike:
    /// `accessToken` → `["access", "token"]`, `X-API-Key` → `["x", "api", "key"]`.
    public static func readingWords(_ name: String) -> [String] {
        if let words = asciiReadingWords(name) { return words }
        var result: [String] = []
        for word in words(name) {
            var current = ""
            var previousWasLower = false
            for character in word {
                if character.isUppercase && previousWasLower && !current.isEmpty {
                    result.append(current)
                    current = ""
                }
                current += character.lowercased()
                previousWasLower = character.isLowercase || character.isNumber
            }
            if !current.isEmpty { result.append(current) }
        }
        return result
    }

    /// `readingWords` of an ASCII name, byte by byte; nil for a name with a non-ASCII byte. The
    /// sample maker reads every field's name this way for every sample it makes, and characters
    /// (a grapheme break and a lower-cased string each) cost a hundred times more than bytes.
    private static func asciiReadingWords(_ name: String) -> [String]? {
        var name = name
        return name.withUTF8 { bytes -> [String]? in
            var result: [String] = []
            var current: [UInt8] = []
            var previousWasLower = false
            func endWord() {
                if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if previousWasLower { endWord() }
                    current.append(byte + 32)
                    previousWasLower = false
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    current.append(byte)
                    previousWasLower = true
                case 0x80...:
                    return nil
                default:
                    // A separator ends the word, and a new word starts with nothing before it.
                    endWord()
                    previousWasLower = false
                }
            }
            endWord()
            return result
        }
    }

    /// The name lower-cased with every separator removed: `User_ID` → `userid`.
    public static func squashed(_ name: String) -> String {
        readingWords(name).joined()
    }

    /// A letter (ASCII, or alphabetic beyond ASCII) or an ASCII digit; `_` separates words.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || (scalar.value > 0x7F && scalar.properties.isAlphabetic)
    }
}

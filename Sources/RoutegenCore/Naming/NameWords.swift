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

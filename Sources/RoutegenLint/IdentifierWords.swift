/// Splits names into lower-case words the way people read them, so rules can match
/// `userId`, `user_id`, `User-ID` and `USER_ID` alike.
enum IdentifierWords {
    /// `accessToken` → `["access", "token"]`, `api_key` → `["api", "key"]`, `X-API-Key` → `["x", "api", "key"]`.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in name {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase && previousWasLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The name lower-cased with every separator removed: `User_ID` → `userid`.
    static func squashed(_ name: String) -> String {
        words(name).joined()
    }
}

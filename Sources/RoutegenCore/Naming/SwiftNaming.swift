/// Every decision about Swift names in one place: case conversion, identifier checks,
/// keyword escaping and reserved member names. The validator and every emitter use it.
public enum SwiftNaming {
    /// Words that must be written in backticks to be used as an identifier.
    public static let keywords: Set<String> = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated",
        "open", "operator", "package", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_",
    ]

    /// Names that cannot be a member even in backticks (`Foo.Type` means the metatype),
    /// or that would shadow something every type has; they get a trailing underscore.
    /// `_` is here too: it is a keyword that backticks do not turn into a usable name.
    public static let reservedMemberNames: Set<String> = ["Type", "Protocol", "init", "self", "Self", "deinit", "subscript", "_"]

    /// Whether `name` is a Swift identifier: a letter or `_`, then letters, digits or `_`.
    /// Keywords count as identifiers here; the emitter escapes them.
    public static func isIdentifier(_ name: String) -> Bool {
        // ASCII (nearly every name) by its bytes; the scalar walk below decides the same.
        if let answer = asciiIsIdentifier(name) { return answer }
        guard let first = name.unicodeScalars.first else { return false }
        guard isIdentifierHead(first) else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { isIdentifierHead($0) || ("0"..."9").contains($0) }
    }

    /// Whether `name` is a type name: an identifier that may be module-qualified (`Foundation.Date`).
    public static func isTypeName(_ name: String) -> Bool {
        // Most names have no module: no dot byte means no dot character, and one part.
        if !name.containsUTF8Byte(where: { $0 == UInt8(ascii: ".") }) { return isIdentifier(name) }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isIdentifier(String($0)) }
    }

    /// `isIdentifier` from the bytes: an ASCII character no identifier has decides it wherever it
    /// stands; nil when a byte that is not ASCII comes first (the scalar walk decides then).
    private static func asciiIsIdentifier(_ name: String) -> Bool? {
        let answer = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard let first = bytes.first else { return false }
            guard first < 0x80 else { return nil }
            guard isASCIIIdentifierHead(first) else { return false }
            for byte in bytes.dropFirst() {
                guard byte < 0x80 else { return nil }
                guard isASCIIIdentifierHead(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else { return false }
            }
            return true
        }
        return answer ?? nil
    }

    @inline(__always) private static func isASCIIIdentifierHead(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || (scalar.value > 0x7F && scalar.properties.isAlphabetic)
    }

    /// lowerCamelCase from a wire name: `per_page` → `perPage`, `page.size` → `pageSize`,
    /// `If-Match` → `ifMatch`, `X-EARLY-ACCESS` → `xEarlyAccess`, `URLPath` → `urlPath`.
    /// Words are split at `_`, `-`, `.` and any other character that cannot be in an identifier.
    public static func lowerCamelCase(_ wireName: String) -> String {
        // Already lowerCamelCase (`id`, `userId`, `page2`): the name itself, as the byte path
        // below would rebuild it, without copying its bytes twice.
        if wireName.utf8.withContiguousStorageIfAvailable({ isPlainLowerCamelCase($0) }) == true { return wireName }
        if wireName.utf8.allSatisfy({ $0 < 0x80 }) { return asciiLowerCamelCase(Array(wireName.utf8)) }
        let words = NameWords.words(wireName)
        guard let first = words.first else { return "_" }

        var result = lowercasingLeadingCapitals(first)
        for word in words.dropFirst() {
            let isShouting = word == word.uppercased() && word != word.lowercased()
            let normalized = isShouting ? word.lowercased() : word
            result += normalized.prefix(1).uppercased() + normalized.dropFirst()
        }
        if let head = result.unicodeScalars.first, ("0"..."9").contains(head) {
            result = "_" + result
        }
        return result
    }

    /// One ASCII word that starts lower case: letters and digits, the first a lower-case letter.
    private static func isPlainLowerCamelCase(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let head = bytes.first, head >= UInt8(ascii: "a"), head <= UInt8(ascii: "z") else { return false }
        return bytes.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    /// `lowerCamelCase` of an all-ASCII wire name, on bytes: the same words, capitals and
    /// leading `_`, without building a `String` per word or breaking graphemes.
    private static func asciiLowerCamelCase(_ bytes: [UInt8]) -> String {
        // Already lowerCamelCase (`id`, `userId`, `page2`): one word that starts lower case.
        if let head = bytes.first, head >= UInt8(ascii: "a"), head <= UInt8(ascii: "z"),
           bytes.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func lowered(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 32 : byte }
        func raised(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte - 32 : byte }

        var words: [ArraySlice<UInt8>] = []
        var start: Int?
        for index in bytes.indices {
            if isUpper(bytes[index]) || isLower(bytes[index]) || isDigit(bytes[index]) {
                if start == nil { start = index }
            } else if let wordStart = start {
                words.append(bytes[wordStart..<index])
                start = nil
            }
        }
        if let wordStart = start { words.append(bytes[wordStart...]) }
        guard let first = words.first else { return "_" }

        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        // The first word: a leading run of capitals is lowered, but the last capital of a run
        // that is followed by more letters starts the next word (`URLPath` → `urlPath`).
        let upperRun = first.prefix(while: isUpper).count
        let loweredCount = upperRun == first.count ? upperRun : upperRun <= 1 ? upperRun : upperRun - 1
        for (offset, byte) in first.enumerated() {
            result.append(offset < loweredCount ? lowered(byte) : byte)
        }
        for word in words.dropFirst() {
            // An all-capitals word (`EARLY`) is lowered before its first letter is raised.
            let isShouting = word.contains(where: isUpper) && !word.contains(where: isLower)
            for (offset, byte) in word.enumerated() {
                result.append(offset == 0 ? raised(byte) : isShouting ? lowered(byte) : byte)
            }
        }
        if let head = result.first, isDigit(head) { result.insert(UInt8(ascii: "_"), at: 0) }
        return String(decoding: result, as: UTF8.self)
    }

    /// `URLPath` → `urlPath`, `ETag` → `eTag`, `ID` → `id`, `userId` → `userId`.
    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return word }
        if upperRun == characters.count { return word.lowercased() }
        // Keep the last capital of a run as the start of the next word: URLPath → url|Path.
        let lowered = upperRun == 1 ? 1 : upperRun - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// UpperCamelCase, for type names made from a group or API name: `books` → `Books`.
    public static func upperCamelCase(_ name: String) -> String {
        let lower = lowerCamelCase(name)
        let trimmed = lower.hasPrefix("_") && lower.count > 1 ? String(lower.dropFirst()) : lower
        return trimmed.prefix(1).uppercased() + trimmed.dropFirst()
    }

    /// The name as it may be written in Swift source where a member or label is declared
    /// or used: keywords in backticks, reserved member names with a trailing underscore.
    public static func escapedIdentifier(_ name: String) -> String {
        // Emitters escape every name they write: a lookup only for a name whose length and first
        // byte some escaped name has (hashing a name cost more than the rest of escaping it).
        let utf8 = name.utf8
        guard let first = utf8.first, utf8.count <= longestEscapedName,
              escapedNameStarts[utf8.count &* 128 &+ Int(first & 0x7F)] else { return name }
        return escapedNames[name] ?? name
    }

    /// For each length and first byte (`length * 128 + byte`), whether a name in `escapedNames` has them.
    private static let escapedNameStarts: [Bool] = {
        var starts = [Bool](repeating: false, count: (longestEscapedName + 1) * 128)
        for name in escapedNames.keys {
            starts[name.utf8.count * 128 + Int(name.utf8.first! & 0x7F)] = true
        }
        return starts
    }()

    /// `escapedIdentifier`'s answer for each name it changes: a reserved member name gets `_`, any
    /// other keyword backticks.
    private static let escapedNames: [String: String] = {
        var names: [String: String] = [:]
        for keyword in keywords { names[keyword] = "`" + keyword + "`" }
        for reserved in reservedMemberNames { names[reserved] = reserved + "_" }
        return names
    }()

    /// The length in UTF-8 bytes of the longest name in `escapedNames`.
    private static let longestEscapedName = escapedNames.keys.map(\.utf8.count).max() ?? 0

    /// The Swift argument label of a parameter: its wire name in lowerCamelCase, escaped.
    public static func argumentLabel(forWireName wireName: String) -> String {
        escapedIdentifier(lowerCamelCase(wireName))
    }

    /// A declared label (`escapedIdentifier`'s result) as a call site writes it: a keyword needs
    /// no backticks in an argument list, where the compiler warns about them, except `inout`.
    public static func callSiteLabel(forDeclaredLabel label: String) -> String {
        guard label.hasPrefix("`") else { return label }
        let bare = String(label.dropFirst().dropLast())
        return bare == "inout" ? label : bare
    }

    /// The Swift string literal for `text`, with quotes, backslashes, control characters
    /// and interpolation escaped, so any text from a route file is safe inside `"..."`.
    public static func stringLiteral(_ text: String) -> String {
        // Every character that needs escaping is ASCII, and UTF-8 never uses ASCII bytes inside
        // a longer scalar, so text without such a byte is the literal's body as it stands.
        if !text.containsUTF8Byte(where: needsEscape) {
            // Written into a string of the final size: appending three pieces to a string costs
            // more than the copy, and emitters quote every name and path they write.
            var body = text
            return body.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count + 2) { buffer in
                    buffer[0] = UInt8(ascii: "\"")
                    if let source = bytes.baseAddress { (buffer.baseAddress! + 1).initialize(from: source, count: bytes.count) }
                    buffer[bytes.count + 1] = UInt8(ascii: "\"")
                    return bytes.count + 2
                }
            }
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A raw string literal holding `text` exactly, for long embedded text such as a sample's
    /// JSON: `#"{"id":"book-1"}"#`, with one `#` more than the longest run of `#` after a quote or
    /// backslash in the text; a text with a line break or other control character, or one that
    /// starts with `""` (which would open a multi-line literal), falls back to `stringLiteral`.
    public static func rawStringLiteral(_ text: String) -> String {
        if text.hasPrefix("\"\"") || text.containsUTF8Byte(where: { $0 < 0x20 || $0 == 0x7F }) { return stringLiteral(text) }
        // Over the contiguous bytes: a sample's JSON, scanned here, is up to tens of kilobytes.
        var copy = text
        let longest = copy.withUTF8 { bytes in
            var longest = 0
            var run = -1
            for byte in bytes {
                if byte == UInt8(ascii: "#"), run >= 0 {
                    run += 1
                    longest = max(longest, run)
                } else {
                    run = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") ? 0 : -1
                }
            }
            return longest
        }
        let hashes = String(repeating: "#", count: longest + 1)
        return hashes + "\"" + text + "\"" + hashes
    }

    /// The name of a generated type's sample value: `sample`, or `sampleValue` for an enum or
    /// union with a case of that name (a case and a static property cannot share it).
    public static func sampleMemberName(caseNames: [String]) -> String {
        caseNames.contains("sample") ? "sampleValue" : "sample"
    }

    /// The name of a generated type's sample JSON text: `sampleJSON`, with `Text` appended for an
    /// enum or union with a case of that name.
    public static func sampleJSONMemberName(caseNames: [String]) -> String {
        var name = "sampleJSON"
        while caseNames.contains(name) { name += "Text" }
        return name
    }

    /// Whether a UTF-8 byte is one `stringLiteral` escapes: `\\`, `"`, a control character or DEL.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"")
    }
}

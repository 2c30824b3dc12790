/// Checks a parameter's `= value` against its type and turns it into a `DefaultValue`.
///
/// Defaults are allowed on the types whose literals routegen can check: integers (`Int`,
/// `Int8`...`Int64`, `UInt`...`UInt64`, range-checked), `Double` and `Float` (integer or
/// decimal literals), `Bool` (`true`, `false`) and `String` (a double-quoted string), and on
/// their optionals. Anything else would be a guess the Swift compiler might refuse.
struct DefaultValueChecker {
    let parameterName: String
    let type: TypeReference
    let token: SyntaxToken

    mutating func check() -> Result<DefaultValue, DiagnosticError> {
        let base = type.nonOptional
        let written = token.text
        if base.isArray {
            return failure("parameter '\(parameterName)' of type '\(type)' cannot have a default value; an array already defaults to empty")
        }
        switch ScalarKind(base) {
        case .integer(let integerType):
            let range = integerType.range
            guard token.kind == .word, Self.isInteger(written) else {
                return failure("default value \(quoted) does not fit type '\(type)'; write a whole number such as 20")
            }
            guard let value = Int64(written), range.contains(value) else {
                return failure("default value \(quoted) does not fit type '\(type)'; it is out of range")
            }
            return .success(.integer(written))
        case .floatingPoint:
            guard token.kind == .word else {
                return failure("default value \(quoted) does not fit type '\(type)'; write a number such as 0.5")
            }
            if Self.isInteger(written) { return .success(.integer(written)) }
            if Self.isDecimal(written) { return .success(.float(written)) }
            return failure("default value \(quoted) does not fit type '\(type)'; write a number such as 0.5")
        case .boolean:
            guard token.kind == .word, written == "true" || written == "false" else {
                return failure("default value \(quoted) does not fit type '\(type)'; write 'true' or 'false'")
            }
            return .success(.boolean(written == "true"))
        case .text:
            guard token.kind == .string else {
                return failure("default value \(quoted) does not fit type '\(type)'; write a string in double quotes", fixIt: "\"" + written + "\"")
            }
            return StringLiteral.unescape(token).map { .string($0) }
        case .date, .uuid, .identifier, nil:
            // A generic or nested type is quoted as the route file wrote it, a plain name in quotes.
            let isPlainName = if case .named(_, let arguments) = base { arguments.isEmpty } else { false }
            return failure("default value \(isPlainName ? quoted : written) cannot be checked against type '\(type)'; defaults are allowed on Int, Double, Bool and String parameters")
        }
    }

    /// The value as messages quote it: a word in single quotes, a string as written.
    private var quoted: String {
        token.kind == .string ? token.text : "'" + token.text + "'"
    }

    private func failure(_ message: String, fixIt: String? = nil) -> Result<DefaultValue, DiagnosticError> {
        .failure(DiagnosticError(.error(message, at: token.location, fixIt: fixIt)))
    }

    /// `-?[0-9]+`.
    static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.unicodeScalars.dropFirst() : text.unicodeScalars[...]
        return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
    }

    /// `-?[0-9]+\.[0-9]+([eE][+-]?[0-9]+)?`.
    static func isDecimal(_ text: String) -> Bool {
        var mantissa = Substring(text)
        var exponent: Substring?
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<marker]
            exponent = text[text.index(after: marker)...]
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, isInteger(String(parts[0])), !parts[1].isEmpty,
              parts[1].unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
        guard var exponent else { return true }
        if exponent.hasPrefix("+") || exponent.hasPrefix("-") { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }
}

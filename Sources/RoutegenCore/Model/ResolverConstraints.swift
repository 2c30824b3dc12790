import Foundation

/// Checks the constraints and the example written after a field or a parameter
/// (`max-length 100`, `pattern "^[a-z]+$"`, `example 3`) against its type and each other, and
/// turns them into `ValueConstraints`.
///
/// Numbers bound numbers, lengths, patterns and formats bound texts, item counts bound arrays;
/// on an array every keyword but the item counts applies to each element. Foundation's
/// `NSRegularExpression` checks that a pattern compiles.
struct ConstraintChecker {
    /// `field 'title'` or `parameter 'limit'`, for messages.
    let subject: String
    /// The field's or parameter's type as written.
    let type: TypeReference
    let diagnostics: any DiagnosticSink

    /// The checked constraints; each problem is an error at its keyword or value.
    func check(_ written: [ConstraintSyntax]) -> ValueConstraints {
        var constraints = ValueConstraints()
        var seen: Set<String> = []
        for constraint in written {
            guard seen.insert(constraint.keyword.text).inserted else {
                error("'\(constraint.keyword.text)' is written twice on \(subject); keep one", at: constraint.keyword.location)
                continue
            }
            apply(constraint, to: &constraints)
        }
        if seen.contains("minimum"), seen.contains("exclusive-minimum") {
            error("\(subject) has 'minimum' and 'exclusive-minimum'; keep one", at: written[0].keyword.location)
        }
        if seen.contains("maximum"), seen.contains("exclusive-maximum") {
            error("\(subject) has 'maximum' and 'exclusive-maximum'; keep one", at: written[0].keyword.location)
        }
        checkRanges(constraints, at: written.first?.keyword.location)
        if let example = constraints.example, let token = written.first(where: { $0.keyword.text == "example" })?.value,
           let problem = ConstraintCheck.problem(with: example, in: constraints.elementConstraints) {
            error("example \(example.literal) of \(subject) does not fit: \(problem)", at: token.location)
        }
        return constraints
    }

    /// What a keyword's value is, and the type it needs.
    private func apply(_ constraint: ConstraintSyntax, to constraints: inout ValueConstraints) {
        let keyword = constraint.keyword.text
        let value = constraint.value
        switch keyword {
        case "minimum", "exclusive-minimum", "maximum", "exclusive-maximum", "multiple-of":
            guard requireElement(.number, for: constraint), let number = number(value, for: keyword) else { return }
            let bound = ValueConstraints.Bound(number, isExclusive: keyword.hasPrefix("exclusive"))
            switch keyword {
            case "minimum", "exclusive-minimum": constraints.minimum = bound
            case "maximum", "exclusive-maximum": constraints.maximum = bound
            default:
                guard bound.number > 0 else { return error("'multiple-of' of \(subject) must be above 0", at: value.location) }
                constraints.multipleOf = number
            }
        case "min-length", "max-length":
            guard requireElement(.text, for: constraint), let count = count(value, for: keyword) else { return }
            if keyword == "min-length" { constraints.minLength = count } else { constraints.maxLength = count }
        case "min-items", "max-items":
            guard type.nonOptional.isArray else {
                return error("'\(keyword)' bounds an array, and \(subject) is '\(type)'", at: constraint.keyword.location)
            }
            guard let count = count(value, for: keyword) else { return }
            if keyword == "min-items" { constraints.minItems = count } else { constraints.maxItems = count }
        case "pattern":
            guard requireElement(.text, for: constraint), let pattern = string(value, for: keyword) else { return }
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                return error("pattern \(value.text) of \(subject) is no valid regular expression", at: value.location)
            }
            constraints.pattern = pattern
        case "format":
            guard requireElement(.text, for: constraint) else { return }
            guard value.kind == .word, let format = ValueFormat(rawValue: value.text) else {
                let known = ValueFormat.allCases.map(\.rawValue)
                let list = known.map { "'\($0)'" }.joined(separator: ", ")
                return error("unknown format '\(value.text)' on \(subject); use \(list)", at: value.location, fixIt: Suggestion.closest(to: value.text, among: known))
            }
            constraints.format = format
        default:
            constraints.example = example(value)
        }
    }

    /// The element's kind a keyword needs.
    private enum ElementKind: String {
        case number = "a number"
        case text = "a text"
    }

    /// Whether the type (an array's element) is `kind`; an error at the keyword when not.
    private func requireElement(_ kind: ElementKind, for constraint: ConstraintSyntax) -> Bool {
        let fits: Bool
        switch ScalarKind(elementType) {
        case .integer, .floatingPoint: fits = kind == .number
        case .text, .identifier: fits = kind == .text
        default: fits = kind == .number && Self.isDecimal(elementType)
        }
        if !fits {
            error("'\(constraint.keyword.text)' bounds \(kind.rawValue), and \(subject) is '\(type)'", at: constraint.keyword.location)
        }
        return fits
    }

    /// The type without optionals, an array's element without optionals.
    private var elementType: TypeReference {
        let base = type.nonOptional
        if case .array(let element) = base { return element.nonOptional }
        return base
    }

    private static func isDecimal(_ type: TypeReference) -> Bool {
        if case .named(let name, let arguments) = type { return arguments.isEmpty && (name == "Decimal" || name == "Foundation.Decimal") }
        return false
    }

    private func number(_ token: SyntaxToken, for keyword: String) -> String? {
        guard token.kind == .word, ValueConstraints.isNumberLiteral(token.text) else {
            error("'\(keyword)' needs a number, not \(Self.quoted(token)); write '\(keyword) 1'", at: token.location)
            return nil
        }
        return token.text
    }

    private func count(_ token: SyntaxToken, for keyword: String) -> Int? {
        guard token.kind == .word, DefaultValueChecker.isInteger(token.text), let count = Int(token.text), count >= 0 else {
            error("'\(keyword)' needs a whole number of 0 or more, not \(Self.quoted(token))", at: token.location)
            return nil
        }
        return count
    }

    private func string(_ token: SyntaxToken, for keyword: String) -> String? {
        guard token.kind == .string else {
            error("'\(keyword)' needs a string in double quotes, not \(Self.quoted(token))", at: token.location, fixIt: "\"" + token.text + "\"")
            return nil
        }
        switch StringLiteral.unescape(token) {
        case .success(let text): return text
        case .failure(let failure):
            diagnostics.emit(failure.diagnostic)
            return nil
        }
    }

    /// An example that fits the element's type: a number, `true`/`false`, or a string.
    private func example(_ token: SyntaxToken) -> ExampleValue? {
        let kind = ScalarKind(elementType)
        switch (kind, token.kind) {
        case (.integer, .word) where DefaultValueChecker.isInteger(token.text),
             (.floatingPoint, .word) where DefaultValueChecker.isInteger(token.text) || DefaultValueChecker.isDecimal(token.text):
            return .number(token.text)
        case (.boolean, .word) where token.text == "true" || token.text == "false":
            return .boolean(token.text == "true")
        case (.text, .string), (.identifier, .string), (.date, .string), (.uuid, .string):
            return string(token, for: "example").map { .string($0) }
        case (nil, _):
            error("an example is a number, a boolean or a text; \(subject) is '\(type)'", at: token.location)
            return nil
        default:
            error("example \(Self.quoted(token)) does not fit \(subject) of type '\(type)'", at: token.location)
            return nil
        }
    }

    /// Lower bounds above upper ones.
    private func checkRanges(_ constraints: ValueConstraints, at location: SourceLocation?) {
        guard let location else { return }
        if let minimum = constraints.minimum, let maximum = constraints.maximum, minimum.number > maximum.number {
            error("\(subject) has a minimum of \(minimum.value) above its maximum of \(maximum.value)", at: location)
        }
        if let low = constraints.minLength, let high = constraints.maxLength, low > high {
            error("\(subject) has 'min-length \(low)' above 'max-length \(high)'", at: location)
        }
        if let low = constraints.minItems, let high = constraints.maxItems, low > high {
            error("\(subject) has 'min-items \(low)' above 'max-items \(high)'", at: location)
        }
    }

    private static func quoted(_ token: SyntaxToken) -> String {
        token.kind == .string ? token.text : "'" + token.text + "'"
    }

    private func error(_ message: String, at location: SourceLocation, fixIt: String? = nil) {
        diagnostics.emit(.error(message, at: location, fixIt: fixIt))
    }
}

/// Whether a value keeps a field's constraints: what samples are checked with, and `serve`'s
/// requests and the import's examples.
public enum ConstraintCheck {
    /// Why an example breaks `constraints` (`is below the minimum of 3`); nil when it keeps them.
    public static func problem(with example: ExampleValue, in constraints: ValueConstraints) -> String? {
        switch example {
        case .number(let text): problem(withNumber: text, in: constraints)
        case .string(let text): problem(withText: text, in: constraints)
        case .boolean: nil
        }
    }

    /// Why the number `text` (as written) breaks `constraints`; nil when it keeps them.
    public static func problem(withNumber text: String, in constraints: ValueConstraints) -> String? {
        guard let number = Double(text) else { return nil }
        if let minimum = constraints.minimum, minimum.isExclusive ? number <= minimum.number : number < minimum.number {
            return minimum.isExclusive ? "is not above \(minimum.value)" : "is below the minimum of \(minimum.value)"
        }
        if let maximum = constraints.maximum, maximum.isExclusive ? number >= maximum.number : number > maximum.number {
            return maximum.isExclusive ? "is not below \(maximum.value)" : "is above the maximum of \(maximum.value)"
        }
        if let step = constraints.multipleOf, let size = Double(step), size > 0 {
            let quotient = number / size
            // A tolerance, since 0.3 / 0.1 is 2.9999999999999996 in binary floating point.
            if abs(quotient - quotient.rounded()) > 1e-9 * max(1, abs(quotient)) { return "is no multiple of \(step)" }
        }
        return nil
    }

    /// Why the text breaks `constraints`; nil when it keeps them.
    public static func problem(withText text: String, in constraints: ValueConstraints) -> String? {
        let length = text.unicodeScalars.count
        if let minLength = constraints.minLength, length < minLength { return "is shorter than \(minLength) characters" }
        if let maxLength = constraints.maxLength, length > maxLength { return "is longer than \(maxLength) characters" }
        if let pattern = constraints.pattern, let expression = try? NSRegularExpression(pattern: pattern),
           expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
            return "does not match the pattern \(StringLiteral.quoted(pattern))"
        }
        if let format = constraints.format, !FormatCheck.holds(format, for: text) { return "is no \(format.rawValue)" }
        return nil
    }
}

/// Whether a text has a named format, by the forms JSON Schema gives them (RFC 3986's absolute URI,
/// RFC 5321's mailbox in its usual form, RFC 3339's full-date and full-time, RFC 1123's host
/// name, dotted IPv4, ISO 8601's duration).
public enum FormatCheck {
    /// Whether `text` is a `format`.
    public static func holds(_ format: ValueFormat, for text: String) -> Bool {
        switch format {
        case .uri: isAbsoluteURI(text)
        case .email: isEmail(text)
        case .date: isDate(text)
        case .hostname: isHostname(text)
        case .ipv4: isIPv4(text)
        case .time: isTime(text)
        case .duration: isDuration(text)
        }
    }

    /// `hh:mm:ss`, an optional fraction, then `Z` or `±hh:mm`.
    private static func isTime(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        func number(_ start: Int, below limit: Int) -> Bool {
            guard start + 2 <= scalars.count, let value = Int(String(String.UnicodeScalarView(scalars[start..<start + 2]))),
                  scalars[start..<start + 2].allSatisfy({ ("0"..."9").contains($0) }) else { return false }
            return value < limit
        }
        guard scalars.count >= 9, number(0, below: 24), scalars[2] == ":", number(3, below: 60), scalars[5] == ":", number(6, below: 61) else { return false }
        var index = 8
        if index < scalars.count, scalars[index] == "." {
            index += 1
            let digits = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            guard index > digits else { return false }
        }
        guard index < scalars.count else { return false }
        if scalars[index] == "Z" || scalars[index] == "z" { return index == scalars.count - 1 }
        guard scalars[index] == "+" || scalars[index] == "-", scalars.count == index + 6 else { return false }
        return number(index + 1, below: 24) && scalars[index + 3] == ":" && number(index + 4, below: 60)
    }

    /// `P` then numbers with `Y`, `M`, `W`, `D`, and after `T` with `H`, `M`, `S`; at least one.
    private static func isDuration(_ text: String) -> Bool {
        var rest = Substring(text)
        guard rest.first == "P" else { return false }
        rest = rest.dropFirst()
        var inTime = false
        var parts = 0
        var digits = ""
        for character in rest {
            if character == "T" {
                guard !inTime, digits.isEmpty else { return false }
                inTime = true
            } else if character.isASCII, character.isNumber || (character == "." && !digits.isEmpty) {
                digits.append(character)
            } else {
                let units: Set<Character> = inTime ? ["H", "M", "S"] : ["Y", "M", "W", "D"]
                guard !digits.isEmpty, units.contains(character) else { return false }
                digits = ""
                parts += 1
            }
        }
        return parts > 0 && digits.isEmpty && !rest.hasSuffix("T")
    }

    private static func isAbsoluteURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        let allowed = scheme.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
        return allowed && !text.unicodeScalars.contains { $0 == " " || $0.value < 0x20 }
    }

    private static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" ") else { return false }
        return isHostname(String(parts[1])) && parts[1].contains(".")
    }

    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 0 else { return false }
        let days = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...days[month - 1]).contains(day)
    }

    private static func isHostname(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-" else { return false }
            return label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
    }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), let value = Int(part), value <= 255 else { return false }
            return part.count == 1 || part.first != "0"
        }
    }
}

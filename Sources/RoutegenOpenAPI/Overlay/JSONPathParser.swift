import RoutegenCore

/// Reads the text of a JSONPath query into a `JSONPath`; a query it cannot read gives the
/// reason and the character it stopped at.
struct JSONPathParser {
    struct Failure: Error {
        let message: String
        /// The 1-based character of the query where reading stopped.
        let character: Int
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The query `text` spells.
    static func parse(_ text: String) throws(Failure) -> JSONPath {
        var parser = JSONPathParser(text)
        return try parser.query()
    }

    private mutating func query() throws(Failure) -> JSONPath {
        guard take("$") else { throw fail("a query starts with '$'") }
        var segments: [JSONPath.Segment] = []
        while index < scalars.count {
            segments.append(try segment())
        }
        return JSONPath(segments: segments)
    }

    private mutating func segment() throws(Failure) -> JSONPath.Segment {
        if take(".") {
            let isDescendant = take(".")
            if peek == "[" {
                guard isDescendant else { throw fail("expected a name after '.'") }
                return JSONPath.Segment(selectors: try bracketed(), isDescendant: true)
            }
            if take("*") { return JSONPath.Segment(selectors: [.wildcard], isDescendant: isDescendant) }
            return JSONPath.Segment(selectors: [.name(try memberName())], isDescendant: isDescendant)
        }
        if peek == "[" { return JSONPath.Segment(selectors: try bracketed(), isDescendant: false) }
        throw fail("expected '.' or '['")
    }

    private mutating func bracketed() throws(Failure) -> [JSONPath.Selector] {
        _ = take("[")
        var selectors: [JSONPath.Selector] = []
        repeat {
            skipSpaces()
            selectors.append(try selector())
            skipSpaces()
        } while take(",")
        guard take("]") else { throw fail("expected ']'") }
        return selectors
    }

    private mutating func selector() throws(Failure) -> JSONPath.Selector {
        if take("*") { return .wildcard }
        if peek == "'" || peek == "\"" { return .name(try stringLiteral()) }
        if take("?") {
            skipSpaces()
            return .filter(try orExpression())
        }
        if let number = integer() { return .index(number) }
        throw fail("expected a name in quotes, an index, '*' or a filter '?...'")
    }

    // MARK: Filters

    private mutating func orExpression() throws(Failure) -> JSONPath.Filter {
        var filter = try andExpression()
        while takeWordAfterSpaces("||") { filter = .or(filter, try andExpression()) }
        return filter
    }

    private mutating func andExpression() throws(Failure) -> JSONPath.Filter {
        var filter = try basicExpression()
        while takeWordAfterSpaces("&&") { filter = .and(filter, try basicExpression()) }
        return filter
    }

    /// `takeWord(word)` after the spaces before it; the spaces stay skipped either way.
    private mutating func takeWordAfterSpaces(_ word: String) -> Bool {
        skipSpaces()
        return takeWord(word)
    }

    private mutating func basicExpression() throws(Failure) -> JSONPath.Filter {
        skipSpaces()
        if take("!") {
            skipSpaces()
            return .not(try basicExpression())
        }
        if take("(") {
            let inner = try orExpression()
            skipSpaces()
            guard take(")") else { throw fail("expected ')'") }
            return inner
        }
        let left = try operand()
        skipSpaces()
        for comparison in ["==", "!=", "<=", ">=", "<", ">"] where takeWord(comparison) {
            skipSpaces()
            return .compare(left, comparison, try operand())
        }
        guard case .path(let steps) = left else { throw fail("a value alone is no test; compare it, as in '@.in == \"query\"'") }
        return .exists(steps)
    }

    private mutating func operand() throws(Failure) -> JSONPath.Operand {
        if take("@") {
            var steps: [JSONPath.Step] = []
            while true {
                if take(".") {
                    steps.append(.key(try memberName()))
                } else if peek == "[" {
                    _ = take("[")
                    skipSpaces()
                    if peek == "'" || peek == "\"" { steps.append(.key(try stringLiteral())) } else if let number = integer() { steps.append(.index(number)) } else { throw fail("expected a name in quotes or an index") }
                    skipSpaces()
                    guard take("]") else { throw fail("expected ']'") }
                } else {
                    return .path(steps)
                }
            }
        }
        if peek == "'" || peek == "\"" { return .value(DocumentNode(.string(try stringLiteral()))) }
        for (word, value) in [("true", DocumentNode.Value.bool(true)), ("false", .bool(false)), ("null", .null)] where takeWord(word) {
            return .value(DocumentNode(value))
        }
        let start = index
        if peek == "-" { index += 1 }
        while let scalar = peek, ("0"..."9").contains(scalar) || scalar == "." || scalar == "e" || scalar == "E" || scalar == "+" || scalar == "-" { index += 1 }
        guard index > start else { throw fail("expected '@', a text in quotes, a number, true, false or null") }
        return .value(DocumentNode(.number(String(String.UnicodeScalarView(scalars[start..<index])))))
    }

    // MARK: Pieces

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    private mutating func takeWord(_ word: String) -> Bool {
        let wordScalars = Array(word.unicodeScalars)
        guard index + wordScalars.count <= scalars.count, Array(scalars[index..<index + wordScalars.count]) == wordScalars else { return false }
        index += wordScalars.count
        return true
    }

    private mutating func skipSpaces() {
        while peek == " " || peek == "\t" { index += 1 }
    }

    /// A name after `.`: letters, digits, `_`, `-`, `$` and any non-ASCII character.
    private mutating func memberName() throws(Failure) -> String {
        let start = index
        while let scalar = peek, !scalar.isASCII || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-$".unicodeScalars.contains(scalar) { index += 1 }
        guard index > start else { throw fail("expected a name") }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    private mutating func integer() -> Int? {
        let start = index
        if peek == "-" { index += 1 }
        while let scalar = peek, ("0"..."9").contains(scalar) { index += 1 }
        guard let number = Int(String(String.UnicodeScalarView(scalars[start..<index]))) else {
            index = start
            return nil
        }
        return number
    }

    /// A name in single or double quotes, with `\` escapes.
    private mutating func stringLiteral() throws(Failure) -> String {
        guard let quote = peek else { throw fail("expected a quote") }
        index += 1
        var text = String.UnicodeScalarView()
        while let scalar = peek, scalar != quote {
            index += 1
            if scalar == "\\", let escaped = peek {
                index += 1
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                default: text.append(escaped)
                }
            } else {
                text.append(scalar)
            }
        }
        guard take(quote) else { throw fail("the quoted name is not closed") }
        return String(text)
    }

    private func fail(_ message: String) -> Failure {
        Failure(message: message, character: index + 1)
    }
}

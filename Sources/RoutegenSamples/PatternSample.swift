import Foundation

/// Makes a text that a regular expression (JSON Schema's `pattern`, ECMA-262) matches, for samples:
/// deterministic, short, readable.
enum PatternSample {
    /// A text that `pattern` matches (searched, not anchored, as JSON Schema does), with a length in
    /// `minLength...maxLength` when it can; nil when the pattern uses what this does not understand
    /// (backreferences, lookaround) or no such text is found.
    static func text(matching pattern: String, minLength: Int = 0, maxLength: Int? = nil, hint: String = "sample") -> String? {
        // Our own parse runs first: it is cheap, and it refuses what we cannot generate for (and
        // hostile nesting) before ICU sees the pattern.
        guard let root = try? PatternParser.parse(pattern),
              let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        let sizer = Sizer(root: root, hint: hintScalars(hint))
        // The generator only approximates ECMA-262 (and Foundation uses ICU), so the regex engine has
        // the last word: only a text it accepts is returned.
        return sizer.candidates(minLength: minLength, maxLength: maxLength).first { matches(regex, $0) }
    }

    /// Whether `regex` finds a match anywhere in `text`, as JSON Schema's unanchored `pattern` does.
    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.firstMatch(in: text, options: [], range: range) != nil
    }

    /// The hint's ASCII letters and digits (at most 32), or "sample" when it has none, so picks stay readable.
    static func hintScalars(_ hint: String) -> [Unicode.Scalar] {
        let kept = hint.unicodeScalars.filter(isASCIIAlphanumeric).prefix(32)
        return kept.isEmpty ? Array("sample".unicodeScalars) : Array(kept)
    }

    /// Whether `scalar` is one of `0-9A-Za-z`.
    static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return false
        }
    }
}

/// One piece of a parsed pattern; groups dissolve into their contents because nothing refers back to them.
indirect enum Node: Sendable {
    /// Matches the empty text: an anchor, `\b`, or an empty branch.
    case empty
    /// Exactly this scalar.
    case literal(Unicode.Scalar)
    /// Any one scalar of the set.
    case set(ScalarSet)
    /// Each node in turn.
    case sequence([Node])
    /// One of the branches.
    case alternation([Node])
    /// `unit` repeated `low...high` times; `id` names the quantifier so its count can be overridden.
    case repetition(id: Int, unit: Node, low: Int, high: Int?)
}

/// A set of scalars allowed by a class, a class escape or `.`; membership is computed, never enumerated.
struct ScalarSet: Sendable {
    /// One member description inside a class.
    indirect enum Item: Sendable {
        case range(ClosedRange<UInt32>)
        case digit
        case word
        case space
        case category([Unicode.GeneralCategory])
        case inverted(Item)
    }

    /// `.` in ECMA-262 matches anything but a line terminator.
    static let dot = ScalarSet(items: [.range(0x0A...0x0A), .range(0x0D...0x0D), .range(0x2028...0x2029)], negated: true)

    /// The `\p{…}` names understood: Unicode general categories by their short names.
    static let categories: [String: [Unicode.GeneralCategory]] = [
        "L": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter],
        "Lu": [.uppercaseLetter], "Ll": [.lowercaseLetter], "Lt": [.titlecaseLetter],
        "Lm": [.modifierLetter], "Lo": [.otherLetter],
        "N": [.decimalNumber, .letterNumber, .otherNumber],
        "Nd": [.decimalNumber], "Nl": [.letterNumber], "No": [.otherNumber],
        "P": [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
              .initialPunctuation, .finalPunctuation, .otherPunctuation],
        "S": [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol],
        "Z": [.spaceSeparator, .lineSeparator, .paragraphSeparator], "Zs": [.spaceSeparator],
    ]

    var items: [Item]
    var negated = false

    /// Whether the set allows `scalar`.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        items.contains { $0.contains(scalar) } != negated
    }

    /// Scalars named in the class's ranges, the last resort when no usual candidate is allowed.
    var rangeEnds: [Unicode.Scalar] {
        items.flatMap { item -> [Unicode.Scalar] in
            guard case .range(let range) = item else { return [] }
            return [range.lowerBound, range.upperBound].compactMap(Unicode.Scalar.init)
        }
    }
}

extension ScalarSet.Item {
    /// Whether this item covers `scalar` (ECMA-262 meanings: `\d` and `\w` are ASCII-only).
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .range(let range): return range.contains(scalar.value)
        case .digit: return (0x30...0x39).contains(scalar.value)
        case .word: return scalar == "_" || PatternSample.isASCIIAlphanumeric(scalar)
        // Unicode White_Space lacks U+FEFF and adds U+0085; ECMA-262's `\s` is the other way round.
        case .space: return (scalar.properties.isWhitespace && scalar.value != 0x85) || scalar.value == 0xFEFF
        case .category(let categories): return categories.contains(scalar.properties.generalCategory)
        case .inverted(let item): return !item.contains(scalar)
        }
    }
}

/// What a backslash sequence stands for.
enum Escape {
    case scalar(Unicode.Scalar)
    case item(ScalarSet.Item)
    /// `\b` or `\B` outside a class: zero-width, so it adds nothing to the text.
    case assertion
}

/// Recursive-descent reader of ECMA-262 pattern syntax into `Node`s; throws on what it cannot generate for.
struct PatternParser {
    /// Thrown for invalid or unsupported syntax; the public API turns it into nil.
    struct Unsupported: Error {}

    /// Deeper group nesting is refused so hostile input cannot exhaust the stack.
    static let maxDepth = 100
    /// Larger repeat bounds are clamped so huge numbers cannot overflow; the generator's length cap still applies.
    static let maxBound = 1_000_000
    /// Single-letter escapes for control characters.
    static let controls: [Unicode.Scalar: Unicode.Scalar] = ["n": "\n", "r": "\r", "t": "\t", "v": "\u{0B}", "f": "\u{0C}"]

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0
    private var repetitions = 0

    /// Parses a whole pattern, insisting that every character was understood.
    static func parse(_ pattern: String) throws -> Node {
        var parser = PatternParser(scalars: Array(pattern.unicodeScalars))
        let node = try parser.alternation()
        guard parser.index == parser.scalars.count else { throw Unsupported() }
        return node
    }

    /// The scalar `offset` places past the cursor, if any.
    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// Takes the scalar at the cursor; running off the end is a syntax error.
    private mutating func next() throws -> Unicode.Scalar {
        guard let scalar = peek() else { throw Unsupported() }
        index += 1
        return scalar
    }

    /// Takes `expected` if it is at the cursor.
    private mutating func consume(_ expected: Unicode.Scalar) -> Bool {
        guard peek() == expected else { return false }
        index += 1
        return true
    }

    /// `branch ('|' branch)*`.
    private mutating func alternation() throws -> Node {
        var branches = [try sequence()]
        while consume("|") { branches.append(try sequence()) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// Atoms, each with an optional quantifier, up to `|`, `)` or the end.
    private mutating func sequence() throws -> Node {
        var items: [Node] = []
        while let scalar = peek(), scalar != "|", scalar != ")" {
            let (node, quantifiable) = try atom()
            let bounds = quantifiable ? try quantifier() : nil
            // A quantifier on an assertion (`^*`), or a second one (`a**`, possessive `a*+`), is an error in ECMA-262.
            if startsQuantifier() { throw Unsupported() }
            guard let bounds else {
                items.append(node)
                continue
            }
            repetitions += 1
            items.append(.repetition(id: repetitions, unit: node, low: bounds.low, high: bounds.high))
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// One atom, and whether a quantifier may follow it.
    private mutating func atom() throws -> (node: Node, quantifiable: Bool) {
        if startsQuantifier() { throw Unsupported() } // nothing to repeat
        let scalar = try next()
        switch scalar {
        case "^", "$": return (.empty, false) // samples are the match itself, so anchors add nothing
        case "(": return (try group(), true)
        case "[": return (.set(try characterClass()), true)
        case ".": return (.set(.dot), true)
        case "\\":
            switch try escape(inClass: false) {
            case .scalar(let value): return (.literal(value), true)
            case .item(let item): return (.set(ScalarSet(items: [item])), true)
            case .assertion: return (.empty, false)
            }
        default: return (.literal(scalar), true) // includes a `{`, `}` or `]` that is not syntax (Annex B)
        }
    }

    /// `* + ? {n} {n,} {n,m}` with an optional lazy `?`; nil when none is at the cursor.
    private mutating func quantifier() throws -> (low: Int, high: Int?)? {
        var bounds: (low: Int, high: Int?)
        if consume("*") {
            bounds = (0, nil)
        } else if consume("+") {
            bounds = (1, nil)
        } else if consume("?") {
            bounds = (0, 1)
        } else if let braced = braces() {
            bounds = braced
        } else {
            return nil
        }
        _ = consume("?") // laziness changes which match a search finds, not which texts match
        if let high = bounds.high, high < bounds.low { throw Unsupported() }
        return bounds
    }

    /// Reads `{n}`, `{n,}` or `{n,m}`; nil, consuming nothing, when the brace is a literal one.
    private mutating func braces() -> (low: Int, high: Int?)? {
        let start = index
        guard consume("{"), let low = number() else {
            index = start
            return nil
        }
        var high: Int? = low
        if consume(",") { high = number() }
        guard consume("}") else {
            index = start
            return nil
        }
        return (low, high)
    }

    /// Decimal digits at the cursor, clamped to `maxBound`; nil when there are none.
    private mutating func number() -> Int? {
        var value: Int?
        while let scalar = peek(), (0x30...0x39).contains(scalar.value) {
            value = min((value ?? 0) * 10 + Int(scalar.value - 0x30), Self.maxBound)
            index += 1
        }
        return value
    }

    /// Whether a quantifier starts at the cursor (without consuming it).
    private mutating func startsQuantifier() -> Bool {
        guard let scalar = peek() else { return false }
        if scalar == "*" || scalar == "+" || scalar == "?" { return true }
        let start = index
        defer { index = start }
        return braces() != nil
    }

    /// The inside of `( )`, `(?: )` or `(?<name> )`; lookaround and inline flags are refused.
    private mutating func group() throws -> Node {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw Unsupported() }
        if consume("?") {
            if consume("<"), peek() != "=", peek() != "!" {
                try groupName()
            } else if !consume(":") {
                throw Unsupported() // (?= (?! (?<= (?<! and anything else
            }
        }
        let inner = try alternation()
        guard consume(")") else { throw Unsupported() }
        return inner
    }

    /// Skips a group name and its closing `>`; the name itself does not matter without backreferences.
    private mutating func groupName() throws {
        var length = 0
        while let scalar = peek(), scalar == "_" || scalar == "$" || PatternSample.isASCIIAlphanumeric(scalar) {
            length += 1
            index += 1
        }
        guard length > 0, consume(">") else { throw Unsupported() }
    }

    /// The inside of `[ ]` or `[^ ]`, with ranges; `-` first, last or next to a class escape is literal.
    private mutating func characterClass() throws -> ScalarSet {
        let negated = consume("^")
        var items: [ScalarSet.Item] = []
        while !consume("]") {
            let first = try classAtom()
            guard case .scalar(let low) = first, peek() == "-", let after = peek(1), after != "]" else {
                items.append(try Self.item(first))
                continue
            }
            index += 1 // the `-`
            let second = try classAtom()
            guard case .scalar(let high) = second else {
                // `[a-\d]` means a, `-` and digits (Annex B).
                items += [.range(low.value...low.value), .range(0x2D...0x2D), try Self.item(second)]
                continue
            }
            guard low <= high else { throw Unsupported() }
            items.append(.range(low.value...high.value))
        }
        return ScalarSet(items: items, negated: negated)
    }

    /// A class member: a scalar or a class escape.
    private mutating func classAtom() throws -> Escape {
        let scalar = try next()
        return scalar == "\\" ? try escape(inClass: true) : .scalar(scalar)
    }

    /// The class item an escape or scalar stands for inside `[ ]`.
    private static func item(_ escape: Escape) throws -> ScalarSet.Item {
        switch escape {
        case .scalar(let value): return .range(value.value...value.value)
        case .item(let item): return item
        case .assertion: throw Unsupported()
        }
    }

    /// The meaning of the sequence after a backslash.
    private mutating func escape(inClass: Bool) throws -> Escape {
        let scalar = try next()
        if let item = try classEscape(scalar) { return .item(item) }
        if let control = Self.controls[scalar] { return .scalar(control) }
        switch scalar {
        case "b": return inClass ? .scalar("\u{08}") : .assertion
        case "B" where !inClass: return .assertion
        case "0" where !(peek().map { (0x30...0x39).contains($0.value) } ?? false): return .scalar("\0")
        case "x": return .scalar(try hexScalar(digits: 2))
        case "u": return .scalar(try unicodeEscape())
        case "c":
            let letter = try next()
            guard PatternSample.isASCIIAlphanumeric(letter), letter.value >= 0x41 else { throw Unsupported() }
            return .scalar(Unicode.Scalar(UInt8(letter.value % 32)))
        default:
            // Letters and digits left here are backreferences (`\1`, `\k<n>`) or escapes ECMA-262 lacks.
            guard !PatternSample.isASCIIAlphanumeric(scalar) else { throw Unsupported() }
            return .scalar(scalar)
        }
    }

    /// `\d \D \w \W \s \S \p{…} \P{…}`; nil for any other escape letter.
    private mutating func classEscape(_ scalar: Unicode.Scalar) throws -> ScalarSet.Item? {
        switch scalar {
        case "d": return .digit
        case "D": return .inverted(.digit)
        case "w": return .word
        case "W": return .inverted(.word)
        case "s": return .space
        case "S": return .inverted(.space)
        case "p": return .category(try property())
        case "P": return .inverted(.category(try property()))
        default: return nil
        }
    }

    /// The general categories named by `{Name}` after `\p`; other properties (scripts, binary ones) are refused.
    private mutating func property() throws -> [Unicode.GeneralCategory] {
        guard consume("{") else { throw Unsupported() }
        var name = ""
        while let scalar = peek(), scalar != "}" {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard consume("}"), let categories = ScalarSet.categories[name] else { throw Unsupported() }
        return categories
    }

    /// `\uXXXX` or `\u{X…}`; a lone surrogate half is refused since a String cannot hold it.
    private mutating func unicodeEscape() throws -> Unicode.Scalar {
        guard consume("{") else { return try hexScalar(digits: 4) }
        var value: UInt32 = 0
        var count = 0
        while count < 6, let scalar = peek(), let digit = Self.hexValue(scalar) {
            value = value * 16 + digit
            count += 1
            index += 1
        }
        guard count > 0, consume("}"), let result = Unicode.Scalar(value) else { throw Unsupported() }
        return result
    }

    /// Exactly `digits` hex digits as a scalar.
    private mutating func hexScalar(digits: Int) throws -> Unicode.Scalar {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = Self.hexValue(try next()) else { throw Unsupported() }
            value = value * 16 + digit
        }
        guard let result = Unicode.Scalar(value) else { throw Unsupported() }
        return result
    }

    /// The value of one hex digit.
    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46: return scalar.value - 0x41 + 10
        case 0x61...0x66: return scalar.value - 0x61 + 10
        default: return nil
        }
    }
}

/// How one quantifier was used in a generation: its count and the bounds it may move within.
struct Knob: Sendable {
    let id: Int
    let count: Int
    let low: Int
    let high: Int?
}

/// What a field's or a parameter's value must be beyond its type, and an example of it, as the
/// description says: JSON Schema's `minimum`, `maxLength`, `pattern`, `format`, `example` and
/// the rest. The generated Swift does not check them (its values stay plain); samples are made
/// inside them and `routegen serve` refuses a request that breaks one.
///
/// For an array, the item keywords (`min-items`, `max-items`) bound the array and every other
/// keyword applies to each element.
public struct ValueConstraints: Hashable, Sendable {
    /// `minimum 3` or `exclusive-minimum 3`: the number as written, and whether it is excluded.
    public var minimum: Bound?
    /// `maximum 12` or `exclusive-maximum 12`.
    public var maximum: Bound?
    /// `multiple-of 0.5`: the number as written.
    public var multipleOf: String?
    /// `min-length 1`: the fewest characters (Unicode scalars, as JSON Schema counts them).
    public var minLength: Int?
    /// `max-length 100`.
    public var maxLength: Int?
    /// `pattern "^[a-z]+$"`: a regular expression the text contains a match of (not anchored).
    public var pattern: String?
    /// `format email`: a named format of a text.
    public var format: ValueFormat?
    /// `min-items 1`: the fewest elements of an array.
    public var minItems: Int?
    /// `max-items 10`.
    public var maxItems: Int?
    /// `example "Ada"`: a value that shows what the field holds, used as its sample.
    public var example: ExampleValue?

    /// A bound of a number, as written.
    public struct Bound: Hashable, Sendable {
        /// The number as written: `3`, `0.5`, `-1e3`.
        public var value: String
        /// Whether the bound itself is outside (`exclusive-minimum`).
        public var isExclusive: Bool

        /// Creates a bound.
        public init(_ value: String, isExclusive: Bool = false) {
            self.value = value
            self.isExclusive = isExclusive
        }

        /// The number, for comparing.
        public var number: Double { Double(value) ?? 0 }
    }

    /// Creates constraints; none by default.
    public init(
        minimum: Bound? = nil, maximum: Bound? = nil, multipleOf: String? = nil, minLength: Int? = nil, maxLength: Int? = nil,
        pattern: String? = nil, format: ValueFormat? = nil, minItems: Int? = nil, maxItems: Int? = nil, example: ExampleValue? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.multipleOf = multipleOf
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.format = format
        self.minItems = minItems
        self.maxItems = maxItems
        self.example = example
    }

    /// Whether `text` is a number as the route file writes one: `3`, `-1`, `0.5`, `1.5e3`.
    public static func isNumberLiteral(_ text: String) -> Bool {
        DefaultValueChecker.isInteger(text) || DefaultValueChecker.isDecimal(text)
    }

    /// Whether nothing is constrained and there is no example.
    public var isEmpty: Bool { self == ValueConstraints() }

    /// The constraints on each element of an array (all but the item counts).
    public var elementConstraints: ValueConstraints {
        var copy = self
        copy.minItems = nil
        copy.maxItems = nil
        return copy
    }
}

/// A named format of a text (JSON Schema's `format`) that samples follow and `serve` checks.
public enum ValueFormat: String, Hashable, Sendable, CaseIterable {
    /// An absolute URI: `https://example.com/a`.
    case uri
    /// An email address: `user@example.com`.
    case email
    /// A calendar date: `2026-01-01`.
    case date
    /// A host name: `example.com`.
    case hostname
    /// An IPv4 address: `192.0.2.1`.
    case ipv4
    /// A time of day with its zone (RFC 3339's full-time): `09:00:00Z`.
    case time
    /// An ISO 8601 duration: `PT1H30M`, `P1D`.
    case duration
}

/// An example value, as written in the route file.
public enum ExampleValue: Hashable, Sendable {
    /// A number as written: `3`, `0.5`.
    case number(String)
    /// `true` or `false`.
    case boolean(Bool)
    /// A string's value (unescaped).
    case string(String)

    /// The example as route-file text: `3`, `true`, `"Ada"`.
    public var literal: String {
        switch self {
        case .number(let text): text
        case .boolean(let flag): flag ? "true" : "false"
        case .string(let text): StringLiteral.quoted(text)
        }
    }
}

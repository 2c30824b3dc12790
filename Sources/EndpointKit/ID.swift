/// A typed identifier: `ID<Book>` and `ID<Author>` are different types, so passing one where
/// the other is expected does not compile.
///
/// The raw value is a `String` even for APIs with numeric identifiers: numbers above 2^53 lose
/// precision in JavaScript-based servers and tools. It is Codable as a plain JSON string.
public struct ID<Entity>: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier as the API spells it.
    public let rawValue: String

    /// Wraps an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Decodes a plain JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes a plain JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value.
    public var description: String { rawValue }
}

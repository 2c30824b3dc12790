import Foundation

/// A value that can stand in a path segment, a query item or a header as one piece of text.
///
/// Conforming: `String`, `Substring`, the integer types, `Double`, `Float`, `Bool`
/// (`true`/`false`), `Date` (RFC 3339, like `JSONCoding`), `UUID` (upper-case, as
/// `uuidString`) and `ID`. One conversion for every place, so a value is spelled the same way
/// in a path, a query and a header.
public protocol EndpointValue: QueryValue {
    /// The value as text, before percent-encoding.
    var endpointText: String { get }
}

/// A value that gives zero or more query values: an `EndpointValue` gives one, an optional
/// gives none when nil, and an array gives one per element (a repeated key).
public protocol QueryValue: Sendable {
    /// The texts this value is sent as, in order.
    var queryTexts: [String] { get }
}

extension EndpointValue {
    /// One text: `endpointText`.
    public var queryTexts: [String] { [endpointText] }
}

extension Optional: QueryValue where Wrapped: QueryValue {
    /// Nothing when nil, otherwise the wrapped value's texts.
    public var queryTexts: [String] { self?.queryTexts ?? [] }
}

extension Array: QueryValue where Element: EndpointValue {
    /// One text per element, in order.
    public var queryTexts: [String] { map(\.endpointText) }
}

extension String: EndpointValue {
    /// The string itself.
    public var endpointText: String { self }
}

extension Substring: EndpointValue {
    /// The substring as a string.
    public var endpointText: String { String(self) }
}

extension Bool: EndpointValue {
    /// `true` or `false`.
    public var endpointText: String { self ? "true" : "false" }
}

extension Int: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension Int8: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension Int16: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension Int32: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension Int64: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension UInt: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension UInt8: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension UInt16: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension UInt32: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension UInt64: EndpointValue {
    /// Decimal digits.
    public var endpointText: String { String(self) }
}

extension Double: EndpointValue {
    /// Swift's shortest round-tripping form: `2.5`, `20.0`, `1e-07`.
    public var endpointText: String { String(self) }
}

extension Float: EndpointValue {
    /// Swift's shortest round-tripping form.
    public var endpointText: String { String(self) }
}

extension Date: EndpointValue {
    /// RFC 3339 in UTC, as `JSONCoding` writes dates: `2026-03-01T09:30:00Z` for a whole second,
    /// else `.123` for a whole millisecond, else six digits rounded to the microsecond, so a date
    /// read from the server is sent back as the instant it read. Outside the years 0000–9999, which
    /// RFC 3339 cannot write (and `JSONCoding` refuses to encode), Foundation's ISO 8601 text.
    public var endpointText: String { DateTimeText.text(for: self) ?? formatted(.iso8601) }
}

extension UUID: EndpointValue {
    /// `uuidString`: upper-case with hyphens.
    public var endpointText: String { uuidString }
}

extension ID: EndpointValue {
    /// The raw value.
    public var endpointText: String { rawValue }
}

extension Array where Element == URLQueryItem {
    /// Query items from name-value pairs, in order: an optional adds nothing when nil, an array
    /// repeats its name once per element. `urlRequest` sorts them by name when it sends them.
    public static func items(_ pairs: KeyValuePairs<String, any QueryValue>) -> [URLQueryItem] {
        pairs.flatMap { name, value in
            value.queryTexts.map { URLQueryItem(name: name, value: $0) }
        }
    }
}

extension Array where Element == URLQueryItem {
    /// A dictionary as OpenAPI's deepObject style: one `name[key]=value` item per key, keys in
    /// byte order (`metadata[a]=1&metadata[b]=2`); nil or empty adds nothing. `urlRequest`
    /// encodes the brackets strictly: `metadata%5Ba%5D=1`.
    public static func deepObject<Value: EndpointValue>(_ name: String, _ dictionary: [String: Value]?) -> [URLQueryItem] {
        guard let dictionary else { return [] }
        return dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { key in
            URLQueryItem(name: name + "[" + key + "]", value: dictionary[key]?.endpointText)
        }
    }
}

extension Dictionary where Key == String, Value == String {
    /// Header fields from name-value pairs: an optional adds nothing when nil, an array's texts
    /// are joined with `,` (OpenAPI's `simple` style, which HTTP's list syntax reads too), and an
    /// empty array adds nothing.
    public static func headerFields(_ pairs: KeyValuePairs<String, any QueryValue>) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in pairs {
            let texts = value.queryTexts
            if !texts.isEmpty { fields[name] = texts.joined(separator: ",") }
        }
        return fields
    }
}

/// One piece of an endpoint's path: part of the route, or data.
///
/// A string literal is a `.literal`, so routes read naturally: `["books", .value(id)]`.
public enum PathSegment: Hashable, Sendable, ExpressibleByStringLiteral {
    /// Part of the route, written in code. A `/` inside it separates segments; every other
    /// character outside the RFC 3986 unreserved set is percent-encoded.
    case literal(String)
    /// Data, always encoded as exactly one segment (`b/7` becomes `b%2F7`); empty, `.` and `..` are refused.
    case value(String)

    /// Makes a string literal a `.literal` segment.
    public init(stringLiteral value: String) { self = .literal(value) }

    /// A data segment from a typed value, written as its `endpointText` (`ID`, `Int`, `UUID`, `Date`, ...).
    public static func value(_ value: some EndpointValue) -> PathSegment {
        .value(value.endpointText)
    }
}

/// One piece of an endpoint's path: part of the route, or data.
///
/// A string literal is a `.literal`, so routes read naturally: `["books", .value(id)]`.
public enum PathSegment: Hashable, Sendable, ExpressibleByStringLiteral {
    /// Part of the route, written in code. A `/` inside it separates segments; RFC 3986's path
    /// characters (unreserved, `:`, `@`, `!$&'()*+,;=`) are sent as written (`levels:append`), every
    /// other character is percent-encoded.
    case literal(String)
    /// Data, always encoded as exactly one segment (`b/7` becomes `b%2F7`); empty, `.` and `..` are refused.
    case value(String)
    /// Several data values in one segment: `prefix`, then the values joined by `separator`,
    /// each value encoded as `.value` is and `prefix` and `separator` sent as written (OpenAPI's
    /// path styles: `1,2` simple, `.1.2` label, `;ids=1,2` matrix). An empty segment is refused.
    case delimited([String], prefix: String, separator: String)

    /// Makes a string literal a `.literal` segment.
    public init(stringLiteral value: String) { self = .literal(value) }

    /// A data segment from a typed value, written as its `endpointText` (`ID`, `Int`, `UUID`, `Date`, ...).
    public static func value(_ value: some EndpointValue) -> PathSegment {
        .value(value.endpointText)
    }

    /// One segment joined from literal text and data, in order: `.joined([.value(sid), ".json"])`
    /// sends `a%2Fb.json` for `a/b`. Every part is encoded into that one segment (a `/` in a
    /// literal part too); when a data part is empty the segment is `.value("")`, which
    /// `urlRequest(baseURL:)` refuses like any empty segment. `Endpoint.route` shows it as one
    /// `{value}` unless the endpoint names its `pathTemplate` (`withPathTemplate(_:)`).
    public static func joined(_ parts: [PathSegment]) -> PathSegment {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal):
                text += literal
            case .value(let value):
                if value.isEmpty { return .value("") }
                text += value
            case .delimited(let values, let prefix, let separator):
                text += prefix + values.joined(separator: separator)
            }
        }
        return .value(text)
    }

}

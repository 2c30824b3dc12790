import Foundation

// OpenAPI's parameter styles beyond a repeated query name: the values the generated endpoints
// build for a route file's `comma`, `space`, `pipe`, `spread`, `label` and `matrix` words, for
// path and header arrays, and for cookies.

/// Values sent as one text, joined by a separator: a query array in OpenAPI's `form` style
/// without explode (`,`), `spaceDelimited` (` `) or `pipeDelimited` (`|`), or a dictionary's keys
/// and values in turn (`x,1,y,2`, keys in byte order). Nothing when nil or empty. In a query the
/// separator is encoded like any reserved character (`ids=1%2C2`), which servers decode
/// before they split.
public struct JoinedValues: QueryValue {
    /// Each value's text, in order.
    public let texts: [String]
    /// What goes between two texts.
    public let separator: String

    /// The texts of `values` (an array's elements, an optional's value), joined by `separator`.
    public init(_ values: some QueryValue, separator: String) {
        texts = values.queryTexts
        self.separator = separator
    }

    /// The keys and values of `dictionary` in turn, keys in byte order, joined by `separator`.
    public init<Value: EndpointValue>(_ dictionary: [String: Value]?, separator: String) {
        let keys = dictionary?.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } ?? []
        texts = keys.flatMap { [$0, dictionary?[$0]?.endpointText ?? ""] }
        self.separator = separator
    }

    /// One text, or none when there is no value.
    public var queryTexts: [String] { texts.isEmpty ? [] : [texts.joined(separator: separator)] }
}

extension Array where Element == URLQueryItem {
    /// A dictionary in OpenAPI's `form` style exploded: one `key=value` item per key, keys in byte
    /// order; nil or empty adds nothing.
    public static func spread<Value: EndpointValue>(_ dictionary: [String: Value]?) -> [URLQueryItem] {
        guard let dictionary else { return [] }
        return dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { key in
            URLQueryItem(name: key, value: dictionary[key]?.endpointText)
        }
    }
}

extension PathSegment {
    /// A path array in OpenAPI's `simple` style: its values joined by `,` in one segment (`1,2`).
    public static func list(_ values: some QueryValue) -> PathSegment {
        .delimited(values.queryTexts, prefix: "", separator: ",")
    }

    /// A path value in OpenAPI's `label` style: `.5`, an array `.1,2`, or exploded `.1.2`.
    public static func label(_ values: some QueryValue, explode: Bool) -> PathSegment {
        .delimited(values.queryTexts, prefix: ".", separator: explode ? "." : ",")
    }

    /// A path value in OpenAPI's `matrix` style: `;id=5`, an array `;ids=1,2`, or exploded
    /// `;ids=1;ids=2`. The name is sent as written.
    public static func matrix(_ name: String, _ values: some QueryValue, explode: Bool) -> PathSegment {
        .delimited(values.queryTexts, prefix: ";" + name + "=", separator: explode ? ";" + name + "=" : ",")
    }
}

extension Dictionary where Key == String, Value == String {
    /// The `Cookie` header of cookie parameters in OpenAPI's `form` style: `name=value` pairs
    /// joined by `; `, an array's values by `,` (`ids=1,2`), each value percent-encoded outside
    /// the unreserved set; an optional adds nothing when nil, an empty array nothing. No pair
    /// left, no header.
    public static func cookieField(_ pairs: KeyValuePairs<String, any QueryValue>) -> [String: String] {
        let cookies = pairs.compactMap { name, value -> String? in
            let texts = value.queryTexts
            return texts.isEmpty ? nil : name + "=" + texts.map(PercentEncoding.encode).joined(separator: ",")
        }
        return cookies.isEmpty ? [:] : ["Cookie": cookies.joined(separator: "; ")]
    }
}

/// A route's identity across stages and files: its group's name and its own.
public struct RouteKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The group's name.
    public var group: String
    /// The route's name.
    public var name: String

    /// Creates a key from names.
    public init(group: String, name: String) {
        self.group = group
        self.name = name
    }

    /// The key of `route`.
    public init(_ route: Route) {
        self.init(group: route.groupName, name: route.name)
    }

    /// `Books.book`.
    public var description: String { group + "." + name }

    public static func < (lhs: RouteKey, rhs: RouteKey) -> Bool {
        TextOrder.precedes(lhs.description, rhs.description)
    }
}

/// Locale-independent text order (Unicode scalar values), so sorted output is the same everywhere.
public enum TextOrder {
    /// Whether `lhs` sorts before `rhs` by Unicode scalar values.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
    }
}

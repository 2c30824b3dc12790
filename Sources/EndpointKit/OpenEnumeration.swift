/// An enumeration of the values an API lists that stays open to the ones it adds later: each
/// listed value is a case, and any other is kept as sent in `unknown(_:)`, so it decodes without
/// failure and encodes back unchanged.
///
/// A conforming enum lists its cases in `allCases` and spells each one's wire value in
/// `rawValue`; this protocol gives it the rest: `init(rawValue:)`, which never fails, and
/// `endpointText`. Declared with `Codable`, it is coded as the bare wire value by the standard
/// library's coding for a `RawRepresentable` type.
///
/// ```swift
/// public enum Genre: OpenEnumeration, Codable, Hashable, Sendable {
///     case fiction, poetry
///     case unknown(String)
///
///     public static var allCases: [Genre] { [.fiction, .poetry] }
///
///     public var rawValue: String {
///         switch self {
///         case .fiction: "fiction"
///         case .poetry: "poetry"
///         case .unknown(let value): value
///         }
///     }
/// }
/// ```
public protocol OpenEnumeration: RawRepresentable, CaseIterable, EndpointValue where RawValue: Equatable {
    /// A value the enumeration does not list, kept as sent: the enum's `case unknown(RawValue)`.
    static func unknown(_ rawValue: RawValue) -> Self
}

extension OpenEnumeration {
    // One generic body here instead of a `switch` over the wire values in every generated enum,
    // which a debug build compiles again for each. `@inlinable` so that an optimized build
    // specializes it for each enum: the same comparisons, in the order the cases are listed.

    /// The listed case whose wire value is `rawValue`, else `unknown(rawValue)`: never fails.
    @inlinable public init(rawValue: RawValue) {
        self = Self.allCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }
}

extension OpenEnumeration where RawValue: EndpointValue {
    /// The wire value's own text, as a path segment, a query value or a header.
    public var endpointText: String { rawValue.endpointText }
}

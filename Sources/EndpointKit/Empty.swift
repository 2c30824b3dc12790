/// The response of an endpoint that returns nothing: a 204 or an empty body, never decoded.
public struct Empty: Hashable, Sendable, Codable {
    /// The one empty value.
    public init() {}
}

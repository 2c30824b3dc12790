import EndpointKit

/// A crust a pizza can be baked on.
public struct Crust: Codable, Equatable, Sendable {
    /// The crust's identifier.
    public let id: ID<Crust>
    /// The name shown on the menu.
    public var name: String
    /// What it adds to the price, in cents.
    public var priceInCents: Int

    /// Creates a crust.
    public init(id: ID<Crust>, name: String, priceInCents: Int = 0) {
        self.id = id
        self.name = name
        self.priceInCents = priceInCents
    }
}

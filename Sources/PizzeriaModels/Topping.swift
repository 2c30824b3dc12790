import EndpointKit

/// An extra topping a customer can add to a pizza.
public struct Topping: Codable, Equatable, Sendable {
    /// The topping's identifier.
    public let id: ID<Topping>
    /// The name shown on the menu.
    public var name: String
    /// What it adds to the price, in cents.
    public var priceInCents: Int

    /// Creates a topping.
    public init(id: ID<Topping>, name: String, priceInCents: Int) {
        self.id = id
        self.name = name
        self.priceInCents = priceInCents
    }
}

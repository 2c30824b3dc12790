import EndpointKit

/// A pizza on the menu.
public struct Product: Codable, Equatable, Sendable {
    /// The product's identifier.
    public let id: ID<Product>
    /// The name shown on the menu.
    public var name: String
    /// A one-line description, when the menu has one.
    public var summary: String?
    /// The base price in cents, before crust and toppings; cents keep money out of floating point.
    public var priceInCents: Int
    /// Whether it is vegetarian as listed.
    public var isVegetarian: Bool

    /// Creates a product.
    public init(id: ID<Product>, name: String, summary: String? = nil, priceInCents: Int, isVegetarian: Bool = false) {
        self.id = id
        self.name = name
        self.summary = summary
        self.priceInCents = priceInCents
        self.isVegetarian = isVegetarian
    }
}

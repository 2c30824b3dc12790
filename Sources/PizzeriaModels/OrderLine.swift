import EndpointKit

/// One line of an order: a product on a crust with toppings, some number of times.
public struct OrderLine: Codable, Equatable, Sendable {
    /// The pizza.
    public var product: ID<Product>
    /// The crust it is baked on.
    public var crust: ID<Crust>
    /// Extra toppings, in the order chosen.
    public var toppings: [ID<Topping>]
    /// How many of this line.
    public var quantity: Int

    /// Creates an order line.
    public init(product: ID<Product>, crust: ID<Crust>, toppings: [ID<Topping>] = [], quantity: Int = 1) {
        self.product = product
        self.crust = crust
        self.toppings = toppings
        self.quantity = quantity
    }
}

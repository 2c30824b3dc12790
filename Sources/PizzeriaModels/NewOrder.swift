import EndpointKit

/// The body of `POST /api/orders`: a signed-in customer's order to one of their saved addresses.
public struct NewOrder: Codable, Equatable, Sendable {
    /// What to bake.
    public var lines: [OrderLine]
    /// Which saved address to deliver to.
    public var deliveryAddress: ID<Address>
    /// A note for the kitchen or the driver.
    public var notes: String?

    /// Creates a new order.
    public init(lines: [OrderLine], deliveryAddress: ID<Address>, notes: String? = nil) {
        self.lines = lines
        self.deliveryAddress = deliveryAddress
        self.notes = notes
    }
}

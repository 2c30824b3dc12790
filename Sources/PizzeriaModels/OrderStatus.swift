/// Where an order is between the oven and the door.
public enum OrderStatus: String, Codable, Equatable, Sendable, CaseIterable {
    /// Accepted by the shop, not yet in the oven.
    case received
    /// In the oven.
    case baking
    /// With the driver.
    case outForDelivery
    /// At the customer's door.
    case delivered
    /// Cancelled by the customer or the shop.
    case cancelled
}

import EndpointKit
import Foundation

/// An order as the server returns it.
public struct Order: Codable, Equatable, Sendable {
    /// The order's identifier.
    public let id: ID<Order>
    /// Where the order is now.
    public var status: OrderStatus
    /// What was ordered.
    public var lines: [OrderLine]
    /// The total charged, in cents.
    public var totalInCents: Int
    /// When the shop accepted it.
    public var placedAt: Date

    /// Creates an order.
    public init(id: ID<Order>, status: OrderStatus, lines: [OrderLine], totalInCents: Int, placedAt: Date) {
        self.id = id
        self.status = status
        self.lines = lines
        self.totalInCents = totalInCents
        self.placedAt = placedAt
    }
}

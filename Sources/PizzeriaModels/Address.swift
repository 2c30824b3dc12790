import EndpointKit

/// A delivery address saved to the customer's profile.
public struct Address: Codable, Equatable, Sendable {
    /// The address's identifier.
    public let id: ID<Address>
    /// Street and number.
    public var street: String
    /// The city.
    public var city: String
    /// The postal code.
    public var postalCode: String
    /// Directions for the driver (a gate code, a floor).
    public var instructions: String?

    /// Creates an address.
    public init(id: ID<Address>, street: String, city: String, postalCode: String, instructions: String? = nil) {
        self.id = id
        self.street = street
        self.city = city
        self.postalCode = postalCode
        self.instructions = instructions
    }
}

/// The body of `POST /api/me/addresses`, and a guest order's address: an address without an identifier yet.
public struct NewAddress: Codable, Equatable, Sendable {
    /// Street and number.
    public var street: String
    /// The city.
    public var city: String
    /// The postal code.
    public var postalCode: String
    /// Directions for the driver (a gate code, a floor).
    public var instructions: String?

    /// Creates a new address.
    public init(street: String, city: String, postalCode: String, instructions: String? = nil) {
        self.street = street
        self.city = city
        self.postalCode = postalCode
        self.instructions = instructions
    }
}

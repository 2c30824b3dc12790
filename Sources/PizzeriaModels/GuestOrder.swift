/// The body of `POST /api/orders/guest`: an order from someone who has not signed in,
/// so the address and contact details travel with it.
public struct GuestOrder: Codable, Equatable, Sendable {
    /// What to bake.
    public var lines: [OrderLine]
    /// Who to ask for at the door.
    public var name: String
    /// A phone number for the driver.
    public var phone: String
    /// Where to deliver.
    public var address: NewAddress

    /// Creates a guest order.
    public init(lines: [OrderLine], name: String, phone: String, address: NewAddress) {
        self.lines = lines
        self.name = name
        self.phone = phone
        self.address = address
    }
}

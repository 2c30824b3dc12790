import EndpointKit

/// The signed-in customer.
public struct User: Codable, Equatable, Sendable {
    /// The customer's identifier. Never sent in a path: the token says who is asking.
    public let id: ID<User>
    /// The name to greet them with.
    public var name: String
    /// Where receipts go.
    public var email: String

    /// Creates a user.
    public init(id: ID<User>, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}

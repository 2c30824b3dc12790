import EndpointKit

/// A book's author; only its identifier travels in this API (`NewBook.authorID`).
public struct Author: Codable, Equatable, Sendable {
    /// The author's identifier.
    public let id: ID<Author>
    /// The author's name.
    public var name: String

    /// Creates an author.
    public init(id: ID<Author>, name: String) {
        self.id = id
        self.name = name
    }
}

import EndpointKit

/// The body of `POST /books`: what a client sends to add a book.
public struct NewBook: Codable, Equatable, Sendable {
    /// The title.
    public var title: String
    /// Who wrote it. Encoded as `authorID`, the API's key.
    public var authorID: ID<Author>

    /// Creates a new book.
    public init(title: String, authorID: ID<Author>) {
        self.title = title
        self.authorID = authorID
    }
}

import EndpointKit

/// A book in the library's catalogue, as the server returns it.
public struct Book: Codable, Equatable, Sendable {
    /// The book's identifier.
    public let id: ID<Book>
    /// The title.
    public var title: String
    /// The subtitle; absent from the JSON when the book has none.
    public var subtitle: String?

    /// Creates a book.
    public init(id: ID<Book>, title: String, subtitle: String? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
    }
}

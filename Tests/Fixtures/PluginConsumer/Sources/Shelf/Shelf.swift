public import EndpointKit

// The app's code against the endpoints its build imports from openapi.yaml: the filter keeps the
// books and one author operation, the renames name them as the app does, the overlay adds a
// subtitle and takes the delete away.

/// The shelf's first page of books, as the app lists them.
public func firstShelfPage(client: any HTTPClient) async throws -> [Book] {
    try await client.send(BooksEndpoints.shelf(limit: 20))
}

/// A draft of a new book at a price in the app's own money type.
public func draft(title: String, price: Money) -> BookDraft {
    BookDraft(title: title, price: price)
}

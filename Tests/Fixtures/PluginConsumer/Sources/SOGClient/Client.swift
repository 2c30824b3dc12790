import EndpointKit

// A target that used swift-openapi-generator's plugin with this openapi.yaml and
// openapi-generator-config.yaml; Package.swift names RoutegenPlugin instead, and that is all.

/// The title of one book, through the endpoints the filter keeps.
func title(ofBook id: String, client: any HTTPClient) async throws -> String {
    try await client.send(BooksEndpoints.getBook(bookId: id)).title
}

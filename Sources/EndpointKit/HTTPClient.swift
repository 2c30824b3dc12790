/// Sends endpoints. Everything above the network (repositories, stores, views) depends on
/// this protocol rather than on URLSession, so a test can inject a client returning canned values.
public protocol HTTPClient: Sendable {
    /// Sends the endpoint and returns its decoded response. A caller that does not read the
    /// response (a DELETE answering `Empty`) may ignore the result.
    @discardableResult
    func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response
}

extension HTTPClient {
    /// `send(endpoint, as: Book.self)`: the same call with the response type written out, for
    /// call sites that read better with it.
    @discardableResult
    public func send<Response>(_ endpoint: Endpoint<Response>, as type: Response.Type) async throws -> Response {
        try await send(endpoint)
    }
}

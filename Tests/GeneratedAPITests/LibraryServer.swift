import EndpointKit
import EndpointKitTesting
import Foundation
import LibraryAPI

/// The article's library server on loopback, and the generated repositories wired to it
/// through the real client, as an app would wire them.
struct LibraryServer {
    /// The token the client holds; it must reach the server exactly on authenticated routes.
    static let token = "reader-t0ken"

    /// The running server; it records every request it receives.
    let server: LocalServer
    /// The generated Books repository over `URLSessionHTTPClient`.
    let books: RemoteBooksRepository
    /// The generated Loans repository over `URLSessionHTTPClient`.
    let loans: RemoteLoansRepository

    /// Starts the server with the article's handler and builds the repositories against it.
    static func start() async throws -> LibraryServer {
        let server = try await LocalServer.start { request in
            switch (request.method, request.path) {
            case ("GET", "/books/b-7"):
                return .json(#"{"id":"b-7","title":"Dune"}"#)
            case ("GET", "/books"):
                // Three pages: the first names `c2`, the second `c3`, the third none.
                switch request.query {
                case "limit=20&q=dune":
                    return .json(#"{"items":[{"id":"b-7","title":"Dune"},{"id":"b-8","title":"Dune Messiah","subtitle":"Book Two"}],"next":"c2"}"#)
                case "cursor=c2&limit=20&q=dune":
                    return .json(#"{"items":[{"id":"b-9","title":"Children of Dune"}],"next":"c3"}"#)
                case "cursor=c3&limit=20&q=dune":
                    return .json(#"{"items":[{"id":"b-10","title":"God Emperor of Dune"}]}"#)
                default:
                    return .text("no such page", status: 404)
                }
            case ("POST", "/books"):
                guard request.header("Content-Type") == "application/json",
                      let new = try? JSONDecoder().decode([String: String].self, from: request.body),
                      let title = new["title"] else { return .text("bad request", status: 400) }
                return .json(#"{"id":"b-9","title":"\#(title)"}"#, status: 201, headers: [("Location", "/books/b-9")])
            case ("PATCH", "/books/b-8"):
                return .json(#"{"id":"b-8","title":"Dune Messiah"}"#)
            case ("DELETE", "/me/loans/b-7"), ("POST", "/books/b-7/cover"):
                return HTTPResponse(status: 204)
            default:
                return .text("not found", status: 404)
            }
        }
        // The local server stands in for every server of the API, the uploads host too.
        var configuration = APIConfiguration(baseURL: server.baseURL)
        configuration.usesEndpointServers = false
        let client = URLSessionHTTPClient(
            configuration: configuration,
            tokenProvider: FixedTokenProvider(token),
            logger: .silent
        )
        return LibraryServer(
            server: server,
            books: RemoteBooksRepository(client: client),
            loans: RemoteLoansRepository(client: client)
        )
    }

    /// Every request received so far, as `METHOD target`.
    var wire: [String] {
        server.requests.map { $0.method + " " + $0.target }
    }

    /// Stops the server.
    func stop() {
        server.stop()
    }
}

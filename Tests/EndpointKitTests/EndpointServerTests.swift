import EndpointKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// An endpoint with a server of its own (`Endpoint.server`), and `ServerURL`, which fills in a
/// server URL's variables.
@Suite("Servers of endpoints")
struct EndpointServerTests {
    private let base = URL(string: "https://api.example.com/v1")!
    private let uploads = URL(string: "https://uploads.example.com/v2/")!

    @Test func anEndpointWithAServerBuildsOnItInsteadOfTheBaseURL() throws {
        let endpoint = Endpoint<Empty>(method: .post, path: ["files", .value("a b")], query: [URLQueryItem(name: "q", value: "1")]).withServer(uploads)
        #expect(endpoint.server == uploads)
        #expect(try endpoint.urlRequest(baseURL: base).url?.absoluteString == "https://uploads.example.com/v2/files/a%20b?q=1")
        #expect(try endpoint.withServer(nil).urlRequest(baseURL: base).url?.absoluteString == "https://api.example.com/v1/files/a%20b?q=1")
        #expect(endpoint.route == "POST /files/{value}")
    }

    @Test func aLinkMustHaveTheEndpointServersOrigin() throws {
        var endpoint = Endpoint<Empty>(method: .get, path: ["files"]).withServer(uploads)
        endpoint.link = "/v2/files?page=2"
        #expect(try endpoint.urlRequest(baseURL: base).url?.absoluteString == "https://uploads.example.com/v2/files?page=2")
        endpoint.link = "https://api.example.com/v1/files?page=2"
        #expect(throws: PaginationError.linkToAnotherOrigin(host: "api.example.com")) { try endpoint.urlRequest(baseURL: base) }
    }

    @Test func theClientSendsToTheEndpointsServerUnlessTheConfigurationStandsInForIt() async throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["files"], auth: .bearer).withServer(uploads)
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: base), tokenProvider: FixedToken(), logger: .silent)
        let request = try await client.prepare(endpoint)
        #expect(request.url?.absoluteString == "https://uploads.example.com/v2/files")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
        var standIn = APIConfiguration(baseURL: URL(string: "http://127.0.0.1:8080")!)
        standIn.usesEndpointServers = false
        let local = try await URLSessionHTTPClient(configuration: standIn, tokenProvider: FixedToken(), logger: .silent).prepare(endpoint)
        #expect(local.url?.absoluteString == "http://127.0.0.1:8080/files")
    }

    @Test func serverURLFillsInTheVariables() throws {
        let template = "{scheme}://{region}.api.example.com:{port}/{version}"
        #expect(try ServerURL.url(template, values: ["scheme": "https", "region": "eu", "port": "8443", "version": "v2"]).absoluteString
            == "https://eu.api.example.com:8443/v2")
        #expect(try ServerURL.url("https://api.example.com", values: [:]).absoluteString == "https://api.example.com")
    }

    @Test func serverURLRefusesAValueThatMovesTheRequestsElsewhere() {
        let template = "https://{region}.api.example.com/v1"
        #expect(throws: EndpointError.invalidURL("https://evil.example#.api.example.com/v1")) {
            try ServerURL.url(template, values: ["region": "evil.example#"])
        }
        #expect(throws: EndpointError.invalidURL("https://user@evil.example/.api.example.com/v1")) {
            try ServerURL.url(template, values: ["region": "user@evil.example/"])
        }
        #expect(throws: EndpointError.invalidURL("ftp://files.example")) { try ServerURL.url("{scheme}://files.example", values: ["scheme": "ftp"]) }
        #expect(throws: EndpointError.invalidURL("https://{region}.api.example.com/v1")) { try ServerURL.url(template, values: [:]) }
    }
}

private struct FixedToken: TokenProvider {
    func currentToken() async -> String? { "t0ken" }
}

@testable import EndpointKit
import EndpointKitTesting
import Foundation
import HTTPWire
import Testing

/// A 401 answered by one refresh of the credential and one resend, on the loopback server.
@Suite struct CredentialRefreshTests {
    /// Hands out `old` until asked to refresh it, then `new`; counts the refreshes.
    actor RefreshingTokens: TokenProvider {
        private(set) var token: String
        private(set) var refreshes = 0
        let replacement: String?

        init(token: String = "old", replacement: String? = "new") {
            self.token = token
            self.replacement = replacement
        }

        func currentToken() async -> String? { token }

        func refreshedToken(rejected: String) async -> String? {
            refreshes += 1
            // Long enough for every request of a storm to meet its 401 meanwhile.
            try? await Task.sleep(for: .milliseconds(200))
            if let replacement { token = replacement }
            return replacement
        }
    }

    /// Accepts only `Bearer new`.
    private static func server() async throws -> LocalServer {
        try await LocalServer.start { request in
            request.header("Authorization") == "Bearer new" ? .json(#"{"ok":true}"#) : .json(#"{"message":"Token expired."}"#, status: 401)
        }
    }

    private struct OK: Decodable, Sendable, Equatable { var ok: Bool }

    private func client(_ server: LocalServer, _ tokens: any TokenProvider) -> URLSessionHTTPClient {
        URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), tokenProvider: tokens, logger: .silent)
    }

    private let privateRoute = Endpoint<OK>(method: .get, path: ["me"], auth: .bearer)

    @Test func aRejectedTokenIsRefreshedOnceAndTheRequestSentAgainWithTheNewOne() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let tokens = RefreshingTokens()
        #expect(try await client(server, tokens).send(privateRoute) == OK(ok: true))
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer old", "Bearer new"])
        #expect(await tokens.refreshes == 1)
    }

    @Test func twentyRequestsMeetingA401ShareOneRefresh() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let tokens = RefreshingTokens()
        let client = client(server, tokens)
        let endpoint = privateRoute
        let answers = try await withThrowingTaskGroup(of: OK.self) { group in
            for _ in 0..<20 { group.addTask { try await client.send(endpoint) } }
            return try await group.reduce(into: [OK]()) { $0.append($1) }
        }
        #expect(answers == Array(repeating: OK(ok: true), count: 20))
        #expect(await tokens.refreshes == 1)
        #expect(server.requests.filter { $0.header("Authorization") == "Bearer new" }.count == 20)
    }

    @Test func aSecond401FailsWithItsErrorAfterOneRefresh() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"message":"Account locked."}"#, status: 401) }
        defer { server.stop() }
        let tokens = RefreshingTokens()
        await #expect(throws: APIError.api(status: 401, message: "Account locked.", body: APIErrorBody(message: "Account locked."))) {
            try await client(server, tokens).send(privateRoute)
        }
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer old", "Bearer new"])
        #expect(await tokens.refreshes == 1)
    }

    @Test func aProviderThatCannotRefreshFailsWithThe401() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let tokens = RefreshingTokens(replacement: nil)
        await #expect(throws: APIError.api(status: 401, message: "Token expired.", body: APIErrorBody(message: "Token expired."))) {
            try await client(server, tokens).send(privateRoute)
        }
        #expect(server.requests.count == 1)
        #expect(await tokens.refreshes == 1)
    }

    @Test func theDefaultProviderNeverRefreshes() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        await #expect(throws: APIError.self) { try await client(server, FixedTokenProvider("old")).send(privateRoute) }
        #expect(server.requests.count == 1)
    }

    @Test func aPublicRouteIsNeverRefreshed() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let tokens = RefreshingTokens()
        await #expect(throws: APIError.self) {
            try await client(server, tokens).send(Endpoint<OK>(method: .get, path: ["me"]))
        }
        #expect(server.requests.map { $0.header("Authorization") } == [nil])
        #expect(await tokens.refreshes == 0)
    }

    @Test func aRequestBodyIsSentAgainWithTheRefreshedCredential() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let endpoint = Endpoint<OK>(method: .post, path: ["notes"], body: .json(["text": "hi"]), auth: .bearer)
        _ = try await client(server, RefreshingTokens()).send(endpoint)
        #expect(server.requests.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"text":"hi"}"#, #"{"text":"hi"}"#])
    }

    /// A provider of header keys that replaces a rejected key with the next one.
    struct RotatingKeys: CredentialProvider {
        func credential(for scheme: AuthScheme) async -> Credential? { .token("key-1") }
        func refreshedCredential(rejected: Credential, for scheme: AuthScheme) async -> Credential? {
            rejected == .token("key-1") && scheme.name == "apiKey" ? .token("key-2") : nil
        }
    }

    @Test func aCredentialProviderRefreshesItsSchemesCredential() async throws {
        let server = try await LocalServer.start { request in
            request.header("X-Key") == "key-2" ? .json(#"{"ok":true}"#) : .json("{}", status: 401)
        }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), credentialProvider: RotatingKeys(), logger: .silent
        )
        let scheme = AuthScheme(name: "apiKey", placement: .header(name: "X-Key"))
        #expect(try await client.send(Endpoint<OK>(method: .get, path: ["me"], auth: scheme)) == OK(ok: true))
        #expect(server.requests.map { $0.header("X-Key") } == ["key-1", "key-2"])
    }

    @Test func aStreamedRouteIsOpenedAgainWithTheRefreshedCredential() async throws {
        let server = try await LocalServer.start { request in
            request.header("Authorization") == "Bearer new"
                ? .pieces([Data("data: one\n\ndata: two\n\n".utf8)], headers: [("Content-Type", "text/event-stream")])
                : .json(#"{"message":"Token expired."}"#, status: 401)
        }
        defer { server.stop() }
        let tokens = RefreshingTokens()
        let ticker = Endpoint<EventStream<String>>(method: .post, path: ["ticker"], body: .json(["symbol": "X"]), auth: .bearer, accept: "text/event-stream")
        let events = try await client(server, tokens).send(ticker).reduce(into: [String]()) { $0.append($1) }
        #expect(events == ["one", "two"])
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer old", "Bearer new"])
        #expect(server.requests.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"symbol":"X"}"#, #"{"symbol":"X"}"#])
        #expect(await tokens.refreshes == 1)
    }

    @Test func aDownloadIsFetchedAgainWithTheRefreshedCredential() async throws {
        let server = try await LocalServer.start { request in
            request.header("Authorization") == "Bearer new" ? HTTPResponse(status: 200, body: Data("cover bytes".utf8)) : .json(#"{"message":"Token expired."}"#, status: 401)
        }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refresh-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cover.png")
        let tokens = RefreshingTokens()
        let cover = Endpoint<Data>(method: .get, path: ["cover"], auth: .bearer, accept: "image/png")
        let progress = try await client(server, tokens).download(cover, to: file).reduce(into: [DownloadProgress]()) { $0.append($1) }
        #expect(try Data(contentsOf: file) == Data("cover bytes".utf8))
        #expect(progress.last?.receivedBytes == 11)
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer old", "Bearer new"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cover.png"])
    }
}

import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A route that accepts several schemes (`auth key or stripe`), through real URLSession and
/// LocalServer: the client sends the credential of the first scheme its provider has one for,
/// only that one, and refreshes that scheme's credential after a 401.
@Suite struct AlternativeAuthTests {
    private struct OK: Decodable, Sendable, Equatable { var ok: Bool }

    static let key = AuthScheme(name: "key", placement: .query(name: "key"))
    static let stripe = AuthScheme(name: "stripe", placement: .basic)

    /// Credentials by scheme name; a rejected `sk_old` is replaced by `sk_new`, for `stripe` only.
    struct Credentials: CredentialProvider {
        var byScheme: [String: Credential]
        func credential(for scheme: AuthScheme) async -> Credential? { byScheme[scheme.name] }
        func refreshedCredential(rejected: Credential, for scheme: AuthScheme) async -> Credential? {
            rejected == .token("sk_old") && scheme.name == "stripe" ? .token("sk_new") : nil
        }
    }

    private func send(_ credentials: [String: Credential], answer: @escaping @Sendable (RecordedRequest) -> HTTPResponse = { _ in .json(#"{"ok":true}"#) }) async throws -> [RecordedRequest] {
        let server = try await LocalServer.start(handler: answer)
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), credentialProvider: Credentials(byScheme: credentials), logger: .silent
        )
        let endpoint = Endpoint<OK>(method: .get, path: ["charges"], auth: Self.key).withAlternativeAuth([Self.stripe])
        _ = try? await client.send(endpoint)
        return server.requests
    }

    @Test func theFirstSchemeWithACredentialIsSentAndNoOther() async throws {
        let both = try await send(["key": .token("k1"), "stripe": .token("sk_test")])
        #expect(both.map(\.target) == ["/charges?key=k1"])
        #expect(both.map { $0.header("Authorization") } == [nil])

        // base64("sk_test:"): a token sent with Basic is the user name.
        let stripeOnly = try await send(["stripe": .token("sk_test")])
        #expect(stripeOnly.map(\.target) == ["/charges"])
        #expect(stripeOnly.map { $0.header("Authorization") } == ["Basic c2tfdGVzdDo="])

        let none = try await send([:])
        #expect(none.map(\.target) == ["/charges"])
        #expect(none.map { $0.header("Authorization") } == [nil])
    }

    @Test func aRefreshIsAskedForTheSchemeThatWasSent() async throws {
        // base64("sk_old:") is rejected, base64("sk_new:") accepted.
        let requests = try await send(["stripe": .token("sk_old")]) { request in
            request.header("Authorization") == "Basic c2tfbmV3Og==" ? .json(#"{"ok":true}"#) : .json("{}", status: 401)
        }
        #expect(requests.map { $0.header("Authorization") } == ["Basic c2tfb2xkOg==", "Basic c2tfbmV3Og=="])
        #expect(requests.map(\.target) == ["/charges", "/charges"])
    }

    @Test func theAlternativesArePartOfTheValue() {
        let endpoint = Endpoint<OK>(method: .get, path: ["charges"], auth: Self.key).withAlternativeAuth([Self.stripe])
        #expect(endpoint.alternativeAuth == [Self.stripe])
        #expect(endpoint.auth == Self.key)
    }
}

import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `errors ProblemDetails`: a failure's JSON body read as the API's own type with one call on
/// the caught `APIError`, while `catch` patterns on its three cases stay as they were.
@Suite struct TypedErrorBodyTests {
    /// RFC 9457 problem details with a list of invalid fields, as an API might declare them.
    struct ProblemDetails: Codable, Equatable, Sendable {
        var type: String
        var title: String
        var status: Int
        var detail: String?
        var invalidParams: [InvalidParam]

        struct InvalidParam: Codable, Equatable, Sendable {
            var name: String
            var reason: String
        }

        enum CodingKeys: String, CodingKey {
            case type, title, status, detail
            case invalidParams = "invalid_params"
        }
    }

    private static let problem = #"{"type":"https://pizza.test/probs/out-of-dough","title":"Out of dough","status":422,"detail":"No thin crust left today.","invalid_params":[{"name":"crust","reason":"sold out"}]}"#

    /// `placeOrder POST /orders body NewOrder -> Empty errors ProblemDetails`, as routegen emits it.
    private var placeOrder: Endpoint<Empty> {
        Endpoint(method: .post, path: ["orders"], body: .json(["crust": "thin"]), auth: nil)
            .withErrorBody(ProblemDetails.self)
    }

    private func client(_ server: LocalServer) -> URLSessionHTTPClient {
        URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
    }

    @Test func a422ProblemIsDecodedFromTheCaughtErrorWithOneCall() async throws {
        let server = try await LocalServer.start { _ in .json(Self.problem, status: 422, headers: [("Content-Type", "application/problem+json")]) }
        defer { server.stop() }
        do {
            try await client(server).send(placeOrder)
            Issue.record("expected a failure")
        } catch let error as APIError {
            #expect(error.body(as: ProblemDetails.self) == ProblemDetails(
                type: "https://pizza.test/probs/out-of-dough", title: "Out of dough", status: 422,
                detail: "No thin crust left today.", invalidParams: [.init(name: "crust", reason: "sold out")]
            ))
            // The person sees the readable field, as before; the existing pattern still matches.
            #expect(error.message == "No thin crust left today.")
            guard case .api(let status, _, let body?, _) = error else {
                Issue.record("expected .api with a body, got \(error)")
                return
            }
            #expect(status == 422)
            #expect(body == APIErrorBody(title: "Out of dough", detail: "No thin crust left today."))
            #expect(body.bytes == Data(Self.problem.utf8))
        }
    }

    @Test func a502HTMLPageStillGivesThePlainMessageAndNoTypedBody() async throws {
        let server = try await LocalServer.start { _ in .html("<html><body><h1>502 Bad Gateway</h1></body></html>", status: 502) }
        defer { server.stop() }
        do {
            try await client(server).send(placeOrder)
            Issue.record("expected a failure")
        } catch let error as APIError {
            #expect(error == .api(status: 502, message: "Request failed with 502.", body: nil))
            #expect(error.body(as: ProblemDetails.self) == nil)
        }
    }

    @Test func aBodyOfAnotherShapeGivesNoTypedValueButKeepsItsMessage() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"message":"Slow down."}"#, status: 429) }
        defer { server.stop() }
        await #expect(throws: APIError.api(status: 429, message: "Slow down.", body: APIErrorBody(message: "Slow down."))) {
            try await client(server).send(placeOrder)
        }
        do {
            try await client(server).send(placeOrder)
        } catch let error as APIError {
            #expect(error.body(as: ProblemDetails.self) == nil)
            #expect(error.body(as: APIErrorBody.self) == APIErrorBody(message: "Slow down."))
        }
    }

    @Test func endpointCarriesItsErrorType() {
        #expect(placeOrder.errorBody == ProblemDetails.self)
        #expect(Endpoint<Empty>(method: .get, path: ["orders"]).errorBody == nil)
    }

    @Test func bodiesMadeInCodeHaveNoBytesAndCompareByTheirTexts() {
        #expect(APIErrorBody(message: "x").bytes == nil)
        #expect(APIErrorBody(message: "x").decoded(as: ProblemDetails.self) == nil)
        #expect(APIErrorBody(bytes: Data(#"{"message":"x","extra":1}"#.utf8)) == APIErrorBody(message: "x"))
        #expect(APIErrorBody(bytes: Data("[1]".utf8)) == nil)
        #expect(APIError.transport(message: "offline").body(as: ProblemDetails.self) == nil)
    }
}

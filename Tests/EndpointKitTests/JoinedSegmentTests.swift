import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `PathSegment.joined(_:)`: literal text and values in one segment (`/Calls/{sid}.json`), each
/// value encoded into that segment, an empty value refused like an empty segment.
@Suite struct JoinedSegmentTests {
    /// Twilio's `GET /2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json`, as routegen emits it.
    private func call(account: String, sid: String) -> Endpoint<Empty> {
        Endpoint(
            method: .get,
            path: ["2010-04-01", "Accounts", .value(account), "Calls", .joined([.value(sid), ".json"])],
            auth: .bearer
        ).withPathTemplate("/2010-04-01/Accounts/{value}/Calls/{value}.json")
    }

    private func url<Response>(_ endpoint: Endpoint<Response>) throws -> String? {
        try endpoint.urlRequest(baseURL: URL(string: "https://api.twilio.test")!).url?.absoluteString
    }

    @Test func valueAndSuffixAreOneSegment() throws {
        #expect(try url(call(account: "AC123", sid: "CA9")) == "https://api.twilio.test/2010-04-01/Accounts/AC123/Calls/CA9.json")
    }

    @Test func slashInAValueIsEncodedInsideTheSegment() throws {
        #expect(try url(call(account: "AC123", sid: "a/b")) == "https://api.twilio.test/2010-04-01/Accounts/AC123/Calls/a%2Fb.json")
        #expect(try url(Endpoint<Empty>(method: .get, path: [.joined([.value("x y"), ".", .value("Zoë")])])) == "https://api.twilio.test/x%20y.Zo%C3%AB")
    }

    @Test func twoValuesWithTextBetween() throws {
        let endpoint = Endpoint<Data>(method: .get, path: ["exports", .joined([.value("q3 report"), ".", .value("csv")])], accept: "text/csv")
        #expect(try url(endpoint) == "https://api.twilio.test/exports/q3%20report.csv")
    }

    @Test func anEmptyValueIsRefusedLikeAnEmptySegment() {
        #expect(throws: EndpointError.invalidSegment("")) { try url(call(account: "AC123", sid: "")) }
        #expect(throws: EndpointError.invalidSegment("")) { try url(Endpoint<Empty>(method: .get, path: [.joined([.value("a"), ".", .value("")])])) }
    }

    @Test func joinedIsOneValueOfTheWholeText() {
        #expect(PathSegment.joined([.value("CA9"), ".json"]) == .value("CA9.json"))
        #expect(PathSegment.joined(["receipt.", .value("pdf")]) == .value("receipt.pdf"))
        #expect(PathSegment.joined([.value("a"), .value("")]) == .value(""))
    }

    @Test func routeShowsTheTemplateAndNoData() {
        #expect(call(account: "AC123", sid: "CA9").route == "GET /2010-04-01/Accounts/{value}/Calls/{value}.json")
        #expect(Endpoint<Empty>(method: .get, path: ["Calls", .joined([.value("CA9"), ".json"])]).route == "GET /Calls/{value}")
        #expect(Endpoint<Empty>(method: .get, path: ["Calls", .joined([.value("CA9"), ".json"])]).pathTemplate == nil)
    }

    @Test func serverReceivesTheSegmentOnTheWire() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10),
            tokenProvider: FixedTokenProvider("t"),
            logger: .silent
        )
        try await client.send(call(account: "AC123", sid: "a/b c"))
        #expect(server.requests.map(\.target) == ["/2010-04-01/Accounts/AC123/Calls/a%2Fb%20c.json"])
    }
}

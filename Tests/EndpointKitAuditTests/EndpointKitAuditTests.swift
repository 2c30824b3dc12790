import EndpointKit
import EndpointKitAudit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A body type with a sample, as an app's model would adopt `RouteAuditSample`.
private struct Note: Codable, Sendable, Equatable, RouteAuditSample {
    var text: String
    static var auditSample: Note { Note(text: "audit note") }
}

/// A body type without a sample.
private struct Draft: Codable, Sendable {
    var text: String
}

private func note(_ id: String, auth: AuthScheme? = nil) -> Endpoint<Empty> {
    Endpoint(method: .get, path: ["notes", .value(id)], auth: auth)
}

private func post<Body: Encodable & Sendable>(_ body: Body) -> Endpoint<Empty> {
    Endpoint(method: .post, path: ["notes"], body: .json(body), auth: .bearer)
}

@Suite("EndpointKitAudit: samples")
struct AuditSampleTests {
    @Test func aTypeWithASampleGivesIt() throws {
        #expect(try auditSample(Note.self) == Note(text: "audit note"))
    }

    @Test func aTypeWithoutASampleThrowsAGapThatNamesIt() {
        let gap = #expect(throws: MissingAuditSample.self) { try auditSample(Draft.self) }
        #expect(gap?.typeName == "Draft")
        #expect(gap?.description == "no audit sample for Draft; conform it to RouteAuditSample")
    }
}

@Suite("EndpointKitAudit: calls")
struct AuditedCallTests {
    @Test func buildsAgainstTheAuditBaseURL() throws {
        let call = AuditedCall(url: "https://audit.routegen.test/v1/notes/n-1") { note("n-1") }
        let request = try #require(try call.urlRequest())
        #expect(request.url?.absoluteString == "https://audit.routegen.test/v1/notes/n-1")
        #expect(call.expectedURL == "https://audit.routegen.test/v1/notes/n-1")
        #expect(call.expectedHeaders == [])
    }

    @Test func preparedRequestCarriesTheAuditTokenExactlyOnAuthenticatedEndpoints() async throws {
        let authenticated = try #require(try await AuditedCall(url: nil) { note("n-1", auth: .bearer) }.preparedRequest())
        #expect(authenticated.value(forHTTPHeaderField: "Authorization") == "Bearer audit-token")
        let open = try #require(try await AuditedCall(url: nil) { note("n-1") }.preparedRequest())
        #expect(open.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func aBodyWithASampleIsBuilt() throws {
        let request = try #require(try AuditedCall(url: nil) { try post(auditSample(Note.self)) }.urlRequest())
        #expect(request.httpBody == Data(#"{"text":"audit note"}"#.utf8))
    }

    @Test func aMissingSampleIsAKnownIssueAndNoRequest() async throws {
        let call = AuditedCall(url: "https://audit.routegen.test/v1/notes") { try post(auditSample(Draft.self)) }
        #expect(try call.urlRequest() == nil)
        #expect(try await call.preparedRequest() == nil)
        #expect(call.refusal() is MissingAuditSample)
    }

    @Test func refusalIsTheBuildError() {
        #expect(AuditedCall(url: nil) { note("..") }.refusal() as? EndpointError == .invalidSegment(".."))
        #expect(AuditedCall(url: nil) { note("n-1") }.refusal() == nil)
    }

    @Test func anUnknownURLIsAKnownIssue() {
        let route = AuditedRoute(
            name: "note", method: "GET", pathTemplate: "/notes/{id}", requiresAuthentication: false,
            contentType: nil, accept: "application/json", url: nil, endpoint: { note("n-1") }
        )
        #expect(route.withAllArguments.knownURL(of: route) == nil)
        #expect(AuditedCall(url: "https://audit.routegen.test/v1/notes/n-1") { note("n-1") }.knownURL(of: route) == "https://audit.routegen.test/v1/notes/n-1")
    }

    @Test func aRouteKeepsItsFactsAndNamesItselfInTheOutput() {
        let route = AuditedRoute(
            name: "note", method: "GET", pathTemplate: "/notes/{id}", requiresAuthentication: true,
            contentType: nil, accept: "text/plain", url: "https://audit.routegen.test/v1/notes/n-1",
            headers: [AuditHeader(name: "X-Trace", value: "t-2")], endpoint: { note("n-1") }
        )
        #expect(route.testDescription == "note")
        #expect(!route.acceptsUserIdentifierInPath)
        #expect(route.withAllArguments.expectedHeaders == [AuditHeader(name: "X-Trace", value: "t-2")])
        #expect(route.withRequiredArguments == nil && route.withHostileSegment == nil && route.withHostileQuery == nil)
    }
}

@Suite("EndpointKitAudit: route checks")
struct RouteCheckTests {
    @Test func userIdentifiersAreFoundByNameWhateverTheSpelling() {
        #expect(userIdentifierParameters(in: "/users/{userId}/orders/{id}") == ["userId"])
        #expect(userIdentifierParameters(in: "/{user_id}/{Account-ID}/{username}") == ["user_id", "Account-ID", "username"])
        #expect(userIdentifierParameters(in: "/me/orders/{orderId}") == [])
    }

    @Test func userIdentifiersInsideJoinedSegmentsAreFound() {
        #expect(userIdentifierParameters(in: "/exports/{userId}.{format}") == ["userId"])
        #expect(userIdentifierParameters(in: "/Calls/{Sid}.json") == [])
    }

    @Test func joinedSegmentsClashOnlyWithTheSameShape() {
        let clashes = routeClashes([
            (name: "Calls.json", method: "GET", pathTemplate: "/Calls/{sid}.json"),
            (name: "Calls.xml", method: "GET", pathTemplate: "/Calls/{sid}.xml"),
            (name: "Calls.plain", method: "GET", pathTemplate: "/Calls/{sid}"),
            (name: "Calls.jsonAgain", method: "GET", pathTemplate: "/Calls/{callSid}.json"),
        ])
        #expect(clashes == ["Calls.json and Calls.jsonAgain are both GET /Calls/{}.json"])
    }

    @Test func clashesNameBothRoutesInTableOrder() {
        let clashes = routeClashes([
            (name: "Books.book", method: "GET", pathTemplate: "/books/{id}"),
            (name: "Books.bySlug", method: "GET", pathTemplate: "/books/{slug}"),
            (name: "Books.update", method: "PATCH", pathTemplate: "/books/{id}"),
            (name: "Books.search", method: "GET", pathTemplate: "/books"),
            (name: "Books.searchSlash", method: "GET", pathTemplate: "/books/"),
        ])
        #expect(clashes == ["Books.book and Books.bySlug are both GET /books/{}"])
    }
}

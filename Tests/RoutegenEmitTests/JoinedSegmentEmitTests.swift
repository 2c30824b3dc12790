import RoutegenEmit
import Testing

/// What a joined segment (`/Calls/{Sid: String}.json`) becomes in the endpoint and its audit.
@Suite("Joined path segments, emitted")
struct JoinedSegmentEmitTests {
    private let source = #"""
        api Twilio
        group Calls auth
          call GET /2010-04-01/Accounts/{AccountSid: String}/Calls/{Sid: String}.json -> Empty
        """#

    @Test func endpointJoinsTheValueAndItsSuffixAndNamesItsTemplate() {
        #expect(SpecSnippets.endpoints(source) == #"""
            /// Routes of the Calls group. Require authentication unless marked.
            public nonisolated enum CallsEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json` · requires authentication
                public static func call(accountSid: String, sid: String) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["2010-04-01", "Accounts", .value(accountSid), "Calls", .joined([.value(sid), ".json"])],
                        auth: .bearer
                    ).withPathTemplate("/2010-04-01/Accounts/{value}/Calls/{value}.json")
                }
            }

            """#)
    }

    @Test func auditExpectsTheHostileValueInsideItsOneSegmentAndADotSegmentFromTheWholeOne() {
        #expect(AuditTestsSnippets.declaration(of: "call", in: source) == #"""
            var route = AuditedRoute(
                name: "call",
                method: "GET",
                pathTemplate: "/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json",
                requiresAuthentication: true,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/2010-04-01/Accounts/accountSid-1/Calls/sid-2.json",
                endpoint: { CallsEndpoints.call(accountSid: "accountSid-1", sid: "sid-2") }
            )
            route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/2010-04-01/Accounts/a%2Fb%20c%26d%2Be/Calls/a%2Fb%20c%26d%2Be.json") {
                CallsEndpoints.call(accountSid: "a/b c&d+e", sid: "a/b c&d+e")
            }
            route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/2010-04-01/Accounts/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC/Calls/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC.json") {
                CallsEndpoints.call(accountSid: "Zoë/東京", sid: "Zoë/東京")
            }
            route.withDotSegment = AuditedCall(url: nil) {
                CallsEndpoints.call(accountSid: "..", sid: "..")
            }
            routes.append(route)

            """#)
    }

    @Test func onlyJoinedTextParametersGetNoDotSegmentCall() throws {
        let declaration = AuditTestsSnippets.declaration(of: "export", in: #"""
            api Shop
            group Exports public
              export GET /exports/{name: String}.{format: String} -> Empty
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "export",
                method: "GET",
                pathTemplate: "/exports/{name}.{format}",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/exports/name-1.format-2",
                endpoint: { ExportsEndpoints.export(name: "name-1", format: "format-2") }
            )
            route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/exports/a%2Fb%20c%26d%2Be.a%2Fb%20c%26d%2Be") {
                ExportsEndpoints.export(name: "a/b c&d+e", format: "a/b c&d+e")
            }
            route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/exports/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC.Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC") {
                ExportsEndpoints.export(name: "Zoë/東京", format: "Zoë/東京")
            }
            routes.append(route)

            """#)
    }
}

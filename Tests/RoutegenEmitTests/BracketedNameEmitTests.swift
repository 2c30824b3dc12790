import RoutegenEmit
import Testing

/// Bracketed query names and `deep` dictionaries in the endpoint and its audit.
@Suite("Bracketed names, emitted")
struct BracketedNameEmitTests {
    private let source = #"""
        api Stripe
        group Charges public
          charges GET /v1/charges ?filter[status]: String? ?metadata: [String: String] deep ?limit: Int = 10 -> Empty
        """#

    @Test func endpointSendsTheBracketedNameAndTheDictionaryByKey() {
        let swift = SpecSnippets.endpoints(source)
        #expect(swift == #"""
            /// Routes of the Charges group. Public unless marked.
            public nonisolated enum ChargesEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /v1/charges` · public
                public static func charges(filterStatus: String? = nil, metadata: Dictionary<String, String>, limit: Int = 10) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["v1", "charges"],
                        query: .items(["filter[status]": filterStatus, "limit": limit]) + .deepObject("metadata", metadata),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func auditExpectsTheStrictlyEncodedURL() {
        let declaration = AuditTestsSnippets.declaration(of: "charges", in: source)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "charges",
                method: "GET",
                pathTemplate: "/v1/charges",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/v1/charges?filter%5Bstatus%5D=filterStatus-1&limit=3&metadata%5Bkey%5D=metadata-2",
                endpoint: { ChargesEndpoints.charges(filterStatus: "filterStatus-1", metadata: ["key": "metadata-2"], limit: 3) }
            )
            route.withRequiredArguments = AuditedCall(url: "https://audit.routegen.test/v1/v1/charges?limit=10&metadata%5Bkey%5D=metadata-2") {
                ChargesEndpoints.charges(metadata: ["key": "metadata-2"])
            }
            route.withHostileQuery = AuditedCall(url: "https://audit.routegen.test/v1/v1/charges?filter%5Bstatus%5D=a%2Fb%20c%26d%2Be&limit=3&metadata%5Bkey%5D=metadata-2") {
                ChargesEndpoints.charges(filterStatus: "a/b c&d+e", metadata: ["key": "metadata-2"], limit: 3)
            }
            routes.append(route)

            """#)
    }
}

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
        #expect(swift.contains("public static func charges(filterStatus: String? = nil, metadata: Dictionary<String, String>, limit: Int = 10) -> Endpoint<Empty> {"))
        #expect(swift.contains(#"query: .items(["filter[status]": filterStatus, "limit": limit]) + .deepObject("metadata", metadata),"#))
    }

    @Test func auditExpectsTheStrictlyEncodedURL() {
        let declaration = AuditTestsSnippets.declaration(of: "charges", in: source)
        #expect(declaration.contains(#"url: "https://audit.routegen.test/v1/v1/charges?filter%5Bstatus%5D=filterStatus-1&limit=3&metadata%5Bkey%5D=metadata-2","#))
        #expect(declaration.contains(#"endpoint: { ChargesEndpoints.charges(filterStatus: "filterStatus-1", metadata: ["key": "metadata-2"], limit: 3) }"#))
    }
}

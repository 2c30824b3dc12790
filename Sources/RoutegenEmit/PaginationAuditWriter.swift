import RoutegenCore

/// The audit of a paginated route: from the response model's sample, `nextPage(after:)` must
/// build exactly the next request (a hostile cursor stays one query value, every other argument
/// stays as it was), and must stop where the clause says the last page is. A `Link` header
/// cannot be sampled from a model; EndpointKit's own tests cover it.
struct PaginationAuditWriter {
    let route: Route
    let group: RouteGroup
    let model: APIModel
    let enums: DeclaredEnums
    /// The samples' writer, made once per API.
    let samples: AuditSampleWriter

    /// A link to another host: `nextPage(after:)` may build it, `urlRequest` must refuse it.
    static let foreignLink = "https://elsewhere.example/next"
    /// A link on the audit's own origin.
    static let ownLink = "/audit/next?page=2"

    func write(into writer: inout SwiftWriter) {
        guard let spec = route.pagination, case .named(let responseName, _) = route.response.nonOptional,
              model.type(named: responseName) != nil else { return }
        let builder = AuditCallBuilder(route: route, endpointsType: group.name + "Endpoints", enums: enums)
        let first = builder.call(.requiredOnly).expression
        let base = SwiftNaming.stringLiteral(AuditTestsWireText.baseURL)
        func property(_ wireName: String) -> (name: String, type: TypeReference)? {
            PaginationEmitter.field(wireName, of: route, api: model).map { ("page." + PropertyNames($0.field).property, $0.type) }
        }
        func urlOf(_ endpoint: String) -> String {
            "try " + endpoint + ".urlRequest(baseURL: URL(string: " + base + ")!).url?.absoluteString"
        }
        let testName = SwiftNaming.lowerCamelCase(route.name) + "NextPage"
        switch spec.style {
        case .linkHeader:
            return
        case .cursor(let field, let parameter):
            guard let next = property(field) else { return }
            let expected = builder.call(.nextPage(parameter: parameter, value: AuditTestsSamples.hostileText)).expectedURL
            writeTest(testName, title: route.name + ": the next page sends the cursor as one query value and keeps every other argument", into: &writer) { body in
                body.line("let first = " + first)
                body.line("var page = " + route.response.description + ".auditSample")
                body.line(next.name + " = " + SwiftNaming.stringLiteral(AuditTestsSamples.hostileText))
                body.line("let next = try #require(first.nextPage(after: page))")
                if let expected { body.line("#expect(" + urlOf("next") + " == " + SwiftNaming.stringLiteral(expected) + ")") }
                if next.type.isOptional {
                    body.line(next.name + " = nil")
                    body.line("#expect(first.nextPage(after: page) == nil)")
                }
                body.line(next.name + " = \"\"")
                body.line("#expect(first.nextPage(after: page) == nil)")
            }
        case .bodyLink(let field):
            guard let next = property(field) else { return }
            let isURL = next.type.nonOptional == .named("URL")
            func literal(_ link: String) -> String {
                isURL ? "URL(string: " + SwiftNaming.stringLiteral(link) + ")!" : SwiftNaming.stringLiteral(link)
            }
            // A route with a server of its own follows links on that server's origin.
            let origin = (route.server?.defaultURL ?? AuditTestsWireText.baseURL).split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).prefix(3).joined(separator: "/")
            writeTest(testName, title: route.name + ": the next page follows the link on the API's origin and refuses another host", into: &writer) { body in
                body.line("let first = " + first)
                body.line("var page = " + route.response.description + ".auditSample")
                body.line(next.name + " = " + literal(Self.ownLink))
                body.line("let next = try #require(first.nextPage(after: page))")
                body.line("#expect(" + urlOf("next") + " == " + SwiftNaming.stringLiteral(origin + Self.ownLink) + ")")
                body.line(next.name + " = " + literal(Self.foreignLink))
                body.line("let foreign = try #require(first.nextPage(after: page))")
                body.line("#expect(throws: PaginationError.linkToAnotherOrigin(host: \"elsewhere.example\")) { try foreign.urlRequest(baseURL: URL(string: " + base + ")!) }")
                if next.type.isOptional {
                    body.line(next.name + " = nil")
                    body.line("#expect(first.nextPage(after: page) == nil)")
                }
            }
        case .pageNumber(let parameter), .offset(let parameter, _):
            guard let itemsField = spec.itemsField, let items = property(itemsField),
                  let elementType = PaginationEmitter.itemType(of: route, api: model) else { return }
            let current = route.queryParameters.first { $0.name == parameter }?.defaultValue.flatMap { value -> Int? in
                if case .integer(let text) = value { return Int(text) }
                return nil
            }
            let isOffset: Bool = if case .offset = spec.style { true } else { false }
            // One item on the page: the next page number is one more, the next offset one further.
            let nextValue = String((current ?? (isOffset ? 0 : 1)) + 1)
            let expected = builder.call(.nextPage(parameter: parameter, value: nextValue)).expectedURL
            let element = samples.sampleExpression(of: elementType, name: itemsField)
            writeTest(testName, title: route.name + ": the next page moves '" + parameter + "' on and the last page ends the sequence", into: &writer) { body in
                body.line("let first = " + first)
                body.line("var page = " + route.response.description + ".auditSample")
                body.line(items.name + " = [" + element + "]")
                if case .offset(_, let hasMore?) = spec.style, let more = property(hasMore) {
                    body.line(more.name + " = true")
                }
                body.line("let next = try #require(first.nextPage(after: page))")
                if let expected { body.line("#expect(" + urlOf("next") + " == " + SwiftNaming.stringLiteral(expected) + ")") }
                body.line(items.name + " = []")
                body.line("#expect(first.nextPage(after: page) == nil)")
            }
        }
    }

    private func writeTest(_ name: String, title: String, into writer: inout SwiftWriter, _ body: (inout SwiftWriter) -> Void) {
        writer.blank()
        writer.line("@Test(" + SwiftNaming.stringLiteral(title) + ")")
        writer.block("func " + name + "() throws", body)
    }
}

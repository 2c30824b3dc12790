import RoutegenCore
import RoutegenSamples

/// Emits the route-audit tests of an API: Swift Testing suites that build every endpoint with
/// sample and hostile arguments and check the `URLRequest` it really produces.
///
/// Files, under `<Api>APIAuditTests/`: `<Api>RouteTableAuditTests.swift` (checks across the
/// whole route table), one `<Group>RouteAuditTests.swift` per group, and the declared types'
/// round trips beside the groups that use them first (`<Group>ModelAuditTests.swift`, as the
/// types' own files), so large APIs compile in parallel. The machinery they share
/// (`AuditedRoute`, `AuditedCall`, `auditSample(_:)`, ...) is the library `EndpointKitAudit`,
/// which every file imports; nothing of it is emitted.
/// Every expected URL is computed here, at generation time, so each test is a literal compare.
public struct AuditTestsEmitter: Sendable {
    /// The options the API was generated with; an `internal` API needs `@testable import`.
    public var options: EmitOptions

    /// Creates an emitter for an API generated with `options`.
    public init(options: EmitOptions = EmitOptions()) {
        self.options = options
    }

    /// The audit-test files of `api`: the route-table audit, one file per group in file order, then
    /// the model tests.
    /// `samples` tells which declared types have a served sample; pass the maker the sources got,
    /// so each sample is made once per API.
    public func emit(api model: APIModel, samples: SampleMaker? = nil) -> [GeneratedFile] {
        emit(PreparedAPI(api: model, options: options, samples: samples))
    }

    /// `emit(api:samples:)` on an API prepared once for this emitter and the sources.
    public func emit(_ prepared: PreparedAPI) -> [GeneratedFile] {
        let model = prepared.api
        let groups = model.groups
        // With a fixed list of files (the build plugin), the model tests are always there; beside
        // the groups like the types (`ModelFileLayout.perGroup`), so they spread over the jobs too.
        let modelParts: [(stem: String, types: [TypeDeclaration])] =
            if model.types.isEmpty && !options.modelFiles.writesFilesWithoutTypes {
                []
            } else if case .perGroup(let everyFile) = options.modelFiles {
                prepared.typesByFirstGroup(everyFile: everyFile)
            } else {
                [(model.name, model.types)]
            }
        let samples = prepared.samples
        // One context for every paginated route's audit: it indexes every declared type.
        let paginationSamples = AuditSampleWriter(context: ModelContext(prepared, access: "internal"))
        // Once per API, not per group: it looks at every route.
        let withSchemes = !model.usesOnlyDefaultBearer
        // Once per API as well: it looks at every declared type (5,000 in the large benchmark, for 200 groups).
        let enums = DeclaredEnums(model)
        let aliases = testingAliases(of: model)
        // The model tests first, though listed last: the largest files of the audit tests, and
        // their writers' buffers, then stand beside fewer finished files.
        let jobs = ConcurrentJobs.map(count: modelParts.count + groups.count) { index in
            guard index >= modelParts.count else {
                let part = modelParts[index]
                var writer = SwiftWriter()
                writeHeader(&writer, model: model, testingAliases: aliases)
                writer.blank()
                ModelAuditTestsEmitter(api: model, samples: samples, types: part.types, stem: part.stem).write(into: &writer)
                return GeneratedFile(relativePath: GeneratedLayout.groupModelAuditTestsFile(api: model.name, group: part.stem), utf8: writer.outputUTF8)
            }
            let group = groups[index - modelParts.count]
            return GeneratedFile(
                relativePath: GeneratedLayout.groupAuditTestsFile(api: model.name, group: Self.groupTypeName(group)),
                utf8: groupFile(group, in: model, enums: enums, withSchemes: withSchemes, testingAliases: aliases, paginationSamples: paginationSamples)
            )
        }
        return [GeneratedFile(relativePath: GeneratedLayout.routeTableAuditTestsFile(api: model.name), utf8: routeTableFile(model, testingAliases: aliases))]
            + jobs[modelParts.count...] + jobs[..<modelParts.count]
    }

    /// `Books` for `group Books`: the stem of `BooksEndpoints` and `BooksRouteAudit`.
    static func groupTypeName(_ group: RouteGroup) -> String {
        group.name
    }

    /// The route-table type of the generated API: `LibraryRoutes`.
    static func routesTypeName(_ model: APIModel) -> String {
        model.name + "Routes"
    }

    // MARK: - Files

    private func routeTableFile(_ model: APIModel, testingAliases: [String]) -> [UInt8] {
        var writer = SwiftWriter()
        writeHeader(&writer, model: model, testingAliases: testingAliases)
        let routes = Self.routesTypeName(model)
        writer.blank()
        writer.docComment(["Checks across every route of the " + model.name + " API."])
        writer.line("@Suite(" + SwiftNaming.stringLiteral(model.name + " route table") + ")")
        writer.block(TopLevel.nonisolated + " struct " + model.name + "RouteTableAudit") { writer in
            writer.line("@Test(\"no two routes share a method and a path shape\")")
            writer.block("func noTwoRoutesShareMethodAndPathShape()") { writer in
                if model.routes.contains(where: { $0.streaming != nil }) {
                    // A stream may share its method and path with a route of one value: the Accept tells them apart.
                    writer.line("let clashes = routeClashes(" + routes + ".all.map { ($0.group + \".\" + $0.name, $0.method, $0.pathTemplate + ($0.responseType.hasPrefix(\"" + EndpointKitVocabulary.eventStreamType + "<\") ? \" (stream)\" : \"\")) })")
                } else {
                    writer.line("let clashes = routeClashes(" + routes + ".all.map { ($0.group + \".\" + $0.name, $0.method, $0.pathTemplate) })")
                }
                writer.line("#expect(clashes == [])")
            }
            writer.blank()
            writer.line("@Test(\"the route table lists every route of the route file, in file order\")")
            writer.block("func routeTableListsEveryRoute()") { writer in
                let names = model.routes.map { SwiftNaming.stringLiteral($0.groupName + "." + $0.name) }
                writer.line("let expected: [String] = [" + names.joined(separator: ", ") + "]")
                writer.line("#expect(" + routes + ".all.map { $0.group + \".\" + $0.name } == expected)")
            }
        }
        return writer.outputUTF8
    }

    private func groupFile(_ group: RouteGroup, in model: APIModel, enums: DeclaredEnums, withSchemes: Bool, testingAliases: [String], paginationSamples: AuditSampleWriter) -> [UInt8] {
        var writer = SwiftWriter()
        writeHeader(&writer, model: model, testingAliases: testingAliases)
        let stem = Self.groupTypeName(group)
        let suite = stem + "RouteAudit"
        let routes = group.routes

        writer.blank()
        writer.docComment([
            "Audit of the " + group.name + " group: every endpoint built with sample and hostile",
            "arguments, checked on the URLRequest it really produces.",
        ])
        writer.line("@Suite(" + SwiftNaming.stringLiteral(group.name + " routes") + ")")
        writer.block(TopLevel.nonisolated + " struct " + suite) { writer in
            writer.docComment(["Every route of the group, with the calls the audit makes."])
            writer.line("static let routes: [AuditedRoute] = makeRoutes()")
            writer.blank()
            writeMakeRoutes(&writer, group: group, model: model, enums: enums, withSchemes: withSchemes)
            writer.blank()
            writeTests(&writer, routes: routes, suite: suite, group: group, model: model, withSchemes: withSchemes)
            for route in routes where route.pagination != nil && !route.isDeprecated {
                PaginationAuditWriter(route: route, group: group, model: model, enums: enums, samples: paginationSamples).write(into: &writer)
            }
        }
        return writer.outputUTF8
    }

    func writeHeader(_ writer: inout SwiftWriter, model: APIModel, testingAliases: [String]) {
        GeneratedFileHeader.write(sourcePath: model.sourcePath, into: &writer)
        writer.line("import EndpointKit")
        writer.line("import " + EndpointKitVocabulary.auditModule)
        writer.line("import Foundation")
        writer.unindentedLine("#if canImport(FoundationNetworking)")
        writer.line("import FoundationNetworking")
        writer.unindentedLine("#endif")
        let apiModule = options.apiModule ?? GeneratedLayout.sourcesFolder(api: model.name)
        writer.line((options.accessLevel == .internal ? "@testable " : "") + "import " + apiModule)
        // The audit samples are the companion module's (`GeneratedLayout.previewFolder`).
        writer.line((options.accessLevel == .internal ? "@testable " : "") + "import " + GeneratedLayout.previewModule(apiModule: apiModule))
        for module in model.imports.map(\.module) where ![EndpointKitVocabulary.runtimeModule, EndpointKitVocabulary.auditModule, "Foundation", "Testing"].contains(module) {
            writer.line("import " + module)
        }
        writer.line("import Testing")
        writer.lines(testingAliases)
    }

    /// `private typealias Tag = LibraryAPI.Tag` for each declared type named like one of Swift
    /// Testing's, which every audit file imports too, so the API's wins. Made once per API: the
    /// walk over every declared type, per file, was a tenth of a 10,000-route generation.
    func testingAliases(of model: APIModel) -> [String] {
        let apiModule = options.apiModule ?? GeneratedLayout.sourcesFolder(api: model.name)
        return model.types.filter { EndpointKitVocabulary.testingTypeNames.contains($0.name) }.map { type in
            let parameters = type.genericParameters.isEmpty ? "" : "<" + type.genericParameters.joined(separator: ", ") + ">"
            return "private typealias " + type.name + parameters + " = " + apiModule + "." + type.name + parameters
        }
    }

    // MARK: - The route table of a group

    private func writeMakeRoutes(_ writer: inout SwiftWriter, group: RouteGroup, model: APIModel, enums: DeclaredEnums, withSchemes: Bool) {
        let endpoints = group.name + "Endpoints"
        writer.block("private static func makeRoutes() -> [AuditedRoute]") { writer in
            writer.line("var routes: [AuditedRoute] = []")
            for route in group.routes {
                if route.isDeprecated {
                    writer.line("routes.append((" + Self.deprecatedDeclarationType(route) + "() as any AuditRouteDeclaring).declare())")
                } else {
                    writer.block("do") { writer in
                        writeDeclaration(of: route, endpoints: endpoints, enums: enums, withSchemes: withSchemes, into: &writer)
                        writer.line("routes.append(route)")
                    }
                }
            }
            writer.line("return routes")
        }
        // A deprecated endpoint is still audited; calling it from a deprecated method reached through
        // a protocol keeps the audit free of deprecation warnings.
        for route in group.routes where route.isDeprecated {
            writer.blank()
            writer.docComment(["The deprecated route `" + route.name + "`, declared where calling it raises no warning."])
            writer.block("private struct " + Self.deprecatedDeclarationType(route) + ": AuditRouteDeclaring") { writer in
                writer.line("@available(*, deprecated)")
                writer.block("func declare() -> AuditedRoute") { writer in
                    writeDeclaration(of: route, endpoints: endpoints, enums: enums, withSchemes: withSchemes, into: &writer)
                    writer.line("return route")
                }
            }
        }
    }

    /// `DeprecatedOldSearchRoute` for the deprecated route `oldSearch`.
    static func deprecatedDeclarationType(_ route: Route) -> String {
        "Deprecated" + SwiftNaming.upperCamelCase(route.name) + "Route"
    }

    /// `var route = AuditedRoute(...)` with the route's facts and its all-arguments call, then its
    /// other calls and, in an API with credential schemes, where its credential must stand.
    private func writeDeclaration(of route: Route, endpoints: String, enums: DeclaredEnums, withSchemes: Bool, into writer: inout SwiftWriter) {
        let builder = AuditCallBuilder(route: route, endpointsType: endpoints, enums: enums)
        let all = builder.call(.allArguments)
        var arguments = [
            "name: " + SwiftNaming.stringLiteral(route.name),
            "method: " + SwiftNaming.stringLiteral(route.method),
            "pathTemplate: " + SwiftNaming.stringLiteral(route.pathTemplate),
            "requiresAuthentication: " + (route.access.requiresAuthentication ? "true" : "false"),
            "contentType: " + optionalLiteral(route.body?.contentType),
            "accept: " + SwiftNaming.stringLiteral(route.acceptedMediaType),
        ]
        if route.disabledRules.contains(LintRuleID.userIDInAuthenticatedPath.rawValue) {
            arguments.append("acceptsUserIdentifierInPath: true")
        }
        arguments += callArguments(all)
        arguments.append("endpoint: { " + all.expression + " }")
        let extras = extraCalls(for: route, builder: builder)
        let credential = withSchemes ? route.authScheme.map(Self.credentialExpression) : nil
        writer.wrapped((extras.isEmpty && credential == nil ? "let" : "var") + " route = AuditedRoute(", closing: ")") { writer in
            for (index, argument) in arguments.enumerated() {
                writer.line(joining: argument, index == arguments.count - 1 ? "" : ",")
            }
        }
        for (property, call) in extras {
            writer.block("route." + property + " = AuditedCall(" + callArguments(call).joined(separator: ", ") + ")") { writer in
                writer.line(call.expression)
            }
        }
        if let credential {
            writer.line("route.credential = " + credential)
        }
    }

    /// `.header(name: "X-Vault-Token", value: "audit-token")`: the audit credential as `scheme` places it.
    static func credentialExpression(_ scheme: AuthSchemeSpec) -> String {
        let expected = EndpointKitVocabulary.auditCredential(for: scheme)
        return (expected.isHeader ? ".header" : ".query") + "(name: " + SwiftNaming.stringLiteral(expected.name) + ", value: " + SwiftNaming.stringLiteral(expected.value) + ")"
    }

    /// The scenario calls beyond "all arguments", by the `AuditedRoute` property that holds them.
    private func extraCalls(for route: Route, builder: AuditCallBuilder) -> [(String, AuditCall)] {
        var calls: [(String, AuditCall)] = []
        if AuditTestsCalls.scenarios(for: route).contains(.requiredOnly) {
            calls.append(("withRequiredArguments", builder.call(.requiredOnly)))
        }
        if AuditTestsCalls.hasTextPathParameter(route) {
            calls.append(("withHostileSegment", builder.call(.pathText(AuditTestsSamples.hostileText))))
            calls.append(("withNonASCIISegment", builder.call(.pathText(AuditTestsSamples.nonASCIIText))))
        }
        if AuditTestsCalls.hasTextWholeSegmentParameter(route) {
            var dot = builder.call(.pathText(AuditTestsSamples.dotSegmentText))
            dot.expectedURL = nil
            calls.append(("withDotSegment", dot))
        }
        if AuditTestsCalls.hasTextQueryParameter(route) {
            calls.append(("withHostileQuery", builder.call(.queryText(AuditTestsSamples.hostileText))))
        }
        return calls
    }

    /// `url: "..."` and, when the call sets header fields, `headers: [...]`.
    private func callArguments(_ call: AuditCall) -> [String] {
        var arguments = ["url: " + optionalLiteral(call.expectedURL)]
        if !call.expectedHeaders.isEmpty {
            let headers = call.expectedHeaders.map {
                "AuditHeader(name: " + SwiftNaming.stringLiteral($0.name) + ", value: " + SwiftNaming.stringLiteral($0.value) + ")"
            }
            arguments.append("headers: [" + headers.joined(separator: ", ") + "]")
        }
        return arguments
    }

    private func optionalLiteral(_ text: String?) -> String {
        text.map(SwiftNaming.stringLiteral) ?? "nil"
    }

    // MARK: - Tests

    private func writeTests(_ writer: inout SwiftWriter, routes: [Route], suite: String, group: RouteGroup, model: APIModel, withSchemes: Bool) {
        for check in Self.checks(routesType: Self.routesTypeName(model), group: group.name, withSchemes: withSchemes) {
            if let applies = check.appliesTo, !routes.contains(where: applies) { continue }
            writer.blank()
            writer.line("@Test(" + SwiftNaming.stringLiteral(check.title) + ", arguments: " + suite + ".routes" + check.routeFilter + ")")
            writer.block("func " + check.function + "(_ route: AuditedRoute) " + (check.isAsync ? "async throws" : "throws"), check.body)
        }
    }

    /// One generated test: what it checks, on which routes, and its body.
    private struct AuditCheck {
        /// The test's display name.
        var title: String
        /// The test function's name.
        var function: String
        /// The routes it runs on, as Swift appended to `<Group>RouteAudit.routes`: empty for all.
        var routeFilter = ""
        /// Whether the body awaits (a prepared request goes through the token provider).
        var isAsync = false
        /// Whether a route of the group needs the test; the test is left out when none does. Nil: always written.
        var appliesTo: ((Route) -> Bool)?
        /// The body, run once per route.
        var body: (inout SwiftWriter) -> Void
    }

    /// Every check the audit makes, in the order the file lists them.
    private static func checks(routesType: String, group: String, withSchemes: Bool) -> [AuditCheck] {
        let (tokenOnAuthenticatedRoute, noTokenOnPublicRoute) = credentialChecks(withSchemes: withSchemes)
        return [
            AuditCheck(title: "builds the exact URL from every argument", function: "exactURL", body: expectKnownURL("let call = route.withAllArguments")),
            AuditCheck(title: "sends the route's method", function: "method", body: expectOnRequest("#expect(request.httpMethod == route.method)")),
            AuditCheck(title: "asks for the route's media type in Accept", function: "accept", body: expectOnRequest("#expect(request.value(forHTTPHeaderField: \"Accept\") == route.accept)")),
            AuditCheck(
                title: "fills left-out arguments with their defaults", function: "defaults", routeFilter: ".filter { $0.withRequiredArguments != nil }",
                appliesTo: { !$0.parameters.allSatisfy(\.isRequired) }, body: expectKnownURL(ofScenario: "withRequiredArguments")
            ),
            AuditCheck(
                title: "sends a path value with '/', space, '&' and '+' as one encoded segment", function: "hostileSegment",
                routeFilter: ".filter { $0.withHostileSegment != nil }", appliesTo: AuditTestsCalls.hasTextPathParameter, body: expectKnownURL(ofScenario: "withHostileSegment")
            ),
            AuditCheck(
                title: "sends a non-ASCII path value as percent-encoded UTF-8 in one segment", function: "nonASCIISegment",
                routeFilter: ".filter { $0.withNonASCIISegment != nil }", appliesTo: AuditTestsCalls.hasTextPathParameter, body: expectKnownURL(ofScenario: "withNonASCIISegment")
            ),
            AuditCheck(
                title: "refuses '..' as a path value with invalidSegment", function: "dotSegment",
                routeFilter: ".filter { $0.withDotSegment != nil }", appliesTo: AuditTestsCalls.hasTextWholeSegmentParameter
            ) { writer in
                writer.line("let call = try #require(route.withDotSegment)")
                writer.line("let error = call.refusal()")
                writer.line("if error is MissingAuditSample { return }")
                writer.line("#expect(error as? EndpointError == .invalidSegment(\"..\"))")
            },
            AuditCheck(
                title: "sends query text with '/', space, '&' and '+' strictly percent-encoded", function: "hostileQuery",
                routeFilter: ".filter { $0.withHostileQuery != nil }", appliesTo: AuditTestsCalls.hasTextQueryParameter, body: expectKnownURL(ofScenario: "withHostileQuery")
            ),
            AuditCheck(
                title: "sends header arguments as header fields", function: "headerArguments",
                routeFilter: ".filter { !$0.withAllArguments.expectedHeaders.isEmpty }", appliesTo: AuditTestsCalls.hasHeaderParameters
            ) { writer in
                writer.line("let call = route.withAllArguments")
                writer.line("guard let request = try call.urlRequest() else { return }")
                writer.block("for header in call.expectedHeaders") { writer in
                    writer.line("#expect(request.value(forHTTPHeaderField: header.name) == header.value)")
                }
            },
            tokenOnAuthenticatedRoute,
            AuditCheck(
                title: "carries no user identifier in the path of an authenticated route", function: "noUserIdentifierInPath",
                routeFilter: ".filter { $0.requiresAuthentication && !$0.acceptsUserIdentifierInPath }", appliesTo: { $0.access.requiresAuthentication }
            ) { writer in
                writer.line("#expect(userIdentifierParameters(in: route.pathTemplate) == [])")
            },
            noTokenOnPublicRoute,
            AuditCheck(
                title: "sends no body on a method that allows none", function: "noBodyWhereMethodAllowsNone",
                routeFilter: ".filter { !HTTPMethod(rawValue: $0.method).allowsBody }", appliesTo: { !EndpointKitVocabulary.methodAllowsBody($0.method) },
                body: expectOnRequest("#expect(request.httpBody == nil)")
            ),
            AuditCheck(
                title: "sends every body with its Content-Type (a multipart body's with its boundary)", function: "bodyContentType",
                routeFilter: ".filter { $0.contentType != nil }", appliesTo: { $0.body != nil },
                body: expectOnRequest("#expect(request.httpBody != nil)", "let sent = request.value(forHTTPHeaderField: \"Content-Type\") ?? \"\"", "#expect(sent == route.contentType || sent.hasPrefix((route.contentType ?? \"-\") + \"; boundary=\"), \"Content-Type: \\(sent)\")")
            ),
            AuditCheck(title: "is listed in the route table with its method, path, access and body", function: "routeTableEntry") { writer in
                writer.line("let entry = try #require(" + routesType + ".all.first { $0.group == " + SwiftNaming.stringLiteral(group) + " && $0.name == route.name })")
                writer.line("#expect(entry.method == route.method)")
                writer.line("#expect(entry.pathTemplate == route.pathTemplate)")
                writer.line("#expect(entry.requiresAuthentication == route.requiresAuthentication)")
                writer.line("#expect(entry.contentType == route.contentType)")
            },
        ]
    }

    /// The checks that the credential goes exactly to the authenticated routes: as each route's
    /// scheme says (`withSchemes`), or as the bearer token.
    private static func credentialChecks(withSchemes: Bool) -> (onAuthenticated: AuditCheck, onPublic: AuditCheck) {
        let onAuthenticated = withSchemes
            ? AuditCheck(
                title: "carries the credential exactly where its scheme says, and nowhere else", function: "credentialOnAuthenticatedRoute",
                routeFilter: ".filter(\\.requiresAuthentication)", isAsync: true, appliesTo: { $0.access.requiresAuthentication },
                body: expectOnPreparedRequest("let expected = try #require(route.credential)", "#expect(auditCredentials(in: request) == [expected])")
            )
            : AuditCheck(
                title: "attaches the bearer token to an authenticated route", function: "tokenOnAuthenticatedRoute",
                routeFilter: ".filter(\\.requiresAuthentication)", isAsync: true, appliesTo: { $0.access.requiresAuthentication },
                body: expectOnPreparedRequest("#expect(request.value(forHTTPHeaderField: \"Authorization\") == \"Bearer \" + AuditTokenProvider.token)")
            )
        let onPublic = withSchemes
            ? AuditCheck(
                title: "never attaches a credential to a public route, in a header or the URL", function: "noCredentialOnPublicRoute",
                routeFilter: ".filter { !$0.requiresAuthentication }", isAsync: true, appliesTo: { !$0.access.requiresAuthentication },
                body: expectOnPreparedRequest("#expect(auditCredentials(in: request) == [])")
            )
            : AuditCheck(
                title: "never attaches a token to a public route", function: "noTokenOnPublicRoute",
                routeFilter: ".filter { !$0.requiresAuthentication }", isAsync: true, appliesTo: { !$0.access.requiresAuthentication },
                body: expectOnPreparedRequest("#expect(request.value(forHTTPHeaderField: \"Authorization\") == nil)")
            )
        return (onAuthenticated, onPublic)
    }

    /// A body that compares a scenario's request URL with the URL worked out at generation time.
    private static func expectKnownURL(ofScenario scenario: String) -> (inout SwiftWriter) -> Void {
        expectKnownURL("let call = try #require(route." + scenario + ")")
    }

    private static func expectKnownURL(_ callLine: String) -> (inout SwiftWriter) -> Void {
        { writer in
            writer.line(callLine)
            writer.line("guard let request = try call.urlRequest(), let expectedURL = call.knownURL(of: route) else { return }")
            writer.line("#expect(request.url?.absoluteString == expectedURL)")
        }
    }

    /// A body that checks the all-arguments request as `urlRequest` builds it.
    private static func expectOnRequest(_ expectations: String...) -> (inout SwiftWriter) -> Void {
        { writer in
            writer.line("guard let request = try route.withAllArguments.urlRequest() else { return }")
            writer.lines(expectations)
        }
    }

    /// A body that checks the all-arguments request as the client prepares it, credential included.
    private static func expectOnPreparedRequest(_ expectations: String...) -> (inout SwiftWriter) -> Void {
        { writer in
            writer.line("guard let request = try await route.withAllArguments.preparedRequest() else { return }")
            writer.lines(expectations)
        }
    }


}

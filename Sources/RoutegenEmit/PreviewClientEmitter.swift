import RoutegenCore
import RoutegenSamples

/// Emits `<Api>PreviewClient`: an `HTTPClient` that answers every route of the API with the
/// bytes `routegen serve` sends for it (`SampleMaker`'s sample of the response type, `RouteSample`),
/// decoded by the endpoint itself as a server's answer would be, so previews and unit tests need
/// no server and show the served data. Overrides answer a route otherwise.
///
/// One `case` per route over `Endpoint.route` (`GET /books/{value}`, `EndpointKitVocabulary.endpointRoute`), each holding its sample as a
/// raw string literal: linear in the routes, and cheap for the compiler (no expression to type-check).
public struct PreviewClientEmitter: Sendable {
    /// The options that shape the text.
    public var options: EmitOptions

    /// Creates an emitter.
    public init(options: EmitOptions = EmitOptions()) {
        self.options = options
    }

    /// The preview client's file.
    public func emit(api: APIModel) -> GeneratedFile {
        let access = options.accessLevel.keyword
        let name = GeneratedLayout.previewClientType(api: api.name)
        let samples = SampleMaker(api: api)
        let followsLinks = api.routes.contains { if case .bodyLink = $0.pagination?.style { true } else { false } }
        var writer = SwiftWriter()
        GeneratedFileHeader.write(sourcePath: api.sourcePath, into: &writer)
        writer.lines(EndpointsEmitter.importLines(of: api))
        writer.lines(["#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif"])
        writer.blank()
        writer.docComment([
            "An `HTTPClient` that answers every route of the " + api.name + " API with its sample: the bytes",
            "`routegen serve` sends, decoded by the endpoint as a server's answer would be. For SwiftUI",
            "previews and unit tests: no server, and the same data a screen shows against `routegen serve`.",
            "",
            "`Data` answers the bytes of \"" + RouteSample.dataText + "\", `Empty` no body; a paginated route answers its",
            "first page, and a request for a later page (a cursor, a page or offset past the first, a link)",
            "the last page. `overriding(_:with:)` answers a route otherwise.",
        ])
        writer.block(access + " struct " + name + ": HTTPClient") { body in
            writeFailure(api: api, access: access, into: &body)
            body.blank()
            body.line("private var overrides: [String: @Sendable () throws -> any Sendable] = [:]")
            body.blank()
            body.docComment(["A client answering every route with its sample."])
            body.line(access + " init() {}")
            body.blank()
            let overrides = [
                ("with value: Response", "{ value }", "with `value`"),
                ("throwing error: any Error", "{ throw error }", "by throwing `error` (an error state's preview)"),
            ]
            for (parameter, answer, what) in overrides {
                body.docComment(["This client, answering every request of `endpoint`'s route (any path value, query or body) " + what + "."])
                body.block(access + " func overriding<Response>(_ endpoint: Endpoint<Response>, " + parameter + ") -> " + name) { method in
                    method.line("var copy = self")
                    method.line("copy.overrides[endpoint.route] = " + answer)
                    method.line("return copy")
                }
                body.blank()
            }
            body.docComment(["Answers the endpoint's override, else its route's sample, decoded by the endpoint."])
            body.line("@discardableResult")
            body.block(access + " func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response") { send in
                send.line("let route = endpoint.route")
                send.block("if let answer = overrides[route]") { override in
                    override.line("guard let value = try answer() as? Response else { throw Failure.wrongType(route: route) }")
                    override.line("return value")
                }
                send.line("let body = try Self.sampleBody(route: route, isFollowingPage: { parameter, first in")
                // `Endpoint.link` only where a route pages by a link in the body (which needs the
                // EndpointKit that has it anyway), so a plain API's client builds with an older one.
                send.line("    guard let parameter else { return " + (followsLinks ? "endpoint.link != nil" : "false") + " }")
                send.line("    guard let value = endpoint.query.last(where: { $0.name == parameter })?.value, !value.isEmpty else { return false }")
                send.line("    return value != first")
                send.line("})")
                send.line("let response = HTTPURLResponse(url: URL(string: \"https://preview.invalid\")!, statusCode: 200, httpVersion: \"HTTP/1.1\", headerFields: nil)!")
                send.line("return try endpoint.decode(Data(body.utf8), response)")
            }
            body.blank()
            writeSampleBodies(api: api, samples: samples, into: &body)
        }
        return GeneratedFile(relativePath: GeneratedLayout.previewClientFile(api: api.name), contents: writer.output)
    }

    private func writeFailure(api: APIModel, access: String, into writer: inout SwiftWriter) {
        writer.docComment(["Why the preview client could not answer."])
        writer.block(access + " enum Failure: Error, Equatable, CustomStringConvertible") { body in
            body.docComment(["The route is not one of the " + api.name + " API's (`GET /elsewhere`)."])
            body.line("case unknownRoute(String)")
            body.docComment(["The route's response type has no sample: it, or a part it cannot leave out, comes from an imported module."])
            body.line("case noSample(route: String, type: String)")
            body.docComment(["The route's override holds a value of another type than the endpoint's response."])
            body.line("case wrongType(route: String)")
            body.blank()
            body.docComment(["What happened and what to do."])
            body.block(access + " var description: String") { getter in
                getter.switchBlock("self") { cases in
                    cases.line("case .unknownRoute(let route): \"'\\(route)' is no route of the " + api.name + " API\"")
                    cases.line("case .noSample(let route, let type): \"'\\(route)' answers '\\(type)', which has no sample (a type from an imported module); call overriding(_:with:) for it\"")
                    cases.line("case .wrongType(let route): \"the override of '\\(route)' holds a value of another type; override it with the endpoint's response type\"")
                }
            }
        }
    }

    /// `sampleBody(route:isFollowingPage:)`: one case per route (the first of two that share one).
    private func writeSampleBodies(api: APIModel, samples: SampleMaker, into writer: inout SwiftWriter) {
        writer.docComment([
            "The body `routegen serve` sends for `route`; `isFollowingPage(parameter, first)` tells a request for a",
            "later page: the query parameter with a value other than the first page's, or (nil) a link.",
        ])
        writer.block("private static func sampleBody(route: String, isFollowingPage: (String?, String?) -> Bool) throws -> String") { body in
            body.switchBlock("route") { cases in
                var seen: Set<String> = []
                // Routes answering one type share its sample, made once: the name a sample is made
                // for reaches only a response that is no declared type (a `String`, `[String]`).
                // Routes answering one type share its sample and its literal, made once: the name a
                // sample is made for reaches only a response that is no declared type (`String`).
                var made: [String: (json: SampleJSON?, literal: String)] = [:]
                let declared = Set(api.types.map(\.name))
                for route in api.routes {
                    let key = EndpointKitVocabulary.endpointRoute(of: route)
                    guard seen.insert(key).inserted else { continue }
                    let pattern = "case " + SwiftNaming.stringLiteral(key) + ":"
                    guard RouteSample.answersJSON(route) else {
                        cases.line(pattern + " return " + Self.literal(RouteSample(route: route, responseSample: nil).first))
                        continue
                    }
                    let sampleKey = route.response.description + (Self.isDeclared(route.response, among: declared) ? "" : " " + route.name)
                    let response: (json: SampleJSON?, literal: String)
                    if let known = made[sampleKey] {
                        response = known
                    } else {
                        let json = samples.sample(of: route.response, name: route.name)
                        response = (json, json.map { SwiftNaming.rawStringLiteral($0.text) } ?? "")
                        made[sampleKey] = response
                    }
                    guard response.json != nil else {
                        cases.line(pattern + " throw Failure.noSample(route: route, type: " + SwiftNaming.stringLiteral(route.response.description) + ")")
                        continue
                    }
                    // Only a paginated route needs more than the shared literal.
                    let sample = route.pagination.map { _ in RouteSample(route: route, responseSample: response.json) }
                    if let following = sample?.following, let request = sample?.followingRequest {
                        let parameter = request.parameter.map(SwiftNaming.stringLiteral) ?? "nil"
                        let firstValue = request.firstValue.map(SwiftNaming.stringLiteral) ?? "nil"
                        cases.line(pattern)
                        cases.line("    return isFollowingPage(" + parameter + ", " + firstValue + ")")
                        cases.line("        ? " + Self.literal(following))
                        cases.line("        : " + response.literal)
                    } else {
                        cases.line(pattern + " return " + response.literal)
                    }
                }
                cases.line("default: throw Failure.unknownRoute(route)")
            }
        }
    }

    /// Whether `type`, inside optionals, arrays and dictionaries, is a type the route file declares.
    private static func isDeclared(_ type: TypeReference, among declared: Set<String>) -> Bool {
        switch type {
        case .optional(let inner), .array(let inner): isDeclared(inner, among: declared)
        case .named("Dictionary", let arguments) where arguments.count == 2: isDeclared(arguments[1], among: declared)
        case .named(let name, _): declared.contains(name)
        }
    }

    private static func literal(_ body: RouteSample.Body) -> String {
        switch body {
        case .json(let json): SwiftNaming.rawStringLiteral(json.text)
        case .bytes: SwiftNaming.stringLiteral(RouteSample.dataText)
        case .empty, .unavailable: "\"\""
        }
    }
}

import RoutegenCore
import RoutegenSamples

/// Emits `<Api>PreviewClient`, EndpointKitTesting's `PreviewClient` over the generated
/// `<Api>PreviewSamples`, into the companion module: an `HTTPClient` that answers every route of the API with the
/// bytes `routegen serve` sends for it (`SampleMaker`'s sample of the response type, `RouteSample`),
/// decoded by the endpoint itself as a server's answer would be, so previews and unit tests need
/// no server and show the served data. Overrides answer a route otherwise.
///
/// One `case` per route over `Endpoint.route` (`GET /books/{value}`, `EndpointKitVocabulary.endpointRoute`), each holding its sample as a
/// raw string literal, or a declared type's `sampleJSON`: linear in the routes, and cheap for the compiler (no expression to type-check).
public struct PreviewClientEmitter: Sendable {
    /// The options that shape the text.
    public var options: EmitOptions

    /// Creates an emitter.
    public init(options: EmitOptions = EmitOptions()) {
        self.options = options
    }

    /// The preview client's file; `samples` makes the answers (a maker shared with the models'
    /// files makes each declared type's sample once).
    public func emit(api: APIModel, samples: SampleMaker? = nil) -> GeneratedFile {
        let access = options.accessLevel.keyword
        let name = GeneratedLayout.previewClientType(api: api.name)
        let table = GeneratedLayout.previewSamplesType(api: api.name)
        let answers = Self.answers(api: api, samples: samples ?? SampleMaker(api: api))
        let failsTyped = api.routes.contains { $0.errorBody != nil }
        var writer = SwiftWriter()
        GeneratedFileHeader.write(sourcePath: api.sourcePath, into: &writer)
        // The client is EndpointKitTesting's `PreviewClient`, the table's `sample(route:url:)` takes a
        // Foundation `URL`; the declared types appear only in the answers' bodies.
        var imports = ImportList([EndpointKitVocabulary.runtimeModule, Self.testingModule])
        imports.expose(Self.testingModule)
        imports.expose("Foundation")
        let models = SamplesFileEmitter.imports(of: api, options: options)
        let declarations = api.typesByName()
        let named = Set(answers.compactMap { $0.literal?.split(separator: ".").first.map(String.init) }).filter { declarations[$0] != nil }
        writer.lines(imports.merging(models).lines(access: options.accessLevel)
            + SamplesFileEmitter.scopedImports(of: api.types.filter { named.contains($0.name) }, options: options, api: api, exposed: false))
        writer.blank()
        writer.docComment(Self.clientDocumentation(api: api, failsTyped: failsTyped))
        writer.line(access + " typealias " + name + " = PreviewClient<" + table + ">")
        writer.blank()
        writer.docComment(["The samples `" + name + "` answers with, one per route of the " + api.name + " API."])
        writer.block(options.accessLevel.topLevelModifiers + " enum " + table + ": PreviewSamples") { body in
            body.docComment(["The API's name, for the client's messages."])
            body.line(access + " static let apiName = " + SwiftNaming.stringLiteral(api.name))
            body.blank()
            writeSamples(answers, access: access, into: &body)
            if failsTyped {
                body.blank()
                writeErrorSamples(answers, access: access, into: &body)
            }
        }
        return GeneratedFile(relativePath: GeneratedLayout.previewClientFile(api: api.name), utf8: writer.outputUTF8)
    }

    /// The preview client's documentation comment.
    private static func clientDocumentation(api: APIModel, failsTyped: Bool) -> [String] {
        [
            "An `HTTPClient` that answers every route of the " + api.name + " API with its sample: the bytes",
            "`routegen serve` sends, decoded by the endpoint as a server's answer would be. For SwiftUI",
            "previews and unit tests: no server, and the same data a screen shows against `routegen serve`.",
            "",
            "`Data` answers the bytes of \"" + RouteSample.dataText + "\", `Empty` no body; a paginated route answers the page",
            "the request asks for as `routegen serve` does (a first page naming a second and last one; past it, for",
            "page numbers and offsets, no items), its links on " + origin + ". `overriding(_:with:)` answers a",
            "route otherwise" + (failsTyped ? ", `failing(_:status:)` with its error body's sample." : "."),
        ]
    }

    /// The runtime module the preview client's fixed part lives in (`PreviewClient`, `PreviewSamples`).
    public static let testingModule = "EndpointKitTesting"

    /// The origin of the preview client's URLs: `routegen serve` writes its own address where a
    /// link names the second page, the preview client this one (a host that never resolves;
    /// `PreviewClient.origin`).
    public static let origin = "https://preview.invalid"

    /// One route's answer, as the emitted code writes it: the key `Endpoint.route` shows, the
    /// body literal (shared by routes answering one declared type) and its `RouteSample`.
    private struct Answer {
        let key: String
        let route: Route
        let sample: RouteSample
        /// The body's Swift literal; nil when the response has no sample.
        let literal: String?
    }

    /// Every route's answer, the first of two routes with one key only.
    private static func answers(api: APIModel, samples: SampleMaker) -> [Answer] {
        var seen: Set<String> = []
        // Routes answering one type share its sample and its literal, made once: the name a sample
        // is made for reaches only a response that is no declared type (a `String`, `[String]`).
        var made: [String: (json: SampleJSON?, literal: String?)] = [:]
        let declarations = api.typesByName()
        var answers: [Answer] = []
        for route in api.routes {
            let key = EndpointKitVocabulary.previewKey(of: route)
            guard seen.insert(key).inserted else { continue }
            guard RouteSample.answersJSON(route) else {
                let sample = samples.sample(of: route)
                answers.append(Answer(key: key, route: route, sample: sample, literal: literal(sample.body)))
                continue
            }
            let sampleKey = route.response.description + (isDeclared(route.response, among: declarations) ? "" : " " + route.name)
            let response: (json: SampleJSON?, literal: String?)
            if let known = made[sampleKey] {
                response = known
            } else {
                let json = samples.sample(of: route.response, name: route.name)
                response = (json, json.map { sampleLiteral($0, of: route.response, declarations: declarations) })
                made[sampleKey] = response
            }
            answers.append(Answer(key: key, route: route, sample: samples.sample(of: route, first: response.json), literal: response.literal))
        }
        return answers
    }

    /// `sample(route:url:)`: one case per route, each page of a paginated one.
    private func writeSamples(_ answers: [Answer], access: String, into writer: inout SwiftWriter) {
        writer.docComment([
            "The body `routegen serve` sends for a request of `route` to `url`, and its `Link` header: for a",
            "paginated route, the page the URL asks for, read as `routegen serve` reads it.",
        ])
        writer.block(access + " static func sample(route: String, url: URL) throws -> (body: String, link: String?)") { body in
            body.switchBlock("route") { cases in
                for answer in answers {
                    let pattern = "case " + SwiftNaming.stringLiteral(answer.key) + ":"
                    guard let literal = answer.literal else {
                        cases.line(pattern + " throw Failure.noSample(route: route, type: " + SwiftNaming.stringLiteral(answer.route.response.description) + ")")
                        continue
                    }
                    guard let paging = answer.sample.paging else {
                        cases.line(pattern + " return (" + literal + ", nil)")
                        continue
                    }
                    cases.line(pattern)
                    cases.indented { page in writePages(paging, into: &page) }
                }
                cases.line("default: throw Failure.unknownRoute(route)")
            }
        }
    }

    /// The pages of one paginated route: a switch over the page the URL asks for.
    private func writePages(_ paging: RouteSample.Paging, into writer: inout SwiftWriter) {
        let value = "Self.query(" + SwiftNaming.stringLiteral(paging.parameter) + ", in: url)"
        let index: String
        switch paging.reading {
        case .cursor: index = "Self.cursorPage(" + value + ")"
        case .number(let first, let last): index = "Self.numberedPage(" + value + ", first: " + String(first) + ", last: " + String(last) + ")"
        }
        writer.switchBlock(index) { cases in
            // The link itself is the request's, so the first page's text is split around it.
            let marker = "\u{0}"
            let first = paging.page(.first, link: marker).text
            let firstBody: String
            switch paging.link {
            case .field?:
                let link = first.firstRange(of: JSONText.quoted(marker)) ?? first.endIndex..<first.endIndex
                firstBody = SwiftNaming.rawStringLiteral(first[..<link.lowerBound] + "\"") + " + Self.secondPageLink(of: url) + " + SwiftNaming.rawStringLiteral("\"" + first[link.upperBound...])
            case .header?, nil:
                firstBody = SwiftNaming.rawStringLiteral(first)
            }
            let header = paging.link == .header ? "\"<\" + Self.secondPageLink(of: url) + \">; rel=\\\"next\\\"\"" : "nil"
            cases.line("case .first: return (" + firstBody + ", " + header + ")")
            let second = SwiftNaming.rawStringLiteral(paging.page(.second, link: marker).text)
            if let pastTheEnd = paging.pastTheEndPage {
                cases.line("case .second: return (" + second + ", nil)")
                cases.line("case .pastTheEnd: return (" + SwiftNaming.rawStringLiteral(pastTheEnd.text) + ", nil)")
            } else {
                cases.line("case .second, .pastTheEnd: return (" + second + ", nil)")
            }
        }
    }

    /// `errorSample(route:)`: the sample of each route's error body type, looked up in a table
    /// (each distinct sample once): a switch over hundreds of routes costs the type checker a
    /// pattern each (45 ms for Box's 278), a dictionary literal of known type almost nothing.
    private func writeErrorSamples(_ answers: [Answer], access: String, into writer: inout SwiftWriter) {
        var indexOfSample: [String: Int] = [:]
        var samples: [String] = []
        var entries: [String] = []
        for answer in answers {
            guard let text = answer.sample.errorBody?.text else { continue }
            let index = indexOfSample[text] ?? samples.count
            if index == samples.count {
                indexOfSample[text] = index
                samples.append(text)
            }
            entries.append(SwiftNaming.stringLiteral(answer.key) + ": " + String(index) + ",")
        }
        writer.docComment(["Each route that declares an error body type (`errors T`), with its sample's index in `errorSampleTexts`."])
        writer.line("private static let errorSampleOfRoute: [String: Int] = [")
        writer.indented { $0.lines(entries) }
        writer.line("]")
        writer.blank()
        writer.docComment(["The error body samples, each once."])
        writer.line("private static let errorSampleTexts: [String] = [")
        writer.indented { $0.lines(samples.map { SwiftNaming.rawStringLiteral($0) + "," }) }
        writer.line("]")
        writer.blank()
        writer.docComment(["The sample of the error body type (`errors T`) of `route`; nil when it declares none."])
        writer.block(access + " static func errorSample(route: String) -> String?") { body in
            body.line("errorSampleOfRoute[route].map { errorSampleTexts[$0] }")
        }
    }

    /// The Swift text of a response's sample: a non-generic declared type's own `sampleJSON` (its
    /// models' file embeds the text once, and a member is as cheap to type-check as a literal), else
    /// the JSON as a raw string literal. A deprecated type's member would warn, so it gets the literal.
    private static func sampleLiteral(_ json: SampleJSON, of response: TypeReference, declarations: [String: TypeDeclaration]) -> String {
        if case .named(let name, let arguments) = response, arguments.isEmpty, let type = declarations[name],
           type.genericParameters.isEmpty, !type.isDeprecated {
            return name + "." + PreviewSampleWriter.jsonMemberName(of: type)
        }
        return SwiftNaming.rawStringLiteral(json.text)
    }

    /// Whether `type`, inside optionals, arrays and dictionaries, is a type the route file declares.
    private static func isDeclared(_ type: TypeReference, among declarations: [String: TypeDeclaration]) -> Bool {
        switch type {
        case .optional(let inner), .array(let inner): isDeclared(inner, among: declarations)
        case .named("Dictionary", let arguments) where arguments.count == 2: isDeclared(arguments[1], among: declarations)
        case .named(let name, _): declarations[name] != nil
        }
    }

    /// The Swift literal of a body that is no JSON sample; nil for one that has none.
    private static func literal(_ body: RouteSample.Body) -> String? {
        switch body {
        case .json(let json): SwiftNaming.rawStringLiteral(json.text)
        case .bytes: SwiftNaming.stringLiteral(RouteSample.dataText)
        case .empty: "\"\""
        case .unavailable: nil
        }
    }
}

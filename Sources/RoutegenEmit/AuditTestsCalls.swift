import RoutegenCore

/// Which arguments one audited call passes to a generated endpoint function.
enum AuditScenario: Equatable {
    /// Every parameter gets a distinct sample, so each must show up in its own place.
    case allArguments
    /// Only what a caller must pass: defaults, nils and empty arrays fill the rest.
    case requiredOnly
    /// Every text path value is `text` (hostile, non-ASCII or a dot segment).
    case pathText(String)
    /// Every text query value is `text`.
    case queryText(String)
    /// Only what a caller must pass, and the query parameter `parameter` at `value` (a literal
    /// of its type): the request `nextPage(after:)` must build.
    case nextPage(parameter: String, value: String)
}

/// One call of a generated endpoint function, with what it must put on the wire.
struct AuditCall: Equatable {
    /// The Swift expression that builds the `Endpoint`, `try` included when a sample can throw.
    var expression: String
    /// The exact URL, or nil when an argument's wire text is only known at run time.
    var expectedURL: String?
    /// Header fields the arguments must set, in the order the route declares them.
    var expectedHeaders: [ExpectedHeader]
}

/// A header field an argument must set.
struct ExpectedHeader: Equatable {
    /// The header's name as the route declares it.
    var name: String
    /// The exact value.
    var value: String
}

/// Which scenarios a route's audit needs; `AuditCallBuilder` builds their calls.
enum AuditTestsCalls {
    /// The scenarios worth auditing for `route`, in the order the tests list them.
    static func scenarios(for route: Route) -> [AuditScenario] {
        var scenarios: [AuditScenario] = [.allArguments]
        if route.parameters.contains(where: { !$0.isRequired }) { scenarios.append(.requiredOnly) }
        return scenarios
    }

    /// Whether the route has a path parameter whose value is free text.
    static func hasTextPathParameter(_ route: Route) -> Bool {
        route.pathParameters.contains { $0.type.isText }
    }

    /// Whether a path parameter of free text is a whole segment, which `..` makes a dot segment;
    /// inside a joined segment (`{name}.json`) or after a style's `.` or `;name=` it never is.
    static func hasTextWholeSegmentParameter(_ route: Route) -> Bool {
        route.path.contains { component in
            if case .parameter(let parameter) = component { return parameter.type.isText && parameter.style == nil }
            return false
        }
    }

    /// Whether the route has a query parameter whose value is free text.
    static func hasTextQueryParameter(_ route: Route) -> Bool {
        route.queryParameters.contains { $0.type.isText }
    }

    /// Whether the route takes header arguments.
    static func hasHeaderParameters(_ route: Route) -> Bool {
        !route.headerParameters.isEmpty
    }
}

/// The calls of one route, from parts worked out once: a route is audited in up to six
/// scenarios, and each differs from "all arguments" only in a few parameters.
struct AuditCallBuilder {
    /// One parameter with its all-arguments sample.
    private struct Argument {
        var parameter: Parameter
        /// `label: ` as the call writes it.
        var labelPrefix: String
        /// The lower-camel-case label, which also names its samples (`id-1`).
        var label: String
        var number: Int
        var isText: Bool
        var sample: AuditSample
    }

    /// One segment or more of the path, as the URL builder needs them.
    private enum PathPart {
        /// A literal part's segments, encoded.
        case literal([String])
        /// One segment of parameter values and literal text around them: each piece a literal
        /// text, or nil for the next path parameter's value.
        case segment([String?])
    }

    private let route: Route
    private let member: String
    private let arguments: [Argument]
    /// The path, worked out once: every scenario's URL has the same literal parts.
    private let pathParts: [PathPart]
    /// The name each query parameter is sent under (`metadata[key]` for a `deep` dictionary), by
    /// position among the query parameters.
    private let queryNames: [String]
    private let pathCount: Int
    private let queryCount: Int
    private let bodySample: AuditSample?
    private let enums: DeclaredEnums

    /// Works out the parts of `route`'s calls reached through `endpointsType`.
    init(route: Route, endpointsType: String, enums: DeclaredEnums = DeclaredEnums()) {
        self.enums = enums
        self.route = route
        member = endpointsType + "." + SwiftNaming.escapedIdentifier(route.name)
        let parameters = route.parameters
        var arguments: [Argument] = []
        arguments.reserveCapacity(parameters.count)
        for (index, parameter) in parameters.enumerated() {
            let label = SwiftNaming.lowerCamelCase(parameter.name)
            let number = index + 1
            arguments.append(Argument(
                parameter: parameter,
                labelPrefix: SwiftNaming.callSiteLabel(forDeclaredLabel: SwiftNaming.escapedIdentifier(label)) + ": ",
                label: label,
                number: number,
                isText: parameter.type.isText,
                sample: AuditTestsSamples.sample(for: parameter.type, name: label, number: number, enums: enums)
            ))
        }
        self.arguments = arguments
        pathParts = route.path.map { component in
            switch component {
            case .literal(let text, _):
                return .literal(AuditTestsWireText.encodedLiteral(text))
            case .parameter, .joined:
                return .segment(component.pieces.compactMap { piece -> String?? in
                    switch piece {
                    case .parameter: return .some(nil)
                    case .literal(let literal, _): return literal
                    case .joined: return nil
                    }
                })
            }
        }
        pathCount = route.pathParameters.count
        queryCount = route.queryParameters.count
        queryNames = route.queryParameters.map { parameter in
            switch parameter.style {
            case .deep?: parameter.name + "[" + AuditTestsSamples.deepObjectKey + "]"
            case .spread?: AuditTestsSamples.deepObjectKey
            default: parameter.name
            }
        }
        bodySample = route.body.map(AuditTestsSamples.bodySample(for:))
    }

    /// The call in `scenario`.
    func call(_ scenario: AuditScenario) -> AuditCall {
        var (argumentTexts, samples, needsTry) = argumentSamples(in: scenario)
        var (segments, knowsURL) = encodedPath(samples)
        var query: [(name: String, value: String)] = []
        for index in pathCount..<(pathCount + queryCount) {
            guard let texts = samples[index].wireTexts else {
                knowsURL = false
                continue
            }
            let parameter = arguments[index].parameter
            let name = queryNames[index - pathCount]
            // A joined array, or a `comma` dictionary's key and value: one item.
            if let separator = parameter.style?.querySeparator, !texts.isEmpty {
                let joined = parameter.type.nonOptional.isArray ? texts : [AuditTestsSamples.deepObjectKey] + texts
                query.append((name: name, value: joined.joined(separator: separator)))
            } else {
                for text in texts { query.append((name: name, value: text)) }
            }
        }
        let headers = expectedHeaders(samples)

        if let bodySample {
            argumentTexts.append("body: " + bodySample.expression)
            needsTry = needsTry || bodySample.needsTry
        }

        let invocation = arguments.isEmpty && bodySample == nil
            ? member
            : member + "(" + argumentTexts.joined(separator: ", ") + ")"
        return AuditCall(
            expression: needsTry ? "try " + invocation : invocation,
            expectedURL: knowsURL ? AuditTestsWireText.url(server: route.server?.defaultURL, encodedSegments: segments, trailingSlash: route.hasTrailingSlash, query: query) : nil,
            expectedHeaders: headers
        )
    }

    /// The header and cookie parameters' headers: an array's texts joined by `,`, the cookies in
    /// one `Cookie` header (`a=1; ids=2,3`), each cookie value strictly encoded.
    private func expectedHeaders(_ samples: [AuditSample]) -> [ExpectedHeader] {
        var headers: [ExpectedHeader] = []
        var cookies: [String] = []
        for index in (pathCount + queryCount)..<arguments.count {
            guard let texts = samples[index].wireTexts, !texts.isEmpty else { continue }
            let parameter = arguments[index].parameter
            if parameter.kind == .cookie {
                cookies.append(parameter.name + "=" + texts.map(AuditTestsWireText.percentEncoded).joined(separator: ","))
            } else {
                headers.append(ExpectedHeader(name: parameter.name, value: texts.joined(separator: ",")))
            }
        }
        if !cookies.isEmpty { headers.append(ExpectedHeader(name: "Cookie", value: cookies.joined(separator: "; "))) }
        return headers
    }

    /// Each argument's sample in `scenario`, by position (path parameters, then query, then
    /// header parameters, as `Route.parameters`; a left-out one sends its default), the argument
    /// texts written, and whether any needs `try`.
    private func argumentSamples(in scenario: AuditScenario) -> (texts: [String], samples: [AuditSample], needsTry: Bool) {
        var argumentTexts: [String] = []
        argumentTexts.reserveCapacity(arguments.count + 1)
        var needsTry = false
        var samples: [AuditSample] = []
        samples.reserveCapacity(arguments.count)
        for (index, argument) in arguments.enumerated() {
            let sample: AuditSample
            if case .nextPage(let parameter, let value) = scenario, argument.parameter.name == parameter {
                let literal = argument.isText ? SwiftNaming.stringLiteral(value) : value
                sample = AuditSample(expression: literal, wireTexts: [value])
                argumentTexts.append(argument.labelPrefix + sample.expression)
                samples.append(sample)
                continue
            }
            let leavesOut: Bool = if case .nextPage = scenario { true } else { scenario == .requiredOnly }
            if leavesOut && !argument.parameter.isRequired {
                samples.append(AuditSample(expression: "", wireTexts: Self.defaultWireTexts(of: argument.parameter)))
                continue
            }
            switch scenario {
            case .pathText(let text) where index < pathCount && argument.isText,
                 .queryText(let text) where index >= pathCount && index < pathCount + queryCount && argument.isText:
                sample = AuditTestsSamples.sample(for: argument.parameter.type, name: argument.label, number: argument.number, text: text, enums: enums)
            default:
                sample = argument.sample
            }
            argumentTexts.append(argument.labelPrefix + sample.expression)
            needsTry = needsTry || sample.needsTry
            samples.append(sample)
        }
        return (argumentTexts, samples, needsTry)
    }

    /// The path's percent-encoded segments with the samples' texts, and whether every value's
    /// text is known (a value of several texts, or none, leaves the URL unknown).
    private func encodedPath(_ samples: [AuditSample]) -> (segments: [String], known: Bool) {
        var known = true
        var segments: [String] = []
        var pathIndex = 0
        for part in pathParts {
            switch part {
            case .literal(let encoded):
                segments += encoded
            case .segment(let pieces) where pieces.count == 1:
                // A whole-segment value, in its style: each text encoded, the separators as written.
                let parameter = arguments[pathIndex].parameter
                let texts = samples[pathIndex].wireTexts
                pathIndex += 1
                guard let texts, parameter.style != nil || parameter.type.isArray || texts.count == 1 else {
                    known = false
                    continue
                }
                segments.append(Self.styledSegment(texts, parameter))
            case .segment(let pieces):
                // Each value's text, with a joined segment's literal text around it: one segment.
                var text = ""
                for piece in pieces {
                    if let literal = piece {
                        text += literal
                        continue
                    }
                    let texts = samples[pathIndex].wireTexts
                    pathIndex += 1
                    if let texts, texts.count == 1 { text += texts[0] } else { known = false }
                }
                segments.append(AuditTestsWireText.percentEncoded(text))
            }
        }
        return (segments, known)
    }

    /// A path value's segment as EndpointKit sends it: `1,2`, `.1.2`, `;ids=1,2`.
    private static func styledSegment(_ texts: [String], _ parameter: Parameter) -> String {
        let encoded = texts.map(AuditTestsWireText.percentEncoded)
        switch parameter.style {
        case .label(let explode)?: return "." + encoded.joined(separator: explode ? "." : ",")
        case .matrix(let explode)?:
            let prefix = ";" + parameter.name + "="
            return prefix + encoded.joined(separator: explode ? prefix : ",")
        default: return encoded.joined(separator: ",")
        }
    }

    /// What an omitted parameter sends: its default's text, or nothing for an optional or an array.
    private static func defaultWireTexts(of parameter: Parameter) -> [String] {
        guard let defaultValue = parameter.defaultValue else { return [] }
        return [AuditTestsSamples.wireText(of: defaultValue, type: parameter.type)]
    }
}

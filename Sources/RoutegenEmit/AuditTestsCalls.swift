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

/// Builds the audited calls of a route: the Swift that calls `<Group>Endpoints.<route>(...)`
/// and the URL and headers that call must produce.
enum AuditTestsCalls {
    /// The scenarios worth auditing for `route`, in the order the tests list them.
    static func scenarios(for route: Route) -> [AuditScenario] {
        var scenarios: [AuditScenario] = [.allArguments]
        if route.parameters.contains(where: { !$0.isRequired }) { scenarios.append(.requiredOnly) }
        return scenarios
    }

    /// Whether the route has a path parameter whose value is free text.
    static func hasTextPathParameter(_ route: Route) -> Bool {
        route.pathParameters.contains { AuditTestsSamples.isText($0.type) }
    }

    /// Whether the route has a query parameter whose value is free text.
    static func hasTextQueryParameter(_ route: Route) -> Bool {
        route.queryParameters.contains { AuditTestsSamples.isText($0.type) }
    }

    /// Whether the route takes header arguments.
    static func hasHeaderParameters(_ route: Route) -> Bool {
        !route.headerParameters.isEmpty
    }

    /// The call for `route` in `scenario`, reached through `endpointsType` (`BooksEndpoints`).
    static func call(for route: Route, endpointsType: String, scenario: AuditScenario) -> AuditCall {
        var arguments: [String] = []
        var needsTry = false
        var knowsURL = true
        var segments: [String] = []
        var query: [(name: String, value: String)] = []
        var headers: [ExpectedHeader] = []

        // Samples by position in `parameters`; a parameter is found by its last equal entry,
        // as a dictionary keyed by the parameter would, without hashing whole parameters.
        let parameters = route.parameters
        var samples: [AuditSample] = []
        samples.reserveCapacity(parameters.count)
        func recordedSample(of parameter: Parameter) -> AuditSample? {
            parameters.lastIndex(of: parameter).map { samples[$0] }
        }
        for (index, parameter) in parameters.enumerated() {
            let number = index + 1
            let label = SwiftNaming.lowerCamelCase(parameter.name)
            var overridingText: String?
            switch (scenario, parameter.kind) {
            case (.pathText(let text), .path), (.queryText(let text), .query):
                overridingText = AuditTestsSamples.isText(parameter.type) ? text : nil
            default:
                break
            }
            let passes = scenario != .requiredOnly || parameter.isRequired
            let sample: AuditSample
            if passes {
                sample = AuditTestsSamples.sample(for: parameter.type, name: label, number: number, text: overridingText)
                arguments.append(SwiftNaming.escapedIdentifier(label) + ": " + sample.expression)
                needsTry = needsTry || sample.needsTry
            } else {
                sample = AuditSample(expression: "", wireTexts: defaultWireTexts(of: parameter))
            }
            samples.append(sample)
        }

        for component in route.path {
            switch component {
            case .literal(let text, _):
                segments += AuditTestsWireText.encodedLiteral(text)
            case .parameter(let parameter):
                guard let texts = recordedSample(of: parameter)?.wireTexts, texts.count == 1 else {
                    knowsURL = false
                    continue
                }
                segments.append(AuditTestsWireText.percentEncoded(texts[0]))
            }
        }
        for parameter in route.queryParameters {
            guard let texts = recordedSample(of: parameter)?.wireTexts else {
                knowsURL = false
                continue
            }
            query += texts.map { (name: parameter.name, value: $0) }
        }
        for parameter in route.headerParameters {
            if let texts = recordedSample(of: parameter)?.wireTexts, !texts.isEmpty {
                headers.append(ExpectedHeader(name: parameter.name, value: texts.joined(separator: ", ")))
            }
        }

        if let body = route.body {
            let sample = AuditTestsSamples.bodySample(for: body)
            arguments.append("body: " + sample.expression)
            needsTry = needsTry || sample.needsTry
        }

        let member = endpointsType + "." + SwiftNaming.escapedIdentifier(route.name)
        let invocation = parameters.isEmpty && route.body == nil
            ? member
            : member + "(" + arguments.joined(separator: ", ") + ")"
        return AuditCall(
            expression: (needsTry ? "try " : "") + invocation,
            expectedURL: knowsURL ? AuditTestsWireText.url(encodedSegments: segments, trailingSlash: route.hasTrailingSlash, query: query) : nil,
            expectedHeaders: headers
        )
    }

    /// What an omitted parameter sends: its default's text, or nothing for an optional or an array.
    private static func defaultWireTexts(of parameter: Parameter) -> [String] {
        guard let defaultValue = parameter.defaultValue else { return [] }
        return [AuditTestsSamples.wireText(of: defaultValue, type: parameter.type)]
    }
}

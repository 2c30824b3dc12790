import RoutegenCore

/// The same endpoints a careful person would write by hand: a caseless enum per group, one
/// short static function per route, the query built inline, and a thin repository (a
/// protocol and a remote struct, one line per route);
/// no doc comments, no route table, no `#sourceLocation`. The compile benchmark holds
/// generated code to this standard.
enum HandWrittenEndpoints {
    static func source(for api: APIModel) -> String {
        var text = "import EndpointKit\nimport Foundation\n"
        for module in api.imports { text += "import \(module.module)\n" }
        for group in api.groups {
            text += "\npublic enum Hand\(group.name)Endpoints {\n"
            for route in group.routes { text += function(for: route) }
            text += "}\n"
            text += repository(for: group)
        }
        return text
    }

    private static func repository(for group: RouteGroup) -> String {
        var requirements = ""
        var methods = ""
        for route in group.routes {
            let name = SwiftNaming.escapedIdentifier(route.name)
            let declared = arguments(for: route, defaults: false)
            let result = route.response.isEmpty ? "" : " -> \(route.response)"
            let passed = route.parameters.map { SwiftNaming.argumentLabel(forWireName: $0.name) } + (route.body == nil ? [] : ["body"])
            let call = passed.map { "\($0): \($0)" }.joined(separator: ", ")
            let endpoint = route.parameters.isEmpty && route.body == nil ? "Hand\(group.name)Endpoints.\(name)" : "Hand\(group.name)Endpoints.\(name)(\(call))"
            requirements += "    func \(name)(\(declared.joined(separator: ", "))) async throws\(result)\n"
            methods += "    public func \(name)(\(declared.joined(separator: ", "))) async throws\(result) { try await client.send(\(endpoint)) }\n"
        }
        var text = "\npublic protocol Hand\(group.name)Repository: Sendable {\n" + requirements + "}\n"
        text += "\npublic struct RemoteHand\(group.name)Repository: Hand\(group.name)Repository {\n"
        text += "    private let client: any HTTPClient\n"
        text += "    public init(client: any HTTPClient) { self.client = client }\n"
        text += methods + "}\n"
        return text
    }

    private static func arguments(for route: Route, defaults: Bool) -> [String] {
        var arguments: [String] = []
        for parameter in route.parameters {
            let label = SwiftNaming.argumentLabel(forWireName: parameter.name)
            var argument = "\(label): \(parameter.type)"
            if !defaults {
                // A protocol requirement cannot carry default values.
            } else if let value = parameter.defaultValue {
                argument += " = \(value.sourceText)"
            } else if parameter.type.isOptional {
                argument += " = nil"
            } else if parameter.type.isArray {
                argument += " = []"
            }
            arguments.append(argument)
        }
        if let body = route.body { arguments.append("body: \(body.type)") }
        return arguments
    }

    private static func function(for route: Route) -> String {
        let arguments = arguments(for: route, defaults: true)
        func segment(_ component: PathComponent) -> String {
            switch component {
            case .literal(let text, _): "\"\(text)\""
            case .parameter(let parameter): ".value(\(SwiftNaming.argumentLabel(forWireName: parameter.name)))"
            case .joined(let pieces, _): ".joined([\(pieces.map(segment).joined(separator: ", "))])"
            }
        }
        let path = route.path.map(segment).joined(separator: ", ")

        var lines: [String] = []
        var call = "Endpoint(method: .\(route.method.lowercased()), path: [\(path)]"
        if !route.queryParameters.isEmpty {
            lines.append("var query: [URLQueryItem] = []")
            for parameter in route.queryParameters {
                let label = SwiftNaming.argumentLabel(forWireName: parameter.name)
                if parameter.type.isOptional {
                    lines.append("if let \(label) { query.append(URLQueryItem(name: \"\(parameter.name)\", value: \"\\(\(label))\")) }")
                } else if parameter.type.isArray {
                    lines.append("for value in \(label) { query.append(URLQueryItem(name: \"\(parameter.name)\", value: value)) }")
                } else {
                    lines.append("query.append(URLQueryItem(name: \"\(parameter.name)\", value: \"\\(\(label))\"))")
                }
            }
            call += ", query: query"
        }
        if !route.headerParameters.isEmpty {
            lines.append("var headers: [String: String] = [:]")
            for parameter in route.headerParameters {
                let label = SwiftNaming.argumentLabel(forWireName: parameter.name)
                if parameter.type.isOptional {
                    lines.append("if let \(label) { headers[\"\(parameter.name)\"] = \(label) }")
                } else {
                    lines.append("headers[\"\(parameter.name)\"] = \(label)")
                }
            }
            call += ", headers: headers"
        }
        if let body = route.body {
            switch body.kind {
            case .json: call += ", body: .json(body)"
            case .mergePatch: call += ", body: .mergePatch(body)"
            case .form: call += ", body: .form(body)"
            case .multipart: call += ", body: .multipart(body)"
            case .raw(let mediaType): call += ", body: .raw(body, contentType: \"\(mediaType)\")"
            }
        }
        if route.access.requiresAuthentication { call += ", auth: .bearer" }
        if let accept = route.accept { call += ", accept: \"\(accept)\"" }
        call += ")"

        let response = route.response.description
        let name = SwiftNaming.escapedIdentifier(route.name)
        var text = "    public static func \(name)(\(arguments.joined(separator: ", "))) -> Endpoint<\(response)> {\n"
        for line in lines { text += "        \(line)\n" }
        text += "        \(lines.isEmpty ? "" : "return ")\(call)\n    }\n"
        return text
    }
}

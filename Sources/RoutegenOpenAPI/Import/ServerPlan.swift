import RoutegenCore

/// The description's `servers` as the route file's `server` lines, and which route names a
/// server of its own.
///
/// The root's servers are declared first, in order (the first is the API's default). Without
/// any, the server most operations name is the default. A path item's or operation's servers are
/// declared too, once per URL; an operation whose first server is not the default gets the
/// route clause `server NAME`. A server's name is its `x-routegen-name` (an export's) or `x-name`,
/// else its `description` made an identifier (five words at most), else `server1`, `server2`, ...
/// What a route file cannot say is a warning at its place: a relative URL (`/v1`, relative to
/// where the description is served: the client's base URL must say it), a URL whose variables
/// the `variables` do not declare, a variable without a default.
struct ServerPlan {
    /// One `server` line and its variables.
    struct Declaration {
        var name: String
        var url: String
        var documentation: [String]
        var variables: [Variable]
    }

    /// `name = "default" in "a", "b"`.
    struct Variable {
        var name: String
        var defaultValue: String
        var allowed: [String]
        var documentation: [String]
    }

    private(set) var declarations: [Declaration] = []
    /// The server clause of each operation that has one, by its place in the document's operations.
    private(set) var routeServers: [Int: String] = [:]
    /// The URLs declared or refused already: a refused one is warned about once.
    private var triedURLs: Set<String> = []
    private let dialect: ImportDialect
    /// The description's path, for the warnings' locations.
    private let path: String
    private let sink: any DiagnosticSink

    init(document: OpenAPIDocument, dialect: ImportDialect, path: String, sink: any DiagnosticSink) {
        self.dialect = dialect
        self.path = path
        self.sink = sink
        let effective = document.operations.map { operation in
            !operation.servers.isEmpty ? operation.servers : operation.pathServers
        }
        var defaultURL: String?
        for server in document.servers {
            let name = declare(server)
            if defaultURL == nil, let name { defaultURL = declarations.first { $0.name == name }?.url }
        }
        let rootURLs = document.servers.map(\.url)
        if document.servers.isEmpty, let common = Self.mostCommonFirstURL(effective) {
            defaultURL = common.url
            _ = declare(common.server)
        }
        for (offset, servers) in effective.enumerated() where !servers.isEmpty && (servers.map(\.url) != rootURLs || dialect.keepsEveryOperationServer) {
            routeServer(offset: offset, servers: servers, operation: document.operations[offset], defaultURL: defaultURL)
        }
    }

    /// Declares an operation's servers and gives its route the first, unless it is the default.
    private mutating func routeServer(offset: Int, servers: [ServerObject], operation: OperationObject, defaultURL: String?) {
        let names = servers.map { declare($0) }
        guard let first = names.first ?? nil else { return }
        if servers.count > 1 {
            let others = names.dropFirst().compactMap { $0 }.map { "'" + $0 + "'" }
            let declared = others.isEmpty ? "" : "; " + others.joined(separator: ", ") + (others.count == 1 ? " is" : " are") + " declared for the app to choose"
            warn("operation '\(operation.operationID ?? operation.method + " " + operation.template)' lists \(servers.count) servers, and a route has one: it is sent to the first, '\(first)'" + declared, servers[1].position)
        }
        if servers[0].url != defaultURL || dialect.keepsEveryOperationServer { routeServers[offset] = first }
    }

    /// The first server most operations name, the earliest among equals; nil when none names one.
    private static func mostCommonFirstURL(_ effective: [[ServerObject]]) -> (url: String, server: ServerObject)? {
        var counts: [String: Int] = [:]
        var order: [(url: String, server: ServerObject)] = []
        for servers in effective {
            guard let first = servers.first, let url = first.url else { continue }
            if counts[url] == nil { order.append((url, first)) }
            counts[url, default: 0] += 1
        }
        var best: (url: String, server: ServerObject)?
        for candidate in order where (counts[candidate.url] ?? 0) > best.map({ counts[$0.url] ?? 0 }) ?? 0 { best = candidate }
        return best
    }

    /// The name of the server line for `server`, declared now unless a server of its URL is;
    /// nil (with a warning) when the route file cannot say it.
    private mutating func declare(_ server: ServerObject) -> String? {
        guard let url = server.url else {
            warn("this server has no 'url'; not imported", server.position)
            return nil
        }
        if let existing = declarations.first(where: { $0.url == url }) { return existing.name }
        guard triedURLs.insert(url).inserted else { return nil }
        guard let variables = variables(of: server, url: url) else { return nil }
        var declaration = Declaration(name: "", url: url, documentation: documentation(server.description), variables: variables)
        let spec = ServerSpec(name: "server", url: url, variables: variables.map { ServerVariable(name: $0.name, defaultValue: $0.defaultValue, allowedValues: $0.allowed, location: SourceLocation(file: "", line: 0, column: 0)) }, location: SourceLocation(file: "", line: 0, column: 0))
        guard Self.fillsAbsoluteURLs(spec) else {
            if url.hasPrefix("/") || !url.contains("://") {
                warn("server URL '\(url)' is relative to where the description is served, which a route file cannot say; not imported: write the whole URL in the client's base URL", server.position)
            } else {
                warn("server URL '\(url)' is not an absolute http or https URL (at the variables' defaults: '\(spec.defaultURL)'); not imported", server.position)
            }
            return nil
        }
        declaration.name = name(for: server)
        declarations.append(declaration)
        return declaration.name
    }

    private func warn(_ message: String, _ position: DocumentPosition) {
        sink.emit(.warning(message, at: position.location(in: path)))
    }

    /// Whether the URL is an absolute http(s) URL at the defaults and at each allowed value.
    private static func fillsAbsoluteURLs(_ spec: ServerSpec) -> Bool {
        guard ServerURLTemplate.isAbsoluteHTTP(spec.defaultURL) else { return false }
        for variable in spec.variables {
            for value in variable.allowedValues {
                let url = ServerURLTemplate.filled(spec.url) { name in
                    name == variable.name ? value : spec.variables.first { $0.name == name }?.defaultValue
                }
                if !ServerURLTemplate.isAbsoluteHTTP(url) { return false }
            }
        }
        return true
    }

    /// The variables the URL uses, from `variables`; nil (with a warning) when one is not declared
    /// or has no default, or a name cannot stand in a route file.
    private func variables(of server: ServerObject, url: String) -> [Variable]? {
        guard let pieces = ServerURLTemplate.pieces(url) else {
            warn("server URL '\(url)' has a '{' or '}' without its partner; not imported", server.position)
            return nil
        }
        let used = ServerURLTemplate.variableNames(url)
        for variable in server.variables where !used.contains(variable.name) {
            warn("server variable '\(variable.name)' is not in the URL '\(url)'; left out", variable.position)
        }
        var result: [Variable] = []
        for case .variable(let name, _) in pieces where !result.contains(where: { $0.name == name }) {
            guard let described = server.variables.first(where: { $0.name == name }), Self.isVariableName(name) else {
                warn("server URL '\(url)' uses '{\(name)}', which its 'variables' do not declare with a name a route file can write; not imported", server.position)
                return nil
            }
            guard let variable = variable(described) else { return nil }
            result.append(variable)
        }
        return result
    }

    /// One variable: its default (the first allowed value, with a warning, when it has none), its
    /// values (left out, with a warning, when the default is not among them).
    private func variable(_ described: ServerObject.Variable) -> Variable? {
        var allowed: [String] = []
        for value in described.allowed where !allowed.contains(value) { allowed.append(value) }
        var defaultValue = described.defaultValue
        if defaultValue == nil, let first = allowed.first {
            warn("server variable '\(described.name)' has no 'default'; its first value '\(first)' is", described.position)
            defaultValue = first
        }
        guard let defaultValue else {
            warn("server variable '\(described.name)' has no 'default'; its server is not imported", described.position)
            return nil
        }
        if !allowed.isEmpty, !allowed.contains(defaultValue) {
            warn("the default '\(defaultValue)' of server variable '\(described.name)' is not among its 'enum' values; the values are left out, so any text is taken", described.position)
            allowed = []
        }
        return Variable(name: described.name, defaultValue: defaultValue, allowed: allowed, documentation: documentation(described.description))
    }

    /// A variable name a route file writes as one word on the variable's line.
    private static func isVariableName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("->") && name.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value != 0x7F && !"?:=<>[],{}#\"/\\".unicodeScalars.contains(scalar)
        }
    }

    /// Every line of an export's description, the first line of a foreign one.
    private func documentation(_ description: String?) -> [String] {
        if dialect.keepsEveryDocumentationLine { return RouteText.documentationLines(description) }
        return RouteText.documentationLine(description).map { [$0] } ?? []
    }

    /// `x-routegen-name` or `x-name`, else the description made an identifier, else `serverN`;
    /// made unique with `2`, `3`.
    private func name(for server: ServerObject) -> String {
        var base = "server" + String(declarations.count + 1)
        if let written = server.extensionName, SwiftNaming.isIdentifier(written) {
            base = written
        } else if let description = server.description.flatMap(RouteText.documentationLine),
                  (1...5).contains(NameWords.words(description).count) {
            let name = SwiftNaming.lowerCamelCase(description)
            if SwiftNaming.isIdentifier(name), name != "_" { base = name }
        }
        var name = base
        var number = 2
        while declarations.contains(where: { $0.name == name }) {
            name = base + String(number)
            number += 1
        }
        return name
    }
}

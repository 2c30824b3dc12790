/// The `server` lines of a file with their variable lines, checked once the last of them is
/// read (at the first group, or the end of the file), and how a route's `server NAME` finds its server.
///
/// The rules: a server's name is an identifier, declared once; its URL is an absolute http or
/// https URL (with every variable at its default, and at each allowed value) whose `{name}`s are
/// exactly its variables; a variable's default is one of its allowed values when it lists them.
struct ServerTable {
    /// A server line and what stands below it, until it is checked.
    private struct Pending {
        var syntax: ServerSyntax
        var documentation: [String]
        var variables: [(syntax: ServerVariableSyntax, documentation: [String])] = []
        /// Whether a line below it did not parse: its URL is then not checked against the
        /// variables, whose error is reported already.
        var hasBrokenLine = false
    }

    private var pending: [Pending] = []
    /// Whether variable lines go into `pending.last` (false below a server line that is refused or broken).
    private var isOpen = false
    /// The checked servers, in file order.
    private(set) var servers: [ServerSpec] = []

    /// A server line; its variables follow with `addVariable`.
    mutating func declare(_ syntax: ServerSyntax, documentation: [String]) {
        pending.append(Pending(syntax: syntax, documentation: documentation))
        isOpen = true
    }

    /// A variable line under the last server line.
    mutating func addVariable(_ syntax: ServerVariableSyntax, documentation: [String]) {
        guard isOpen else { return }
        pending[pending.count - 1].variables.append((syntax, documentation))
    }

    /// A line under the last server line that did not parse.
    mutating func noteBrokenLine() {
        if isOpen { pending[pending.count - 1].hasBrokenLine = true }
    }

    /// The lines that follow belong to no server (a broken or refused server line, another declaration).
    mutating func closeBlock() {
        isOpen = false
    }

    /// Checks every server read since the last call; reports each problem at its token.
    mutating func finish(diagnostics: any DiagnosticSink) {
        isOpen = false
        for server in pending {
            if let checked = check(server, diagnostics: diagnostics) { servers.append(checked) }
        }
        pending = []
    }

    /// The server `token` names; nil after reporting an unknown name at it.
    func server(named token: SyntaxToken, diagnostics: any DiagnosticSink) -> ServerSpec? {
        if let server = servers.first(where: { $0.name == token.text }) { return server }
        UndeclaredName.report(
            "server", token: token, declared: servers.map(\.name), none: "no server",
            example: "server \(token.text) https://\(token.text).example.com", diagnostics: diagnostics
        )
        return nil
    }

    // MARK: Checks

    private func check(_ server: Pending, diagnostics: any DiagnosticSink) -> ServerSpec? {
        var isValid = checkName(server.syntax, diagnostics: diagnostics)
        // A variable line reported already is not reported again as missing from the URL.
        var hasBrokenVariable = server.hasBrokenLine
        var variables: [ServerVariable] = []
        for (index, (syntax, documentation)) in server.variables.enumerated() {
            if let earlier = server.variables[..<index].first(where: { $0.syntax.name.text == syntax.name.text })?.syntax.name {
                diagnostics.emit(.error(
                    "variable '\(syntax.name.text)' of server '\(server.syntax.name.text)' is declared twice; remove one",
                    at: syntax.name.location, note: "first declared at line \(earlier.location.line)"
                ))
                isValid = false
            } else if let variable = Self.variable(syntax, documentation: documentation, diagnostics: diagnostics) {
                variables.append(variable)
            } else {
                isValid = false
                hasBrokenVariable = true
            }
        }
        let spec = ServerSpec(
            name: server.syntax.name.text, url: server.syntax.url.text, variables: variables,
            documentation: server.documentation, location: server.syntax.name.location
        )
        if !hasBrokenVariable { isValid = checkURL(server.syntax, spec: spec, diagnostics: diagnostics) && isValid }
        return isValid ? spec : nil
    }

    /// The name: an identifier, not declared before.
    private func checkName(_ syntax: ServerSyntax, diagnostics: any DiagnosticSink) -> Bool {
        let name = syntax.name.text
        guard SwiftNaming.isIdentifier(name) else {
            let suggestion = SwiftNaming.lowerCamelCase(name)
            diagnostics.emit(.error(
                "server name '\(name)' is not a valid identifier; use letters, digits and '_', such as '\(suggestion)'",
                at: syntax.name.location, fixIt: suggestion
            ))
            return false
        }
        let earlier = servers.first { $0.name == name }?.location ?? pending.first { $0.syntax.name.text == name && $0.syntax != syntax }?.syntax.name.location
        if let earlier, earlier.line < syntax.name.location.line {
            diagnostics.emit(.error("server '\(name)' is declared twice; rename one", at: syntax.name.location, note: "first declared at line \(earlier.line)"))
            return false
        }
        return true
    }

    /// One variable line, its strings read; nil after reporting a bad escape or a default that
    /// is not among the allowed values.
    private static func variable(_ syntax: ServerVariableSyntax, documentation: [String], diagnostics: any DiagnosticSink) -> ServerVariable? {
        func text(_ token: SyntaxToken) -> String? {
            switch StringLiteral.unescape(token) {
            case .success(let text): return text
            case .failure(let failure):
                diagnostics.emit(failure.diagnostic)
                return nil
            }
        }
        let name = syntax.name.text
        guard let defaultValue = text(syntax.defaultValue) else { return nil }
        var allowed: [String] = []
        for token in syntax.allowedValues {
            guard let value = text(token) else { return nil }
            if allowed.contains(value) {
                diagnostics.emit(.error("allowed value \(token.text) of server variable '\(name)' is listed twice; remove one", at: token.location))
                return nil
            }
            allowed.append(value)
        }
        if !allowed.isEmpty, !allowed.contains(defaultValue) {
            diagnostics.emit(.error(
                "default \(syntax.defaultValue.text) of server variable '\(name)' is not one of its allowed values \(syntax.allowedValues.map(\.text).joined(separator: ", ")); make it one of them",
                at: syntax.defaultValue.location
            ))
            return nil
        }
        return ServerVariable(name: name, defaultValue: defaultValue, allowedValues: allowed, documentation: documentation, location: syntax.name.location)
    }
}

extension ServerTable {
    /// The URL: its variables are exactly the declared ones, and it is an absolute http(s) URL
    /// however they are filled in; another server has not the same one.
    fileprivate func checkURL(_ syntax: ServerSyntax, spec: ServerSpec, diagnostics: any DiagnosticSink) -> Bool {
        let url = syntax.url
        func location(offset: Int) -> SourceLocation {
            SourceLocation(file: url.location.file, line: url.location.line, column: url.location.column + offset)
        }
        guard let pieces = ServerURLTemplate.pieces(url.text) else {
            diagnostics.emit(.error("a '{' or '}' in the URL of server '\(spec.name)' has no partner; write each variable as '{name}'", at: url.location))
            return false
        }
        var isValid = true
        var used: Set<String> = []
        for case .variable(let name, let offset) in pieces {
            used.insert(name)
            if name.isEmpty {
                diagnostics.emit(.error("the URL of server '\(spec.name)' has an empty '{}'; name the variable, such as '{region}'", at: location(offset: offset)))
                isValid = false
            } else if !spec.variables.contains(where: { $0.name == name }) {
                diagnostics.emit(.error(
                    "the URL of server '\(spec.name)' uses '{\(name)}', but no variable '\(name)' is declared below it; add a line such as '  \(name) = \"value\"'",
                    at: location(offset: offset)
                ))
                isValid = false
            }
        }
        for variable in spec.variables where !used.contains(variable.name) {
            diagnostics.emit(.error("variable '\(variable.name)' of server '\(spec.name)' is not in its URL; remove it, or write '{\(variable.name)}' in the URL", at: variable.location))
            isValid = false
        }
        guard isValid else { return false }
        if let broken = Self.filledURLs(spec).first(where: { !ServerURLTemplate.isAbsoluteHTTP($0.url) }) {
            let with = broken.variable.map { "with \($0) = \(StringLiteral.quoted(broken.value)), " } ?? ""
            diagnostics.emit(.error(
                "\(with)the URL of server '\(spec.name)' is '\(broken.url)', not an absolute http or https URL; write one such as 'https://api.example.com/v1' (no query, fragment or user name)",
                at: url.location
            ))
            return false
        }
        if let twin = pending.first(where: { $0.syntax.url.text == url.text && $0.syntax.name.location.line < syntax.name.location.line })?.syntax.name {
            diagnostics.emit(.error("servers '\(twin.text)' and '\(spec.name)' have the same URL; keep one", at: url.location, note: "'\(twin.text)' is declared at line \(twin.location.line)"))
            return false
        }
        return true
    }

    /// The URL at every variable's default, then with each allowed value of each variable in turn.
    private static func filledURLs(_ spec: ServerSpec) -> [(url: String, variable: String?, value: String)] {
        var filled: [(url: String, variable: String?, value: String)] = [(spec.defaultURL, nil, "")]
        for variable in spec.variables {
            for value in variable.allowedValues where value != variable.defaultValue {
                let url = ServerURLTemplate.filled(spec.url) { name in
                    name == variable.name ? value : spec.variables.first { $0.name == name }?.defaultValue
                }
                filled.append((url, variable.name, value))
            }
        }
        return filled
    }
}

extension RouteBuilder {
    /// The server the route's `server NAME` clause names (nil without one); not valid after
    /// reporting an unknown name or a second clause.
    func namedServer() -> (spec: ServerSpec?, isValid: Bool) {
        var named: SyntaxToken?
        for case .server(let keyword, let name) in syntax.clauses {
            if named != nil {
                diagnostics.emit(.error("route '\(syntax.name.text)' has two 'server' clauses; keep one", at: keyword.location))
                return (nil, false)
            }
            named = name
        }
        guard let named else { return (nil, true) }
        let server = servers.server(named: named, diagnostics: diagnostics)
        return (server, server != nil)
    }
}

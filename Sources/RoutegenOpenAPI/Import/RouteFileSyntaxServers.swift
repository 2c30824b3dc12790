import RoutegenCore

extension RouteFileSyntax {
    /// A `server` line with its documentation, then each variable's documentation and line.
    mutating func appendServer(_ server: ServerPlan.Declaration) {
        let owner = "server " + server.name
        for line in server.documentation { appendDocumentation(line, isIndented: false, of: owner) }
        let syntax = ServerSyntax(keyword: token(.word, "server"), name: token(.word, server.name), url: token(.word, server.url), comment: nil)
        append(.server(syntax), describing: owner)
        for variable in server.variables {
            let member = "variable '\(variable.name)' of \(owner)"
            for line in variable.documentation { appendDocumentation(line, isIndented: true, of: member) }
            let line = ServerVariableSyntax(
                name: token(.word, variable.name), defaultValue: token(.string, StringLiteral.quoted(variable.defaultValue)),
                inKeyword: variable.allowed.isEmpty ? nil : token(.word, "in"),
                allowedValues: variable.allowed.map { token(.string, StringLiteral.quoted($0)) }
            )
            append(.serverVariable(line), describing: member)
        }
    }
}

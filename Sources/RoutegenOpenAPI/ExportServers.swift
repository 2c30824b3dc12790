import RoutegenCore

extension ExportRun {
    /// The root's `servers`: every declared server but those only routes name (an upload host is
    /// no base URL for the whole API); the first server always, as the API's default. Nil without servers.
    func rootServers() -> DocumentNode? {
        let named = Set(model.routes.compactMap(\.server?.name))
        let root = model.servers.enumerated().filter { $0.offset == 0 || !named.contains($0.element.name) }.map(\.element)
        return root.isEmpty ? nil : .list(root.map(Self.serverNode))
    }

    /// A Server Object: `url`, `description` (the docs), `variables` (each `default`, `enum`,
    /// `description`), and `x-routegen-name`, which the import names the server by.
    static func serverNode(_ server: ServerSpec) -> DocumentNode {
        var node = SortedMapping()
        node.set("url", server.url)
        if !server.documentation.isEmpty { node.set("description", server.documentation.joined(separator: "\n")) }
        if !server.variables.isEmpty {
            var variables = SortedMapping()
            for variable in server.variables {
                var entry = SortedMapping()
                entry.set("default", variable.defaultValue)
                if !variable.allowedValues.isEmpty { entry.set("enum", .texts(variable.allowedValues)) }
                if !variable.documentation.isEmpty { entry.set("description", variable.documentation.joined(separator: "\n")) }
                variables.set(variable.name, entry)
            }
            node.set("variables", variables)
        }
        node.set("x-routegen-name", server.name)
        return node.node
    }
}

import RoutegenCore

/// Writes `<Api>Servers`, the URL of each `server` line, into the route table's file (so the
/// set of files stays what the `api` and `group` lines predict): a `static let` per server
/// without variables, a throwing `static func` per server with some, its arguments defaulted and
/// typed by an enum where the variable lists its values. An app builds its configuration from a
/// name: `APIConfiguration(baseURL: LibraryServers.production)`.
///
/// A route with a server of its own sends to it: its endpoint ends in `.withServer(...)`
/// (`endpointModifier(for:api:)`).
struct ServersEmitter {
    let options: EmitOptions

    private var access: String { options.accessLevel.keyword }

    /// `LibraryServers`.
    static func typeName(api: String) -> String { api + "Servers" }

    /// `.withServer(LibraryServers.uploads)` for a route with its own server (a server with
    /// variables at their defaults, which the resolver checked make a URL); nil for every other route.
    static func endpointModifier(for route: Route, api: String) -> String? {
        guard let server = route.server else { return nil }
        let name = typeName(api: api) + "." + SwiftNaming.escapedIdentifier(server.name)
        let url = server.variables.isEmpty ? name : "URL(string: " + SwiftNaming.stringLiteral(server.defaultURL) + ")!"
        return "." + EndpointKitVocabulary.withServerFunction + "(" + url + ")"
    }

    /// Writes the enum of `api`'s servers; nothing for an API without one.
    func write(api: APIModel, into writer: inout SwiftWriter) {
        guard !api.servers.isEmpty else { return }
        let enumNames = Self.enumNames(api.servers)
        writer.docComment(["The servers of the " + api.name + " API, from its `server` lines: `APIConfiguration(baseURL: " + Self.typeName(api: api.name) + "." + SwiftNaming.escapedIdentifier(api.servers[0].name) + (api.servers[0].variables.isEmpty ? "" : "()") + ")`."])
        writer.block(options.accessLevel.topLevelModifiers + " enum " + Self.typeName(api: api.name)) { body in
            for (index, server) in api.servers.enumerated() {
                body.blank()
                writeServer(server, isDefault: index == 0, enumNames: enumNames, into: &body)
            }
            for server in api.servers {
                for variable in server.variables where !variable.allowedValues.isEmpty {
                    body.blank()
                    writeValues(of: variable, server: server, typeName: enumNames[server.name + "." + variable.name] ?? "", into: &body)
                }
            }
        }
    }

    private func writeServer(_ server: ServerSpec, isDefault: Bool, enumNames: [String: String], into writer: inout SwiftWriter) {
        let name = SwiftNaming.escapedIdentifier(server.name)
        let summary = "`" + server.url + "`" + (isDefault ? " · the API's default server" : "")
        var documentation = server.documentation.isEmpty ? [summary] : server.documentation + ["", summary]
        for variable in server.variables where !variable.documentation.isEmpty {
            documentation.append("- Parameter " + SwiftNaming.callSiteLabel(forDeclaredLabel: Self.label(variable)) + ": " + variable.documentation.joined(separator: " "))
        }
        writer.docComment(documentation)
        guard !server.variables.isEmpty else {
            writer.line(access + " static let " + name + " = URL(string: " + SwiftNaming.stringLiteral(server.url) + ")!")
            return
        }
        let parameters = server.variables.map { variable -> String in
            let type = enumNames[server.name + "." + variable.name]
            let defaultValue = type == nil ? SwiftNaming.stringLiteral(variable.defaultValue) : "." + Self.caseNames(variable)[variable.defaultValue, default: ""]
            return Self.label(variable) + ": " + (type ?? "String") + " = " + defaultValue
        }
        writer.block(access + " static func " + name + "(" + parameters.joined(separator: ", ") + ") throws -> URL") { body in
            let values = server.variables.map { variable in
                SwiftNaming.stringLiteral(variable.name) + ": " + Self.label(variable) + (enumNames[server.name + "." + variable.name] == nil ? "" : ".rawValue")
            }
            body.line("try " + EndpointKitVocabulary.serverURLFunction + "(" + SwiftNaming.stringLiteral(server.url) + ", values: [" + values.joined(separator: ", ") + "])")
        }
    }

    /// `public nonisolated enum Region: String, CaseIterable, Sendable` with a case per allowed value.
    private func writeValues(of variable: ServerVariable, server: ServerSpec, typeName: String, into writer: inout SwiftWriter) {
        writer.docComment(["The values `" + variable.name + "` of server `" + server.name + "` takes."])
        let cases = Self.caseNames(variable)
        writer.block(access + " " + TopLevel.nonisolated + " enum " + typeName + ": String, CaseIterable, Sendable") { body in
            for value in variable.allowedValues {
                let name = cases[value, default: ""]
                // A case whose name (without backticks) is its value needs no raw value written.
                body.line("case " + name + (name.filter { $0 != "`" } == value ? "" : " = " + SwiftNaming.stringLiteral(value)))
            }
        }
    }

    /// A variable's argument label: its name in lowerCamelCase, escaped.
    private static func label(_ variable: ServerVariable) -> String {
        SwiftNaming.argumentLabel(forWireName: variable.name)
    }

    /// The case of each allowed value: the value in lowerCamelCase, escaped, made unique with `2`, `3`.
    static func caseNames(_ variable: ServerVariable) -> [String: String] {
        var names: [String: String] = [:]
        var used: Set<String> = []
        for value in variable.allowedValues {
            var base = SwiftNaming.escapedIdentifier(SwiftNaming.lowerCamelCase(value))
            // The members every `RawRepresentable` and `CaseIterable` enum has already.
            if ["rawValue", "allCases", "hashValue"].contains(base) { base += "_" }
            var name = base
            var number = 2
            while !used.insert(name).inserted {
                name = base + String(number)
                number += 1
            }
            names[value] = name
        }
        return names
    }

    /// The enum of each variable that lists its values, by `server.variable`: the variable's name
    /// in UpperCamelCase (`Region`), or after its server's (`RegionalRegion`) when several
    /// servers' variables would take that name.
    static func enumNames(_ servers: [ServerSpec]) -> [String: String] {
        func plain(_ variable: ServerVariable) -> String {
            let name = SwiftNaming.upperCamelCase(variable.name)
            return SwiftNaming.escapedIdentifier(name) == name ? name : name + "Value"
        }
        let listed = servers.flatMap { server in server.variables.filter { !$0.allowedValues.isEmpty }.map { (server, $0) } }
        var counts: [String: Int] = [:]
        for (_, variable) in listed { counts[plain(variable), default: 0] += 1 }
        var names: [String: String] = [:]
        for (server, variable) in listed {
            let name = plain(variable)
            names[server.name + "." + variable.name] = counts[name] == 1 ? name : SwiftNaming.upperCamelCase(server.name) + name
        }
        return names
    }
}

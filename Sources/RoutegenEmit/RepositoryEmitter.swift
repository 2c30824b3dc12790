import RoutegenCore

/// Emits a group's repository: `protocol <Group>Repository: Sendable` with one async method
/// per route, a protocol extension with the short calls that leave defaulted arguments out,
/// and `struct Remote<Group>Repository`, which sends each endpoint through an `HTTPClient`.
///
/// Repository methods are always functions, take the same arguments as the endpoint and
/// return the decoded response; a route that returns `Empty` returns nothing. Protocol
/// requirements cannot have default arguments, so the extension adds, for each route with
/// defaults, one overload that takes only the required arguments.
public struct RepositoryEmitter: Sendable {
    /// The options that shape the text.
    public var options: EmitOptions

    /// Creates an emitter.
    public init(options: EmitOptions = EmitOptions()) {
        self.options = options
    }

    /// Writes the protocol, its extension (when a route has defaults) and the remote struct.
    public func write(group: RouteGroup, sourcePath: String?, into writer: inout SwiftWriter) {
        write(group: group, signatures: group.routes.map(RouteSignature.init), sourcePath: sourcePath, api: nil, into: &writer)
    }

    /// Writes them with the routes' signatures worked out already, one per route in order.
    /// `api`, when given, supplies the response models a paginated route's sequences read.
    func write(group: RouteGroup, signatures: [RouteSignature], sourcePath: String?, api: APIModel?, into writer: inout SwiftWriter) {
        let routes = Array(zip(group.routes, signatures))
        writeProtocol(group: group, routes: routes, sourcePath: sourcePath, into: &writer)
        writer.blank()
        writeShortCalls(group: group, routes: routes, sourcePath: sourcePath, into: &writer)
        writer.blank()
        writeRemote(group: group, routes: routes, sourcePath: sourcePath, api: api, into: &writer)
    }

    private var access: String { options.accessLevel.keyword }

    private func writeProtocol(group: RouteGroup, routes: [(Route, RouteSignature)], sourcePath: String?, into writer: inout SwiftWriter) {
        writer.docComment(["The " + group.name + " routes as async calls; `Remote" + group.name + "Repository` sends them over HTTP."])
        writer.block(options.accessLevel.topLevelModifiers + " protocol " + group.name + "Repository: Sendable") { body in
            for (route, signature) in routes {
                body.blank()
                SourceMappedDeclaration(
                    sourcePath: sourcePath,
                    line: route.location.line,
                    documentation: RouteDocumentation.lines(for: route),
                    attributes: route.isDeprecated ? ["@available(*, deprecated)"] : [],
                    signature: "func " + Self.methodName(route) + signature.parameterClauseWithoutDefaults + Self.effectsAndResult(route)
                ).write(into: &body)
            }
        }
    }

    private func writeShortCalls(group: RouteGroup, routes: [(Route, RouteSignature)], sourcePath: String?, into writer: inout SwiftWriter) {
        let routes = routes.filter { $0.1.hasDefaults }
        guard !routes.isEmpty else { return }
        writer.block(TopLevel.extensionHead(group.name + "Repository")) { body in
            for (route, signature) in routes {
                body.blank()
                let call = "try await self." + Self.methodName(route) + signature.forwardingArgumentsWithDefaults
                SourceMappedDeclaration(
                    sourcePath: sourcePath,
                    line: route.location.line,
                    documentation: ["`" + route.name + "` with every defaulted argument at its default."],
                    attributes: route.isDeprecated ? ["@available(*, deprecated)"] : [],
                    signature: access + " func " + Self.methodName(route) + signature.requiredParameterClause + Self.effectsAndResult(route)
                ).write(into: &body) { statements in
                    statements.line(call)
                }
            }
        }
    }

    private func writeRemote(group: RouteGroup, routes: [(Route, RouteSignature)], sourcePath: String?, api: APIModel?, into writer: inout SwiftWriter) {
        writer.docComment(["`" + group.name + "Repository` over HTTP: each call sends one endpoint of `" + group.name + "Endpoints` through the client."])
        writer.block(options.accessLevel.topLevelModifiers + " struct Remote" + group.name + "Repository: " + group.name + "Repository") { body in
            body.line("private let client: any HTTPClient")
            body.blank()
            body.docComment(["Creates a repository that sends every request through `client`."])
            body.block(access + " init(client: any HTTPClient)") { initializer in
                initializer.line("self.client = client")
            }
            for (route, signature) in routes {
                body.blank()
                let endpoint = group.name + "Endpoints." + Self.methodName(route)
                    + (signature.isProperty ? "" : signature.forwardingArguments)
                let send = "try await self.client.send(" + endpoint + ")"
                SourceMappedDeclaration(
                    sourcePath: sourcePath,
                    line: route.location.line,
                    attributes: route.isDeprecated ? ["@available(*, deprecated)"] : [],
                    signature: access + " func " + Self.methodName(route) + signature.parameterClauseWithoutDefaults + Self.effectsAndResult(route)
                ).write(into: &body) { statements in
                    statements.line(route.response.isEmpty ? "_ = " + send : send)
                }
                if let api {
                    PaginationEmitter.writeSequences(route: route, signature: signature, group: group, api: api, access: access, into: &body)
                }
            }
        }
    }

    /// The route's name as a method: escaped like every member name.
    static func methodName(_ route: Route) -> String {
        SwiftNaming.escapedIdentifier(route.name)
    }

    /// ` async throws -> Response`, or ` async throws` for `Empty`.
    static func effectsAndResult(_ route: Route) -> String {
        route.response.isEmpty ? " async throws" : " async throws -> " + route.response.description
    }
}

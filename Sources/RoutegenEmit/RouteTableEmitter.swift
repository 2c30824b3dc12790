import RoutegenCore

/// Emits `<Api>API/<Api>Routes.swift`: the route table `<Api>Routes.all`, one
/// `<Api>Route` per route in file order, with the facts the audit tests and
/// `routegen surface` read (group, name, method, path template, access, body, response).
///
/// The entry type is emitted into the same file rather than taken from EndpointKit, so each
/// API's table has its own type. The file also holds `<Api>ArgumentText`, the helper that turns
/// arguments of model types into text (see `ArgumentTextEmitter`), so the set of files stays
/// predictable from the `api` and `group` lines alone.
public struct RouteTableEmitter: Sendable {
    /// The options that shape the text.
    public var options: EmitOptions

    /// Creates an emitter.
    public init(options: EmitOptions = EmitOptions()) {
        self.options = options
    }

    /// The route table file of `api`.
    public func emit(api: APIModel) -> GeneratedFile {
        var writer = SwiftWriter()
        GeneratedFileHeader.write(sourcePath: api.sourcePath, into: &writer)
        writer.lines(["import EndpointKit", "import Foundation"])
        writer.blank()
        writeEntryType(api: api, into: &writer)
        writer.blank()
        writeTable(api: api, into: &writer)
        writer.blank()
        ArgumentTextEmitter.write(api: api.name, into: &writer)
        return GeneratedFile(relativePath: GeneratedLayout.routeTableFile(api: api.name), contents: writer.output)
    }

    private var access: String { options.accessLevel.keyword }

    /// The fields of an entry: name, type and doc line, in the order the initializer takes them.
    private static let fields: [(name: String, type: String, documentation: String)] = [
        ("group", "String", "The group's name as written: `Books`."),
        ("name", "String", "The route's name as written: `book`."),
        ("method", "String", "The HTTP method token: `GET`."),
        ("pathTemplate", "String", "The path with parameters in braces: `/books/{id}`."),
        ("requiresAuthentication", "Bool", "Whether the client attaches the bearer token."),
        ("bodyKind", "String?", "`json`, `merge-patch`, `form` or `raw`; nil when the route sends no body."),
        ("contentType", "String?", "The Content-Type the body is sent with; nil when there is no body."),
        ("responseType", "String", "The response type as written: `[Book]`, `Empty`, `Data`."),
    ]

    private func writeEntryType(api: APIModel, into writer: inout SwiftWriter) {
        writer.docComment(["One route of the " + api.name + " API, as the route file declares it."])
        writer.block(access + " struct " + api.name + "Route: Sendable, Hashable") { body in
            for field in Self.fields {
                body.docComment([field.documentation])
                body.line(access + " let " + field.name + ": " + field.type)
            }
        }
    }

    private func writeTable(api: APIModel, into writer: inout SwiftWriter) {
        let entryType = api.name + "Route"
        writer.docComment(["The routes of the " + api.name + " API."])
        writer.block(access + " enum " + api.name + "Routes") { body in
            body.docComment(["Every route, in file order."])
            body.line(access + " static let all: [" + entryType + "] = makeAll()")
            body.blank()
            // One statement per route: the type checker needs minutes for one array literal
            // of hundreds of entries (832 routes: 80 s), but milliseconds for separate statements.
            body.block("private static func makeAll() -> [" + entryType + "]") { function in
                function.line("var routes: [" + entryType + "] = []")
                function.line("routes.reserveCapacity(" + String(api.routes.count) + ")")
                for route in api.routes {
                    function.line("routes.append(" + Self.entry(route, api: api) + ")")
                }
                function.line("return routes")
            }
        }
    }

    private static func entry(_ route: Route, api: APIModel) -> String {
        let values = [
            SwiftNaming.stringLiteral(route.groupName),
            SwiftNaming.stringLiteral(route.name),
            SwiftNaming.stringLiteral(route.method),
            SwiftNaming.stringLiteral(route.pathTemplate),
            route.access.requiresAuthentication ? "true" : "false",
            route.body.map { SwiftNaming.stringLiteral($0.kindName) } ?? "nil",
            route.body.map { SwiftNaming.stringLiteral($0.contentType) } ?? "nil",
            SwiftNaming.stringLiteral(route.response.description),
        ]
        let arguments = zip(fields, values).map { field, value in field.name + ": " + value }
        return api.name + "Route(" + arguments.joined(separator: ", ") + ")"
    }
}

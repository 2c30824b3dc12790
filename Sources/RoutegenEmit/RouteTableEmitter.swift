import RoutegenCore

/// Emits `<Api>API/<Api>Routes.swift`: the route table `<Api>Routes.all`, one
/// `<Api>Route` per route in file order, with the facts the audit tests and
/// `routegen surface` read (group, name, method, path template, access, body, response).
///
/// The entry type is emitted into the same file rather than taken from EndpointKit, so each
/// API's table has its own type. The file also holds `<Api>ArgumentText`, the helper that turns
/// arguments of model types into text (see `ArgumentTextEmitter`), when a route needs it, so the
/// set of files stays predictable from the `api` and `group` lines alone, and `<Api>Servers`
/// (see `ServersEmitter`) when the file declares servers.
///
/// The entries are text, one line per route, that `makeAll()` splits into fields when `all` is
/// first read. Compile time is what decides the form: a statement per route costs the compiler
/// about 0.6 ms of CPU per route (type-checking, SILGen, LLVM), 600 ms at 1,000 routes, in one
/// function body; an array literal of initializer calls is worse (832 routes: 80 s). A string
/// literal costs next to nothing at any size, and the decoder is one small function.
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
        var imports = ImportList([EndpointKitVocabulary.runtimeModule, "Foundation"])
        // `<Api>Servers` names `URL` in its public members.
        if !api.servers.isEmpty { imports.expose("Foundation") }
        writer.lines(imports.lines(access: options.accessLevel))
        writer.blank()
        writeEntryType(api: api, into: &writer)
        writer.blank()
        writeTable(api: api, into: &writer)
        let helpers = ArgumentTextEmitter.helpersUsed(by: api)
        if !helpers.isEmpty {
            writer.blank()
            ArgumentTextEmitter.write(api: api.name, helpers: helpers, into: &writer)
        }
        if !api.servers.isEmpty {
            writer.blank()
            ServersEmitter(options: options).write(api: api, into: &writer)
        }
        return GeneratedFile(relativePath: GeneratedLayout.routeTableFile(api: api.name), utf8: writer.outputUTF8)
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

    /// The field an API with credential schemes adds: each route's scheme. An API that uses only
    /// the default bearer token has no such field, so its table is what it was before schemes.
    private static let schemeField = (
        name: "authScheme", type: "String?",
        documentation: "The credential scheme as the route file writes it (`key = query key`, `bearer`); nil for a public route."
    )

    private static func fields(_ api: APIModel) -> [(name: String, type: String, documentation: String)] {
        api.usesOnlyDefaultBearer ? fields : fields + [schemeField]
    }

    private func writeEntryType(api: APIModel, into writer: inout SwiftWriter) {
        writer.docComment(["One route of the " + api.name + " API, as the route file declares it."])
        writer.block(options.accessLevel.topLevelModifiers + " struct " + api.name + "Route: Sendable, Hashable") { body in
            for field in Self.fields(api) {
                body.docComment([field.documentation])
                body.line(access + " let " + field.name + ": " + field.type)
            }
        }
    }

    private func writeTable(api: APIModel, into writer: inout SwiftWriter) {
        let entryType = api.name + "Route"
        writer.docComment(["The routes of the " + api.name + " API."])
        writer.block(options.accessLevel.topLevelModifiers + " enum " + api.name + "Routes") { body in
            body.docComment(["Every route, in file order."])
            guard !api.routes.isEmpty else {
                body.line(access + " static let all: [" + entryType + "] = []")
                return
            }
            body.line(access + " static let all: [" + entryType + "] = makeAll()")
            body.blank()
            let withSchemes = !api.usesOnlyDefaultBearer
            body.docComment([
                "One route per line, in file order: group | name | method | path template | auth or public |",
                "body kind | Content-Type | response type" + (withSchemes ? " | credential scheme" : "") + "; `-` when there is no body"
                    + (withSchemes ? " or scheme" : "") + ". `%` and two hex digits",
                "stand for a byte a field cannot hold as it is. Text, because the compiler takes a string",
                "literal of any size at once, but a statement per route one by one.",
            ])
            body.line("private static let table = \"\"\"")
            for route in api.routes {
                body.line(SwiftWriter.indentUnit + Self.row(route) + (withSchemes ? " | " + (route.authScheme == nil ? "-" : Self.tableField(route.authSchemes.map(\.displayText).joined(separator: " or "))) : ""))
            }
            body.line(SwiftWriter.indentUnit + "\"\"\"")
            body.blank()
            body.block("private static func makeAll() -> [" + entryType + "]") { function in
                function.line("var routes: [" + entryType + "] = []")
                function.block("for line in table.components(separatedBy: \"\\n\")") { loop in
                    loop.line("routes.append(route(line))")
                }
                function.line("return routes")
            }
            body.blank()
            // Its own function, so that no body grows past a few milliseconds of type-checking.
            body.docComment(["The route of one line of the table."])
            body.block("private static func route(_ line: String) -> " + entryType) { function in
                function.line("let field: [String] = line.components(separatedBy: \" | \")")
                function.wrapped("return " + entryType + "(", closing: ")") { call in
                    call.line("group: text(field[0]), name: text(field[1]), method: text(field[2]), pathTemplate: text(field[3]),")
                    call.line("requiresAuthentication: field[4] == \"auth\", bodyKind: optionalText(field[5]),")
                    call.line("contentType: optionalText(field[6]), responseType: text(field[7])" + (withSchemes ? ", authScheme: optionalText(field[8])" : ""))
                }
            }
            body.blank()
            body.docComment(["A field with its `%` escapes undone."])
            body.block("private static func text(_ field: String) -> String") { function in
                function.line("guard field.contains(\"%\") else { return field }")
                function.line("return field.removingPercentEncoding ?? field")
            }
            body.blank()
            body.docComment(["A body field: nil for `-`."])
            body.block("private static func optionalText(_ field: String) -> String?") { function in
                function.line("field == \"-\" ? nil : text(field)")
            }
        }
    }

    /// The table line of `route`: its fields joined by ` | `, `-` for each body field of a route
    /// without a body.
    static func row(_ route: Route) -> String {
        let fields = [
            tableField(route.groupName),
            tableField(route.name),
            tableField(route.method),
            tableField(route.pathTemplate),
            route.access.requiresAuthentication ? "auth" : "public",
            route.body.map { tableField($0.kindName) } ?? "-",
            route.body.map { tableField($0.contentType) } ?? "-",
            tableField(route.response.description),
        ]
        return fields.joined(separator: " | ")
    }

    /// `text` as a field of the table: as it is, except `%` and two uppercase hex digits for `%`,
    /// `|`, `"`, `\`, a control character, a space at either end, and the `-` of a whole field
    /// that is only `-` (a bare `-` stands for nil). So a field never holds ` | `, a line break or
    /// the end of the string literal, and `removingPercentEncoding` gives back `text`.
    static func tableField(_ text: String) -> String {
        let bytes = Array(text.utf8)
        func needsEscape(_ index: Int) -> Bool {
            let byte = bytes[index]
            switch byte {
            case 0..<0x20, 0x7F, UInt8(ascii: "%"), UInt8(ascii: "|"), UInt8(ascii: "\""), UInt8(ascii: "\\"): return true
            case UInt8(ascii: " "): return index == 0 || index == bytes.count - 1
            case UInt8(ascii: "-"): return bytes.count == 1
            default: return false
            }
        }
        guard bytes.indices.contains(where: needsEscape) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 8)
        for index in bytes.indices {
            if needsEscape(index) {
                escaped += [UInt8(ascii: "%"), hex[Int(bytes[index] >> 4)], hex[Int(bytes[index] & 0x0F)]]
            } else {
                escaped.append(bytes[index])
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}

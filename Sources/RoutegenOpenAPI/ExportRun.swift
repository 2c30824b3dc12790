import RoutegenCore
import RoutegenYAML

/// One export: the model, its declared types by name, and the schemas the document needs
/// beyond the declarations (generic instances, imported types), collected as they are met.
struct ExportRun {
    let model: APIModel
    let declared: [String: TypeDeclaration]
    /// Schema key → the instance or imported type it stands for, filled while the document is built.
    var pending: [String: TypeReference] = [:]
    var pendingOrder: [String] = []

    init(model: APIModel) {
        self.model = model
        var declared: [String: TypeDeclaration] = [:]
        for type in model.types where declared[type.name] == nil { declared[type.name] = type }
        self.declared = declared
    }

    mutating func document(source: String?) -> DocumentNode {
        var root = SortedMapping()
        root.set("openapi", OpenAPIExporter.openAPIVersion)
        var info = SortedMapping()
        info.set("title", model.name)
        info.set("version", "0.0.0")
        root.set("info", info)
        root.set(OpenAPIExporter.exportMarker, DocumentNode(.number("1")))
        if !model.imports.isEmpty { root.set("x-routegen-imports", .texts(model.imports.map(\.module))) }
        if !model.externalTypes.isEmpty { root.set("x-routegen-externals", .texts(model.externalTypes.map(\.name))) }
        if let source { root.set(OpenAPIExporter.sourceKey, source) }
        if let servers = rootServers() { root.set("servers", servers) }
        root.set("tags", .list(model.groups.map(tag)))
        root.set("paths", paths())

        var components = SortedMapping()
        let schemes = securitySchemes()
        if !schemes.isEmpty { components.set("securitySchemes", schemes) }
        var schemas = SortedMapping()
        for type in model.types { schemas.set(Self.schemaKey(type.name), declarationSchema(type)) }
        // Instances and imported types met so far; building one may meet more.
        var done: Set<String> = []
        var index = 0
        while index < pendingOrder.count {
            let key = pendingOrder[index]
            index += 1
            guard done.insert(key).inserted, let type = pending[key] else { continue }
            schemas.set(key, pendingSchema(type))
        }
        if !schemas.isEmpty { components.set("schemas", schemas) }
        if !components.isEmpty { root.set("components", components) }
        return root.node
    }

    // MARK: Groups and routes

    func tag(_ group: RouteGroup) -> DocumentNode {
        var tag = SortedMapping()
        tag.set("name", group.name)
        if !group.documentation.isEmpty { tag.set("description", group.documentation.joined(separator: "\n")) }
        tag.set("x-routegen-access", group.access.rawValue)
        if let errors = group.errorBody { tag.set("x-routegen-errors", errors.description) }
        return tag.node
    }

    mutating func paths() -> DocumentNode {
        var nameCounts: [String: Int] = [:]
        for route in model.routes { nameCounts[route.name, default: 0] += 1 }
        var items: [String: (standard: SortedMapping, other: SortedMapping)] = [:]
        var groupsByName: [String: RouteGroup] = [:]
        for group in model.groups { groupsByName[group.name] = group }
        // A stream that shares its method and path with a route of one value is that operation's
        // second response content, as descriptions write it (OpenAI's `stream: true`).
        let pairedStreams = Dictionary(model.routes.compactMap { route -> (String, Route)? in
            guard route.streaming != nil, model.routes.contains(where: { $0.streaming == nil && $0.method == route.method && $0.pathShape == route.pathShape }) else { return nil }
            return (route.method + " " + route.pathShape, route)
        }, uniquingKeysWith: { first, _ in first })
        for route in model.routes {
            let key = route.method + " " + route.pathShape
            if route.streaming != nil, pairedStreams[key] != nil { continue }
            let stream = route.streaming == nil ? pairedStreams[key] : nil
            let operation = operation(route, group: groupsByName[route.groupName], isNameUnique: nameCounts[route.name] == 1, stream: stream)
            var item = items[route.pathTemplate] ?? (SortedMapping(), SortedMapping())
            if Self.operationMethods.contains(route.method) {
                item.standard.set(route.method.lowercased(), operation)
            } else {
                item.other.set(route.method, operation)
            }
            items[route.pathTemplate] = item
        }
        var paths = SortedMapping()
        for template in items.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let item = items[template] else { continue }
            var pathItem = item.standard
            if !item.other.isEmpty { pathItem.set("x-routegen-methods", item.other) }
            paths.set(template, pathItem)
        }
        return paths.node
    }

    /// The methods a path item has a field for in OpenAPI 3.1.
    static let operationMethods: Set<String> = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]

    mutating func operation(_ route: Route, group: RouteGroup?, isNameUnique: Bool, stream: Route? = nil) -> DocumentNode {
        var operation = SortedMapping()
        operation.set("operationId", isNameUnique ? route.name : route.groupName + "." + route.name)
        if !isNameUnique { operation.set("x-routegen-name", route.name) }
        operation.set("tags", .texts([route.groupName]))
        let docs = route.documentation
        if let first = docs.first {
            operation.set("summary", first)
            if docs.count > 1 { operation.set("description", docs.joined(separator: "\n")) }
        }
        if route.isDeprecated { operation.set("deprecated", .yes) }
        let parameters = route.parameters.map { parameter($0) }
        if !parameters.isEmpty { operation.set("parameters", .list(parameters)) }
        if let body = route.body { operation.set("requestBody", requestBody(body)) }
        operation.set("responses", responses(route, stream: stream))
        if let stream { operation.set("x-routegen-stream-route", stream.name) }
        if !route.authSchemes.isEmpty {
            // One requirement per scheme the route accepts: alternatives, in the route's order.
            let requirements = route.authSchemes.map { scheme in
                var requirement = SortedMapping()
                requirement.set(scheme.runtimeName, .list([]))
                return requirement.node
            }
            operation.set("security", .list(requirements))
        } else {
            operation.set("security", .list([]))
        }
        // An accept with nothing to decode has no response content to show it in.
        if route.response.isEmpty, let accept = route.accept { operation.set("x-routegen-accept", accept) }
        if route.hasExplicitAccess { operation.set("x-routegen-access", route.access.rawValue) }
        if let errors = route.errorBody, errors != group?.errorBody { operation.set("x-routegen-errors", errors.description) }
        if let pagination = route.pagination { operation.set("x-routegen-paginate", pagination.summary) }
        if !route.disabledRules.isEmpty { operation.set("x-routegen-disable", .texts(route.disabledRules)) }
        if let server = route.server { operation.set("servers", .list([Self.serverNode(server)])) }
        return operation.node
    }

    mutating func parameter(_ parameter: Parameter) -> DocumentNode {
        var node = SortedMapping()
        node.set("name", parameter.name)
        node.set("in", parameter.kind.rawValue)
        node.set("required", DocumentNode(.bool(parameter.kind == .path || parameter.isRequired)))
        var schema = schema(for: parameter.type.nonOptional)
        if let value = parameter.defaultValue { schema = schema.setting("default", Self.node(for: value)) }
        node.set("schema", Self.constrained(schema, parameter.constraints))
        if let (style, explode) = Self.openAPIStyle(of: parameter) {
            node.set("style", style)
            node.set("explode", DocumentNode(.bool(explode)))
        }
        if parameter.type.isOptional { node.set("x-routegen-optional", .yes) }
        return node.node
    }

    /// OpenAPI's `style` and `explode` for a parameter whose spelling is not its place's default
    /// (`form` exploded in a query or cookie, `simple` in a path or header); nil for the default.
    /// A cookie array is sent joined, `form` without explode.
    static func openAPIStyle(of parameter: Parameter) -> (style: String, explode: Bool)? {
        switch parameter.style {
        case .comma?: return ("form", false)
        case .space?: return ("spaceDelimited", false)
        case .pipe?: return ("pipeDelimited", false)
        case .deep?: return ("deepObject", true)
        case .spread?: return ("form", true)
        case .label(let explode)?: return ("label", explode)
        case .matrix(let explode)?: return ("matrix", explode)
        case nil: return parameter.kind == .cookie && parameter.type.nonOptional.isArray ? ("form", false) : nil
        }
    }

    mutating func requestBody(_ body: RequestBodySpec) -> DocumentNode {
        var media = SortedMapping()
        switch body.kind {
        case .raw(let mediaType):
            media.set("schema", Self.binarySchema(mediaType))
        case .json(let type), .mergePatch(let type), .form(let type):
            media.set("schema", schema(for: type.nonOptional))
        case .multipart(let type):
            media.set("schema", schema(for: type.nonOptional))
            if case .named(let name, let arguments) = type.nonOptional, arguments.isEmpty, let declaration = declared[name] {
                var encoding = SortedMapping()
                for field in declaration.fields where Self.isJSONPart(field.type.nonOptional) {
                    var part = SortedMapping()
                    part.set("contentType", MediaType.json)
                    encoding.set(field.wireName, part)
                }
                if !encoding.isEmpty { media.set("encoding", encoding) }
            }
        }
        var content = SortedMapping()
        content.set(body.contentType, media)
        var node = SortedMapping()
        node.set("content", content)
        node.set("required", DocumentNode(.bool(!body.type.isOptional)))
        return node.node
    }

    /// Whether a multipart field travels as a JSON part: neither a file nor a scalar text part.
    static func isJSONPart(_ type: TypeReference) -> Bool {
        type != .named(EndpointKitVocabulary.filePartType) && ScalarKind(type) == nil
    }

    mutating func responses(_ route: Route, stream: Route? = nil) -> DocumentNode {
        var responses = SortedMapping()
        var success = SortedMapping()
        if route.response.isEmpty {
            success.set("description", route.successStatus == 204 ? "No Content" : "Success")
            responses.set(String(route.successStatus), success)
        } else {
            success.set("description", "OK")
            var content = SortedMapping()
            for answer in [route] + (stream.map { [$0] } ?? []) {
                var media = SortedMapping()
                // A stream's schema is one event's data, or one line: its element type.
                let schema = answer.response.isData ? Self.binarySchema(answer.acceptedMediaType) : schema(for: answer.streamElement ?? answer.response)
                media.set("schema", schema)
                content.set(answer.acceptedMediaType, media)
            }
            success.set("content", content)
            responses.set(String(route.successStatus), success)
        }
        if let errors = route.errorBody {
            var failure = SortedMapping()
            failure.set("description", "Error")
            var media = SortedMapping()
            media.set("schema", schema(for: errors))
            var content = SortedMapping()
            content.set(MediaType.json, media)
            failure.set("content", content)
            responses.set("default", failure)
        }
        return responses.node
    }

    static func binarySchema(_ mediaType: String) -> DocumentNode {
        var schema = SortedMapping()
        schema.set("type", "string")
        schema.set("contentMediaType", mediaType)
        return schema.node
    }

    func securitySchemes() -> SortedMapping {
        var schemes = SortedMapping()
        for scheme in model.authSchemes {
            var node = Self.schemeNode(scheme.placement)
            if scheme.name == nil { node.set("x-routegen-unnamed", .yes) }
            schemes.set(scheme.runtimeName, node)
        }
        if model.authSchemes.isEmpty, model.routes.contains(where: { $0.authScheme != nil }) {
            var node = Self.schemeNode(.bearer)
            node.set("x-routegen-implicit", .yes)
            schemes.set(AuthSchemeSpec.defaultBearer.runtimeName, node)
        }
        return schemes
    }

    static func schemeNode(_ placement: AuthSchemeSpec.Placement) -> SortedMapping {
        var node = SortedMapping()
        switch placement {
        case .bearer, .basic:
            node.set("type", "http")
            node.set("scheme", placement.word)
        case .header(let name, let prefix):
            node.set("type", "apiKey")
            node.set("in", "header")
            node.set("name", name)
            if !prefix.isEmpty { node.set("x-routegen-prefix", prefix) }
        case .query(let name):
            node.set("type", "apiKey")
            node.set("in", "query")
            node.set("name", name)
        }
        return node
    }

    // MARK: Schemas of types

    /// The schema of a type wherever it stands; `parameters` are the generic parameters in scope.
    mutating func schema(for type: TypeReference, parameters: Set<String> = []) -> DocumentNode {
        switch type {
        case .optional(let wrapped):
            return Self.nullable(schema(for: wrapped, parameters: parameters))
        case .array(let element):
            var node = SortedMapping()
            node.set("type", "array")
            node.set("items", schema(for: element, parameters: parameters))
            return node.node
        case .named(let name, let arguments):
            if arguments.isEmpty, parameters.contains(name) {
                var node = SortedMapping()
                node.set("x-routegen-type-parameter", name)
                return node.node
            }
            if name == "Dictionary", arguments.count == 2 {
                var node = SortedMapping()
                node.set("type", "object")
                node.set("additionalProperties", schema(for: arguments[1], parameters: parameters))
                if arguments[0] != .named("String") { node.set("x-routegen-type", type.description) }
                return node.node
            }
            if name == "ID", arguments.count == 1 {
                var node = SortedMapping()
                node.set("type", "string")
                node.set("x-routegen-id", arguments[0].description)
                return node.node
            }
            if let known = Self.knownSchema(name, arguments: arguments) {
                return known
            }
            if let declaration = declared[name], arguments.isEmpty == declaration.genericParameters.isEmpty {
                if arguments.isEmpty { return Self.reference(Self.schemaKey(name)) }
                if !type.mentions(parameters) { return reference(toPending: type, parameters: parameters) }
                // Inside a generic form (`List<Item>` in `model Box<Item>`): no instance exists
                // yet, so the type as written stands for it.
                var node = SortedMapping()
                node.set("x-routegen-type", type.description)
                return node.node
            }
            if parameters.isEmpty || !type.mentions(parameters) {
                return reference(toPending: type, parameters: parameters)
            }
            // An imported generic type over a parameter in scope: no component can stand for it.
            var node = SortedMapping()
            node.set("x-routegen-type", type.description)
            return node.node
        }
    }

    /// A `$ref` to the component standing for a generic instance or an imported type, recorded
    /// so the component is written.
    mutating func reference(toPending type: TypeReference, parameters: Set<String>) -> DocumentNode {
        let key = Self.schemaKey(for: type)
        if pending[key] == nil {
            pending[key] = type
            pendingOrder.append(key)
        }
        return Self.reference(key)
    }

    static func reference(_ key: String) -> DocumentNode {
        var node = SortedMapping()
        node.set("$ref", "#/components/schemas/" + key)
        return node.node
    }

    /// The schemas of the scalars and runtime types, exact for the canonical spellings;
    /// any other spelling gets the nearest schema and `x-routegen-type`.
    static func knownSchema(_ name: String, arguments: [TypeReference]) -> DocumentNode? {
        let written = TypeReference.named(name, arguments: arguments)
        var node = SortedMapping()
        let canonical: String
        if arguments.isEmpty, let kind = ScalarKind(written) {
            switch kind {
            case .text: node.set("type", "string"); canonical = "String"
            case .boolean: node.set("type", "boolean"); canonical = "Bool"
            case .integer(let integer):
                node.set("type", "integer")
                switch integer {
                case .int64: node.set("format", "int64"); canonical = "Int64"
                case .int32: node.set("format", "int32"); canonical = "Int32"
                default: canonical = "Int"
                }
            case .floatingPoint:
                node.set("type", "number")
                if name.hasSuffix("Float") { node.set("format", "float"); canonical = "Float" } else { canonical = "Double" }
            case .date: node.set("type", "string"); node.set("format", "date-time"); canonical = "Date"
            case .uuid: node.set("type", "string"); node.set("format", "uuid"); canonical = "UUID"
            case .identifier: return nil
            }
        } else if arguments.isEmpty {
            switch unqualified(name) {
            case "URL": node.set("type", "string"); node.set("format", "uri"); canonical = "URL"
            case "Decimal": node.set("type", "number"); canonical = "-"
            case EndpointKitVocabulary.dataType: node.set("type", "string"); node.set("contentEncoding", "base64"); canonical = EndpointKitVocabulary.dataType
            case EndpointKitVocabulary.filePartType:
                node.set("type", "string"); node.set("contentMediaType", "application/octet-stream"); canonical = EndpointKitVocabulary.filePartType
            case EndpointKitVocabulary.jsonValueType: canonical = EndpointKitVocabulary.jsonValueType
            case EndpointKitVocabulary.emptyType: node.set("type", "object"); canonical = "-"
            default: return nil
            }
            guard isKnown(name) else { return nil }
        } else if ["Array", "Optional"].contains(unqualified(name)), arguments.count == 1, isKnown(name) {
            return nil
        } else {
            return nil
        }
        if name != canonical { node.set("x-routegen-type", name) }
        return node.node
    }

    static func unqualified(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// Whether `name` (perhaps module-qualified) is one of the runtime's known types.
    static func isKnown(_ name: String) -> Bool {
        let short = unqualified(name)
        return EndpointKitVocabulary.knownTypes.contains { $0.name == short && (name == short || name == $0.module + "." + short) }
    }

    /// `<T>` that may also be null: `"null"` added to its `type`, or `anyOf` with a null schema.
    /// `schema` with JSON Schema's keywords for `constraints`: on an array's `items` all but
    /// the item counts, which stand on the array.
    static func constrained(_ schema: DocumentNode, _ constraints: ValueConstraints) -> DocumentNode {
        guard !constraints.isEmpty else { return schema }
        if let items = schema["items"] {
            var array = schema.setting("items", constraintKeywords(constraints.elementConstraints, on: items))
            if let minItems = constraints.minItems { array = array.setting("minItems", DocumentNode(.number(String(minItems)))) }
            if let maxItems = constraints.maxItems { array = array.setting("maxItems", DocumentNode(.number(String(maxItems)))) }
            return array
        }
        return constraintKeywords(constraints, on: schema)
    }

    static func constraintKeywords(_ constraints: ValueConstraints, on schema: DocumentNode) -> DocumentNode {
        var node = schema
        let number = { (text: String) in DocumentNode(.number(text)) }
        if let minimum = constraints.minimum { node = node.setting(minimum.isExclusive ? "exclusiveMinimum" : "minimum", number(minimum.value)) }
        if let maximum = constraints.maximum { node = node.setting(maximum.isExclusive ? "exclusiveMaximum" : "maximum", number(maximum.value)) }
        if let step = constraints.multipleOf { node = node.setting("multipleOf", number(step)) }
        if let minLength = constraints.minLength { node = node.setting("minLength", number(String(minLength))) }
        if let maxLength = constraints.maxLength { node = node.setting("maxLength", number(String(maxLength))) }
        if let pattern = constraints.pattern { node = node.setting("pattern", .text(pattern)) }
        if let format = constraints.format {
            node = node.setting("format", .text(format.rawValue))
            // A text of `format: uri` says it is one, or it would read back as `URL`.
            if format == .uri, node["x-routegen-id"] == nil, node["x-routegen-type"] == nil { node = node.setting("x-routegen-type", .text("String")) }
        }
        switch constraints.example {
        case .number(let text)?: node = node.setting("examples", .list([number(text)]))
        case .boolean(let flag)?: node = node.setting("examples", .list([DocumentNode(.bool(flag))]))
        case .string(let text)?: node = node.setting("examples", .list([.text(text)]))
        case nil: break
        }
        return node
    }

    static func nullable(_ schema: DocumentNode) -> DocumentNode {
        if let type = schema["type"]?.string {
            return schema.setting("type", .texts([type, "null"]))
        }
        var null = SortedMapping()
        null.set("type", "null")
        var node = SortedMapping()
        node.set("anyOf", .list([schema, null.node]))
        return node.node
    }
}

extension TypeReference {
    /// The type with generic parameters replaced by their arguments.
    func substituting(_ substitution: [String: TypeReference]) -> TypeReference {
        switch self {
        case .named(let name, let arguments):
            if arguments.isEmpty, let replacement = substitution[name] { return replacement }
            return .named(name, arguments: arguments.map { $0.substituting(substitution) })
        case .array(let element): return .array(element.substituting(substitution))
        case .optional(let wrapped): return .optional(wrapped.substituting(substitution))
        }
    }

    /// Whether any of `names` stands in the type as a bare name.
    func mentions(_ names: Set<String>) -> Bool {
        switch self {
        case .named(let name, let arguments): (arguments.isEmpty && names.contains(name)) || arguments.contains { $0.mentions(names) }
        case .array(let element): element.mentions(names)
        case .optional(let wrapped): wrapped.mentions(names)
        }
    }
}

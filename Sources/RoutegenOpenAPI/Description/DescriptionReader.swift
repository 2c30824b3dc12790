import RoutegenCore

/// Reads a description's tree into an `OpenAPIDocument`, in one pass: each operation with its
/// path item's parameters, its body and responses (references resolved once), every schema
/// (`SchemaReader`), tags, security and servers.
struct DescriptionReader {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    private let root: DocumentNode
    private var schemas: SchemaReader

    init(root: DocumentNode) {
        self.root = root
        schemas = SchemaReader(index: ReferenceIndex(root: root))
    }

    /// The document `root` is.
    static func read(_ root: DocumentNode) -> OpenAPIDocument {
        var reader = DescriptionReader(root: root)
        return reader.document()
    }

    private mutating func document() -> OpenAPIDocument {
        schemas.readComponents()
        var warnings: [Located<String>] = []
        let operations = readOperations(warnings: &warnings)
        schemas.readPointedSchemas()
        return OpenAPIDocument(
            title: root["info"]?["title"]?.string, isExport: root[OpenAPIExporter.exportMarker] != nil,
            routegenAPIName: root["x-routegen-api"]?.string, routegenImports: (root["x-routegen-imports"]?.sequence ?? []).compactMap(\.string),
            routegenExternals: (root["x-routegen-externals"]?.sequence ?? []).compactMap(\.string),
            tags: (root["tags"]?.sequence ?? []).compactMap(Self.tag), operations: operations, pathWarnings: warnings,
            security: root["security"].map(Self.security), securitySchemes: securitySchemes(),
            servers: Self.servers(root["servers"]), schemas: schemas.table, position: root.position, versionPosition: root["openapi"]?.position
        )
    }

    private static func tag(_ node: DocumentNode) -> TagObject? {
        guard let name = node["name"]?.string else { return nil }
        return TagObject(
            name: name, description: node["description"]?.string,
            routegenAccess: node["x-routegen-access"]?.string, routegenErrors: node["x-routegen-errors"]?.string
        )
    }

    // MARK: Paths

    private mutating func readOperations(warnings: inout [Located<String>]) -> [OperationObject] {
        var operations: [OperationObject] = []
        if let paths = root["paths"] {
            if let entries = paths.entries {
                for entry in entries {
                    guard let template = entry.key.string, let item = pathItem(entry.value, template: template, warnings: &warnings) else { continue }
                    operations += pathOperations(item, template: template)
                }
            } else {
                warnings.append(Located(value: "'paths' is \(paths.kindDescription), not a mapping; no operation imported", position: paths.position))
            }
        }
        if let webhooks = root["webhooks"]?.entries, !webhooks.isEmpty {
            warnings.append(Located(value: "the description's \(webhooks.count) webhooks are requests the API sends, not routes; not imported", position: webhooks[0].key.position))
        }
        return operations
    }

    /// A path item, through its `$ref`; nil (with a warning) when the reference leads nowhere.
    private func pathItem(_ node: DocumentNode, template: String, warnings: inout [Located<String>]) -> DocumentNode? {
        guard let reference = node["$ref"]?.string else { return node }
        guard case .node(let target, _) = schemas.index.target(of: reference) else {
            warnings.append(Located(value: "path item '\(template)' refers to '\(reference)', which is not in this document; its operations are not imported", position: node.position))
            return nil
        }
        return target
    }

    /// The operations of one path item: OpenAPI's methods in the order written, then the methods
    /// OpenAPI has no field for (`PURGE`, `REPORT`), as an export writes them.
    private mutating func pathOperations(_ item: DocumentNode, template: String) -> [OperationObject] {
        var operations: [OperationObject] = []
        for field in item.entries ?? [] {
            if let key = field.key.string, Self.methods.contains(key) {
                operations.append(operation(field.value, template: template, method: key.uppercased(), pathItem: item, position: field.key.position))
            }
        }
        for field in item["x-routegen-methods"]?.entries ?? [] {
            guard let method = field.key.string, !method.isEmpty, method.allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }) else { continue }
            operations.append(operation(field.value, template: template, method: method, pathItem: item, position: field.key.position))
        }
        return operations
    }

    private mutating func operation(_ node: DocumentNode, template: String, method: String, pathItem: DocumentNode, position: DocumentPosition) -> OperationObject {
        let requestBody = node["requestBody"]
        let responses = node["responses"]
        return OperationObject(
            template: template, method: method, position: position, parameters: parameters(pathItem["parameters"], node["parameters"]),
            requestBody: requestBody.map { referable($0) { reader, node in reader.requestBody(node) } }, requestBodyPosition: requestBody?.position,
            responses: self.responses(responses), responsesPosition: responses?.position,
            operationID: node["operationId"]?.string, summary: node["summary"]?.string, description: node["description"]?.string,
            firstTag: node["tags"]?.sequence?.first?.string, tags: (node["tags"]?.sequence ?? []).compactMap(\.string), isDeprecated: node["deprecated"]?.bool == true,
            security: node["security"].map(Self.security), callbacks: Self.names(node["callbacks"]),
            servers: Self.servers(node["servers"]), pathServers: Self.servers(pathItem["servers"]),
            extensions: Self.extensions(node), node: node
        )
    }

    /// The path item's parameters, then the operation's, which replace those of the same
    /// `in` and `name`; one that leads nowhere stays where it stands, for its warning.
    private mutating func parameters(_ lists: DocumentNode?...) -> [Referable<ParameterObject>] {
        var parameters: [Referable<ParameterObject>] = []
        var keys: [String?] = []
        for list in lists {
            for item in list?.sequence ?? [] {
                let parameter = referable(item) { reader, node in reader.parameter(node) }
                guard let key = parameter.object?.key else {
                    parameters.append(parameter)
                    keys.append(nil)
                    continue
                }
                if let existing = keys.firstIndex(of: key) {
                    parameters[existing] = parameter
                } else {
                    keys.append(key)
                    parameters.append(parameter)
                }
            }
        }
        return parameters
    }

    private mutating func parameter(_ node: DocumentNode) -> ParameterObject {
        let place = node["in"]?.string
        let location: ParameterObject.Location = switch place {
        case "path": .path
        case "query": .query
        case "header": .header
        case "cookie": .cookie
        case let place?: .other(place)
        case nil: .missing
        }
        let style = node["style"]?.string ?? (location == .query || location == .cookie ? "form" : "simple")
        return ParameterObject(
            name: node["name"]?.string, location: location, position: node.position, isRequired: node["required"]?.bool == true,
            schema: node["schema"].map { schemas.read($0) }, hasContent: node["content"] != nil, style: style,
            explode: node["explode"]?.bool ?? (style == "form"), description: node["description"]?.string,
            routegenOptional: node["x-routegen-optional"]?.bool
        )
    }

    private mutating func requestBody(_ node: DocumentNode) -> RequestBodyObject {
        RequestBodyObject(position: node.position, required: node["required"]?.bool, content: content(node["content"]), node: node)
    }

    private mutating func responses(_ node: DocumentNode?) -> [ResponseEntry] {
        let entries = (node?.entries ?? []).compactMap { entry -> (code: String, entry: DocumentEntry)? in
            if let text = entry.key.string { return (text.uppercased(), entry) }
            return entry.key.number.map { ($0, entry) }
        }.sorted { $0.code < $1.code }
        return entries.map { code, entry in
            ResponseEntry(
                code: code, keyPosition: entry.key.position, referenceText: entry.value["$ref"]?.string,
                response: referable(entry.value) { reader, node in reader.response(node) }
            )
        }
    }

    private mutating func response(_ node: DocumentNode) -> ResponseObject {
        let headers = (node["headers"]?.entries ?? []).map { entry in
            let header = referable(entry.value) { _, node in node }.object ?? entry.value
            return HeaderObject(
                name: entry.key.string, keyPosition: entry.key.position, schema: header["schema"].map { schemas.read($0) },
                isRequired: header["required"]?.bool == true, description: header["description"]?.string
            )
        }
        return ResponseObject(
            position: node.position, content: content(node["content"]), contentNode: node["content"], headers: headers, links: Self.names(node["links"])
        )
    }

    private mutating func content(_ node: DocumentNode?) -> [MediaTypeObject] {
        (node?.entries ?? []).map { entry in
            MediaTypeObject(
                mediaType: entry.key.string, keyPosition: entry.key.position,
                schema: entry.value["schema"].map { schemas.read($0) }, itemSchema: entry.value["itemSchema"].map { schemas.read($0) }
            )
        }
    }

    /// `node`'s object, through a chain of `$ref`s: the object the chain ends at, or the warning
    /// the use of one that leads nowhere gives.
    private mutating func referable<Object>(_ node: DocumentNode, _ read: (inout DescriptionReader, DocumentNode) -> Object) -> Referable<Object> {
        guard let reference = node["$ref"] else { return .object(read(&self, node)) }
        guard let text = reference.string else { return .unresolved(warning: nil, position: reference.position) }
        var visited: Set<String> = []
        var current = text
        while true {
            guard visited.insert(current).inserted else {
                return .unresolved(warning: "'$ref' to '\(text)' refers to itself through references only; left out", position: reference.position)
            }
            switch schemas.index.target(of: current) {
            case .external:
                return .unresolved(warning: "'$ref' to '\(current)' points outside this document, which is not fetched; left out", position: reference.position)
            case .missing:
                return .unresolved(warning: "'$ref' to '\(current)' points to nothing in this document; left out", position: reference.position)
            case .node(let target, _):
                guard let next = target["$ref"]?.string else { return .object(read(&self, target)) }
                current = next
            }
        }
    }

    // MARK: Small parts

    /// The lint rules an export's `x-routegen-disable` lists: rule ids are words with hyphens
    /// (`path-style`), and anything else would not stay a comment, so it is left out.
    static func disabledRules(_ node: DocumentNode?) -> [String] {
        (node?.sequence ?? []).compactMap(\.string).filter { rule in
            !rule.isEmpty && rule.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }
    }

    private static func security(_ node: DocumentNode) -> SecurityRequirements {
        SecurityRequirements(alternatives: node.sequence.map { list in list.compactMap { $0.entries?.compactMap(\.key.string) } }, position: node.position)
    }

    /// A mapping's key names and where its first key stands; nil when it has none.
    private static func names(_ node: DocumentNode?) -> Located<[String]>? {
        guard let entries = node?.entries, !entries.isEmpty else { return nil }
        return Located(value: entries.compactMap(\.key.string), position: entries[0].key.position)
    }

    private static func servers(_ node: DocumentNode?) -> [ServerObject] {
        // A number or boolean where a server variable's text belongs (`default: 4646`) is its text.
        func text(_ node: DocumentNode?) -> String? {
            node?.string ?? node?.number ?? node?.bool.map { $0 ? "true" : "false" }
        }
        return (node?.sequence ?? []).map { server in
            let variables = (server["variables"]?.entries ?? []).compactMap { entry -> ServerObject.Variable? in
                guard let name = entry.key.string else { return nil }
                return ServerObject.Variable(
                    name: name, defaultValue: text(entry.value["default"]),
                    allowed: (entry.value["enum"]?.sequence ?? []).compactMap(text), description: entry.value["description"]?.string,
                    position: entry.key.position
                )
            }
            return ServerObject(
                url: server["url"]?.string, description: server["description"]?.string, variables: variables,
                extensionName: server["x-routegen-name"]?.string ?? server["x-name"]?.string, position: server.position
            )
        }
    }

    private func securitySchemes() -> [SecuritySchemeObject] {
        (root["components"]?["securitySchemes"]?.entries ?? []).compactMap { entry in
            guard let key = entry.key.string else { return nil }
            var node = entry.value
            if let reference = node["$ref"]?.string, case .node(let target, _) = schemas.index.target(of: reference) { node = target }
            return SecuritySchemeObject(
                key: key, type: node["type"]?.string, scheme: node["scheme"]?.string, name: node["name"]?.string, location: node["in"]?.string,
                prefix: node["x-routegen-prefix"]?.string, isUnnamed: entry.value["x-routegen-unnamed"]?.bool == true,
                isImplicit: entry.value["x-routegen-implicit"]?.bool == true, position: node.position
            )
        }
    }

    private static func extensions(_ node: DocumentNode) -> OperationExtensions {
        var extensions = OperationExtensions()
        extensions.name = node["x-routegen-name"]?.string
        extensions.group = node["x-routegen-group"]?.string
        extensions.access = node["x-routegen-access"]?.string
        extensions.errors = node["x-routegen-errors"]?.string
        extensions.paginate = node["x-routegen-paginate"].map { Located(value: $0.string, position: $0.position) }
        extensions.disabledRules = Self.disabledRules(node["x-routegen-disable"])
        extensions.streamRoute = node["x-routegen-stream-route"]?.string
        extensions.accept = node["x-routegen-accept"]?.string
        extensions.vendorPaging = VendorPagingReader.read(node)
        return extensions
    }
}

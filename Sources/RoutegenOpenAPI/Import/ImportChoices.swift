import RoutegenCore

/// What an `ImportConfiguration` asks of one import, checked against the description once:
/// the operations kept, the names given, and the schemas that are the app's own types. A name
/// the configuration gives that the description does not have is a warning at its place in the
/// configuration; a new name that cannot be one is an error there.
struct ImportChoices {
    /// The operations the filter keeps, in the description's order.
    var operations: [OperationObject]
    /// Component schema → its type's name.
    var schemaNames: [String: String] = [:]
    /// Operation id → its route's name.
    var routeNames: [String: String] = [:]
    /// Tag → its group's name.
    var groupNames: [String: String] = [:]
    /// Component schema → the type it is instead of a declaration.
    var typeOverrides: [String: WrittenType] = [:]
    /// Modules the route file imports for the overrides (`DesignSystem` of `DesignSystem.Color`)
    /// and the configuration's own imports, in order.
    var configuredImports: [String] = []
    /// What each override needs in the route file's head: the modules of its qualified names
    /// (`import DesignSystem`) and its other names (`external Money`), by schema, in order.
    var overrideNeeds: [(schema: String, imports: [String], externals: [String])] = []

    /// Every choice of `configuration` for `document`.
    init(_ configuration: ImportConfiguration, document: OpenAPIDocument, sink: any DiagnosticSink) {
        operations = document.operations
        if let filter = configuration.filter { operations = Self.kept(document.operations, by: filter, sink: sink) }
        let componentNames = Set(document.schemas.componentNames)
        schemaNames = Self.names(configuration.renames.schemas, known: componentNames, what: "schema", sink: sink)
        routeNames = Self.names(configuration.renames.operations, known: Set(document.operations.compactMap(\.operationID)), what: "operation", sink: sink)
        groupNames = Self.names(configuration.renames.tags, known: Set(document.operations.flatMap(\.tags) + document.tags.map(\.name)), what: "tag", sink: sink)
        for (schema, type) in configuration.typeOverrides {
            guard componentNames.contains(schema.text) else {
                sink.emit(.warning("'types' names the schema '\(schema.text)', which the description's components do not have; nothing is overridden", at: schema.location))
                continue
            }
            guard let written = WrittenType(type.text, isScalar: false) else {
                sink.emit(.error("'\(type.text)' is not a Swift type a route file can name; write a type such as 'Money' or 'DesignSystem.Color'", at: type.location))
                continue
            }
            typeOverrides[schema.text] = written
            var needs = (schema: schema.text, imports: [String](), externals: [String]())
            for name in TypeReference(written.syntax).names where EndpointKitVocabulary.knownTypeArity(name) == nil {
                if let dot = name.firstIndex(of: ".") { needs.imports.append(String(name[..<dot])) } else { needs.externals.append(name) }
            }
            overrideNeeds.append(needs)
        }
        configuredImports = configuration.imports.map(\.text)
    }

    /// The modules to import and the names to declare `external` for the overrides of schemas
    /// the kept operations reach, then the configuration's own imports, each once.
    func head(reached: Set<String>) -> (imports: [String], externals: [String]) {
        var imports: [String] = []
        var externals: [String] = []
        for needs in overrideNeeds where reached.contains(needs.schema) {
            for module in needs.imports where !imports.contains(module) { imports.append(module) }
            for name in needs.externals where !externals.contains(name) { externals.append(name) }
        }
        for module in configuredImports where !imports.contains(module) { imports.append(module) }
        return (imports, externals)
    }

    /// The operations any list of `filter` names, with a warning for each name nothing has.
    private static func kept(_ operations: [OperationObject], by filter: OperationFilter, sink: any DiagnosticSink) -> [OperationObject] {
        let tags = Set(filter.tags.map(\.text)), identifiers = Set(filter.operations.map(\.text)), paths = Set(filter.paths.map(\.text))
        for tag in filter.tags where !operations.contains(where: { $0.tags.contains(tag.text) }) {
            sink.emit(.warning("the filter keeps tag '\(tag.text)', which no operation has", at: tag.location))
        }
        for identifier in filter.operations where !operations.contains(where: { $0.operationID == identifier.text }) {
            sink.emit(.warning("the filter keeps operation '\(identifier.text)', which the description does not have", at: identifier.location))
        }
        for path in filter.paths where !operations.contains(where: { $0.template == path.text }) {
            sink.emit(.warning("the filter keeps path '\(path.text)', which the description does not have", at: path.location))
        }
        return operations.filter { operation in
            operation.tags.contains(where: tags.contains) || operation.operationID.map(identifiers.contains) == true || paths.contains(operation.template)
        }
    }

    /// The renames of `what`s `known` has, each new name an identifier.
    private static func names(_ renames: [(from: ConfiguredText, to: ConfiguredText)], known: Set<String>, what: String, sink: any DiagnosticSink) -> [String: String] {
        var names: [String: String] = [:]
        for (from, to) in renames {
            guard known.contains(from.text) else {
                sink.emit(.warning("'rename' names the \(what) '\(from.text)', which the description does not have", at: from.location))
                continue
            }
            guard SwiftNaming.isIdentifier(to.text) else {
                let suggestion = what == "operation" ? SwiftNaming.lowerCamelCase(to.text) : SwiftNaming.upperCamelCase(to.text)
                sink.emit(.error("'\(to.text)' is not a Swift identifier; a renamed \(what) needs one, such as '\(suggestion)'", at: to.location))
                continue
            }
            names[from.text] = to.text
        }
        return names
    }
}

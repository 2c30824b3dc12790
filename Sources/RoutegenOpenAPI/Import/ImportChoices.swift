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
    var imports: [String] = []
    /// Types of the app's own that the overrides name (`external Money`), in order.
    var externals: [String] = []

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
            for name in TypeReference(written.syntax).names where EndpointKitVocabulary.knownTypeArity(name) == nil {
                if let dot = name.firstIndex(of: ".") {
                    let module = String(name[..<dot])
                    if !imports.contains(module) { imports.append(module) }
                } else if !externals.contains(name) {
                    externals.append(name)
                }
            }
        }
        for module in configuration.imports where !imports.contains(module.text) { imports.append(module.text) }
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

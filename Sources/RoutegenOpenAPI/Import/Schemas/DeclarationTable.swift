import RoutegenCore

/// What converting one description's schemas has made so far, shared by every conversion of
/// the import (`SchemaConversion`): the declarations and their names, each schema's converted
/// type by where it stands, and the counts the summary reports.
final class DeclarationTable {
    /// Where the conversion of a schema is kept: the same schema converts once per context and
    /// form (`SchemaConversion.Context`, `Direction`).
    struct Key: Hashable {
        var position: DocumentPosition
        var context: SchemaConversion.Context
        var direction: SchemaConversion.Direction?
    }

    let document: OpenAPIDocument
    let dialect: ImportDialect
    private let path: String
    private let sink: any DiagnosticSink
    /// The component schemas that are two declarations, one per direction (`DirectionPlan`).
    let splitComponents: Set<String>
    private(set) var names: TypeNames
    private(set) var declarations: [ImportedDeclaration] = []
    private var declarationIndex: [String: Int] = [:]
    /// Each schema's type, by where it stands; a declaration's name is kept here as soon as it is reserved.
    var converted: [Key: ConvertedType] = [:]
    /// The schemas being converted now, to tell a schema that holds itself with nothing between.
    var inProgress: Set<Key> = []
    /// The name a declaration made for the schema at a key must have (a component's).
    var fixedNames: [Key: String] = [:]
    /// Each component's place in `components/schemas`, for the order declarations are written in.
    private(set) var componentOrder: [String: Int] = [:]
    /// Each component schema's type name, reserved up front.
    private(set) var componentTypeNames: [String: String] = [:]
    /// Component schemas whose `x-routegen-type` names the declaration they are (`Caf_E9` for `Café`).
    private(set) var namingComponents: Set<DocumentPosition> = []
    /// The declaration of each split component's input form, by component name.
    var inputTypeNames: [String: String] = [:]
    /// Whether each schema asked holds something directional (`SchemaConversion.holdsDirectional`).
    var directionalParts: [DocumentPosition: Bool] = [:]
    /// Component schemas reached, by name.
    var reachedComponents: Set<String> = []
    /// The names of declared enums.
    private(set) var enumNames: Set<String> = []
    /// Schemas imported as `JSONValue` because they are open (`{}`, an object without properties).
    private(set) var openAsJSON = 0
    /// Schemas imported as `JSONValue` although they say what they hold.
    private(set) var typedAsJSON = 0
    private var creation = 0
    /// Where the schemas start that an `allOf` of a component refers to: their `required` may
    /// name what the including schema describes.
    private(set) lazy var allOfTargets: Set<DocumentPosition> = AllOfTargets.find(in: document.schemas)

    /// Component schemas that are a type the app has, instead of a declaration (`routegen.json`'s `types`).
    let typeOverrides: [String: WrittenType]

    init(document: OpenAPIDocument, dialect: ImportDialect, path: String, reservedNames: Set<String>, splitComponents: Set<String>, choices: ImportChoices, sink: any DiagnosticSink) {
        self.document = document
        typeOverrides = choices.typeOverrides
        self.dialect = dialect
        self.path = path
        self.sink = sink
        self.splitComponents = splitComponents
        names = TypeNames(reserved: reservedNames)
        // Components keep their own names first, so an inline schema named after its place never takes one.
        for (offset, name) in document.schemas.componentNames.enumerated() {
            componentOrder[name] = offset
            let schema = document.schemas.component(name)
            if let renamed = choices.schemaNames[name] {
                componentTypeNames[name] = names.take(renamed) ? renamed : names.unique(renamed)
            } else if let schema, let written = schema.extensions.type?.text, schema.declaresType, SwiftNaming.isIdentifier(written) {
                namingComponents.insert(schema.position)
                componentTypeNames[name] = names.take(written) ? written : names.unique(written)
            } else if dialect.keepsNamesAsWritten, SwiftNaming.isIdentifier(name), names.take(name) {
                // The route file's own name, even one an imported description would not get (`Tag`).
                componentTypeNames[name] = name
            } else {
                componentTypeNames[name] = names.unique(name)
            }
        }
    }

    // MARK: Diagnostics

    func warn(_ message: String, at position: DocumentPosition) {
        sink.emit(.warning(message, at: position.location(in: path)))
    }

    /// The one warning of an open schema, which only `JSONValue` can hold; none in an export,
    /// which writes `JSONValue` (and `[JSONValue]`, `[String: JSONValue]`) that way.
    func warnOpen(_ schema: SchemaObject, _ what: String, as type: String = "JSONValue") {
        guard dialect.warnsAboutOpenSchemas else { return }
        openAsJSON += 1
        warn("the schema \(what); imported as '\(type)', which holds any JSON", at: schema.position)
    }

    /// The warning of an open value that is counted like an open schema (a union with an open
    /// variant, a required name no property describes).
    func warnCountedOpen(_ message: String, at position: DocumentPosition) {
        openAsJSON += 1
        warn(message, at: position)
    }

    /// The warning of a schema that does say what it holds, imported as `JSONValue` all the same
    /// (a reference that leads nowhere, a type no route type is): each is a loss to fix.
    func warnTyped(_ message: String, at position: DocumentPosition) {
        typedAsJSON += 1
        warn(message, at: position)
    }

    // MARK: Names and declarations

    /// The type name a component schema has (its declaration's, when it needs one).
    func typeName(ofComponent name: String) -> String? {
        componentTypeNames[name]
    }

    /// A name for the declaration of the schema at `key`: the one fixed for it, else `hint` made unique.
    func reserve(_ hint: String, key: Key) -> String {
        let name = fixedNames.removeValue(forKey: key) ?? names.unique(hint)
        converted[key] = ConvertedType(type: .declared(name))
        return name
    }

    /// Gives back a name `reserve` took for a declaration that was not made after all.
    func unreserve(_ name: String, key: Key) {
        names.release(name)
        converted[key] = nil
    }

    /// Gives back a reserved name whose key keeps its reservation.
    func release(_ name: String) {
        names.release(name)
    }

    /// The declaration named `name`.
    func declaration(named name: String) -> ImportedDeclaration? {
        declarationIndex[name].map { declarations[$0] }
    }

    /// Whether `name` is a declared model (not an enum or union).
    func isModel(_ name: String) -> Bool {
        if case .model? = declaration(named: name)?.kind { return true }
        return false
    }

    /// The fields of a model with those of the models it includes, in order.
    func allFields(of name: String) -> [ImportedField] {
        guard case .model(let includes, let fields)? = declaration(named: name)?.kind else { return [] }
        return includes.flatMap { allFields(of: $0) } + fields
    }

    /// Which JSON values `type` takes (`JSONShape`), the declarations made so far saying what
    /// their names are.
    func jsonShape(of type: ImportedType) -> JSONShape {
        JSONShape.of(type.reference) { name in
            switch self.declaration(named: name)?.kind {
            case .enumeration(let isInteger, _)?: isInteger ? .integerEnum : .textEnum
            case .union(nil, _)?: .unionByShape
            case .model?, .patch?, .union?: .object
            case nil: nil
            }
        }
    }

    /// Declares `name` for `schema`, in the order of the component `order` (with what was made before).
    func declare(_ name: String, _ kind: ImportedDeclaration.Kind, schema: SchemaObject, order: Int) {
        var documentation: [String] = []
        var isDeprecated = false
        if dialect.keepsEveryDocumentationLine {
            // An export's `description` is the declaration's `///` lines, every one.
            documentation = RouteText.documentationLines(schema.description)
            isDeprecated = schema.isDeprecated
        } else {
            if let line = RouteText.documentationLine(schema.title ?? schema.description) { documentation.append(line) }
            if schema.isDeprecated { documentation.append("Deprecated in the description.") }
        }
        creation += 1
        if case .enumeration = kind { enumNames.insert(name) }
        declarationIndex[name] = declarations.count
        var declaration = ImportedDeclaration(
            name: name, kind: kind, documentation: documentation, isDeprecated: isDeprecated,
            order: (order, creation), position: schema.position
        )
        if case .model = kind { declaration.genericParameters = schema.extensions.genericParameters ?? [] }
        declaration.disabledRules = schema.extensions.disabledRules
        declarations.append(declaration)
    }

    /// Replaces field `field` of model `model` (cycle breaking).
    func replaceField(_ fieldIndex: Int, of model: String, with type: ImportedType) {
        guard let index = declarationIndex[model], case .model(let includes, var fields) = declarations[index].kind else { return }
        fields[fieldIndex].type = type
        declarations[index].kind = .model(includes: includes, fields: fields)
    }

    /// The declarations in the order they are written: components in the description's order,
    /// each followed by the inline types made while converting it, then the others as made.
    var orderedDeclarations: [ImportedDeclaration] {
        declarations.sorted { $0.order < $1.order }
    }
}

/// Where the schemas start that an `allOf` of a component refers to, beside something else
/// that describes properties: their `required` may name what the including schema describes.
enum AllOfTargets {
    static func find(in schemas: SchemaTable) -> Set<DocumentPosition> {
        var found: Set<DocumentPosition> = []
        func visit(_ schema: SchemaObject) {
            // A lone `allOf: [$ref]` that annotates a property includes nothing that could describe the target's names.
            if let parts = schema.allOf {
                let references = parts.filter { $0.reference != nil }
                let describesMore = schema.properties != nil || references.count > 1 || parts.contains { $0.reference == nil && $0.properties != nil }
                for part in references where describesMore { if let target = schemas.dereferenced(part) { found.insert(target.position) } }
            }
            for child in schema.children { visit(child) }
        }
        for name in schemas.componentNames { schemas.component(name).map(visit) }
        return found
    }
}

/// The type names in use, so each new one is unique and hides nothing.
struct TypeNames {
    private var used: Set<String>

    init(reserved: Set<String>) {
        used = reserved
    }

    /// `base` made an UpperCamelCase identifier that no other type, known type, keyword or
    /// generated name has: `Book`, then `Book2`.
    mutating func unique(_ base: String) -> String {
        var name = SwiftNaming.isIdentifier(base) && base.first?.isUppercase == true ? base : SwiftNaming.upperCamelCase(base)
        if !SwiftNaming.isIdentifier(name) || name == "_" { name = "Model" + name.filter { $0.isLetter || $0.isNumber } }
        if Self.isTaken(name) { name += "Model" }
        var candidate = name
        var number = 2
        while used.contains(candidate) || Self.isTaken(candidate) {
            candidate = name + String(number)
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// Takes `name` exactly when it is free; false when something has it already.
    mutating func take(_ name: String) -> Bool {
        used.insert(name).inserted
    }

    /// Gives a name back (a union that turned out not to be one).
    mutating func release(_ name: String) {
        used.remove(name)
    }

    private static func isTaken(_ name: String) -> Bool {
        EndpointKitVocabulary.knownTypeArity(name) != nil || SwiftNaming.keywords.contains(name)
            || EndpointKitVocabulary.namesGeneratedCodeUses.contains(name)
    }
}

/// A type declaration line and the member lines below it, as the resolver collects them.
struct PendingTypeDeclaration {
    var syntax: TypeDeclarationSyntax
    var documentation: [String]
    var disabledRules: [String]
    /// The file's items, shared (not copied): the members are read from there.
    let items: [SyntaxItem]
    /// Each member line's index in `items` and its documentation. Indices, not copies: with
    /// 5,000 types, copies of their member syntax were 13 MB of a run's peak memory.
    var memberLines: [(itemIndex: Int, documentation: [String])] = []

    init(syntax: TypeDeclarationSyntax, documentation: [String], disabledRules: [String], items: [SyntaxItem]) {
        self.syntax = syntax
        self.documentation = documentation
        self.disabledRules = disabledRules
        self.items = items
    }

    /// The member lines below the declaration, in order.
    var members: [(syntax: MemberSyntax, documentation: [String])] {
        memberLines.compactMap { line in
            guard case .member(let member) = items[line.itemIndex] else { return nil }
            return (member, line.documentation)
        }
    }
}

/// Checks the types declared in a route file and builds their `TypeDeclaration`s, once every
/// declaration has been read (a field may name a model declared further down).
///
/// Knows which names exist: the declared types, their generic parameters and the types
/// EndpointKit, Swift and Foundation give (`EndpointKitVocabulary.knownTypes`). In a file
/// without an `import`, any other name is an error with a "did you mean".
struct TypeResolver {
    let pending: [PendingTypeDeclaration]
    let hasImports: Bool
    /// The names the generated code declares (`BooksEndpoints`, ...) and what each is, the first
    /// when listed twice: by name, since every declared type's name is looked up.
    let reservedNames: [String: String]
    /// The names `external` lines give: types of the target's own code, without generic arguments.
    let externalNames: [String: SourceLocation]
    let diagnostics: any DiagnosticSink
    /// Each declared type by name: its index in `pending` (the first when declared twice).
    var indexByName: [String: Int] = [:]

    /// The field flags, the member flags and the declaration flags.
    static let fieldFlags = ["deprecated", "required", "additional"]
    static let memberFlags = ["deprecated"]

    init(pending: [PendingTypeDeclaration], hasImports: Bool, reservedNames: [(name: String, what: String)], externalTypes: [ExternalType] = [], diagnostics: any DiagnosticSink) {
        self.pending = pending
        self.hasImports = hasImports
        self.reservedNames = Dictionary(reservedNames.map { ($0.name, $0.what) }, uniquingKeysWith: { first, _ in first })
        externalNames = Dictionary(externalTypes.map { ($0.name, $0.location) }, uniquingKeysWith: { first, _ in first })
        self.diagnostics = diagnostics
    }

    /// The checked declarations in file order; problems go to the sink.
    mutating func resolve() -> [TypeDeclaration] {
        indexNames()
        return resolveDeclarations()
    }

    /// The same resolver reporting to `sink`: after `indexNames()`, a copy that checks the
    /// routes' types (`checkType`) while this one resolves the declarations.
    func reporting(to sink: any DiagnosticSink) -> TypeResolver {
        TypeResolver(pending: pending, hasImports: hasImports, reservedNames: reservedNames, externalNames: externalNames, diagnostics: sink, indexByName: indexByName)
    }

    private init(pending: [PendingTypeDeclaration], hasImports: Bool, reservedNames: [String: String], externalNames: [String: SourceLocation], diagnostics: any DiagnosticSink, indexByName: [String: Int]) {
        self.pending = pending
        self.hasImports = hasImports
        self.reservedNames = reservedNames
        self.externalNames = externalNames
        self.diagnostics = diagnostics
        self.indexByName = indexByName
    }

    /// Each declared name's first declaration; a name declared twice is reported. What
    /// `checkType` needs.
    mutating func indexNames() {
        for (index, declaration) in pending.enumerated() {
            let name = declaration.syntax.name
            if let first = indexByName[name.text] {
                error(
                    "type '\(name.text)' is declared twice; rename one",
                    at: name.location,
                    note: "first declared at line \(pending[first].syntax.name.location.line)"
                )
                continue
            }
            indexByName[name.text] = index
            if let external = externalNames[name.text] {
                error("type '\(name.text)' is declared here and named 'external' at line \(external.line); keep one", at: name.location)
            }
        }
    }

    /// The declarations checked, after `indexNames()`.
    mutating func resolveDeclarations() -> [TypeDeclaration] {
        var ownFields: [String: [Field]] = [:]
        var declarations: [TypeDeclaration?] = []
        for (index, declaration) in pending.enumerated() {
            let resolved = resolveOwn(declaration)
            if case .model(let shape)? = resolved?.kind, indexByName[declaration.syntax.name.text] == index {
                ownFields[declaration.syntax.name.text] = shape.fields
            }
            // A second declaration of a name is reported and left out.
            declarations.append(indexByName[declaration.syntax.name.text] == index ? resolved : nil)
        }
        // Includes and patches read other models' fields: resolved after every model's own.
        var included = IncludedFields(pending: pending, indexByName: indexByName, ownFields: ownFields)
        for index in declarations.indices {
            guard var declaration = declarations[index] else { continue }
            switch declaration.kind {
            case .model(var shape):
                shape.fields = included.fields(of: pending[index], own: shape.fields, diagnostics: diagnostics)
                declaration.kind = .model(shape)
            case .patch(var shape):
                shape.fields = patchFields(pending[index], model: shape.model, included: &included)
                declaration.kind = .patch(shape)
            case .enumeration, .union:
                break
            }
            declarations[index] = declaration
        }
        var resolved = declarations.compactMap { $0 }
        checkDefaults(&resolved)
        ContainmentCheck(declarations: resolved, diagnostics: diagnostics).markIndirectUnions(&resolved)
        return resolved
    }

    // MARK: One declaration

    func resolveOwn(_ pending: PendingTypeDeclaration) -> TypeDeclaration? {
        let syntax = pending.syntax
        checkTypeName(syntax.name)
        let isDeprecated = checkFlags(syntax.flags, allowed: Self.memberFlags, on: "'\(syntax.kind.rawValue) \(syntax.name.text)'")
        let kind: TypeDeclaration.Kind
        switch syntax.kind {
        case .model:
            kind = .model(modelShape(pending))
        case .enumeration:
            kind = .enumeration(enumShape(pending))
        case .patch:
            kind = .patch(PatchShape(model: syntax.subject?.name.text ?? "", fields: []))
        case .union:
            kind = .union(unionShape(pending))
        }
        return TypeDeclaration(
            name: syntax.name.text, kind: kind, documentation: pending.documentation,
            isDeprecated: isDeprecated, disabledRules: pending.disabledRules, location: syntax.name.location
        )
    }

    func checkTypeName(_ name: SyntaxToken) {
        guard SwiftNaming.isIdentifier(name.text) else {
            let suggestion = SwiftNaming.upperCamelCase(name.text)
            error("type name '\(name.text)' is not a valid identifier; use letters, digits and '_', such as '\(suggestion)'", at: name.location, fixIt: suggestion)
            return
        }
        if EndpointKitVocabulary.knownTypeArity(name.text) != nil || SwiftNaming.keywords.contains(name.text)
            || EndpointKitVocabulary.namesGeneratedCodeUses.contains(name.text) {
            error("type '\(name.text)' would hide the \(SwiftNaming.keywords.contains(name.text) ? "keyword" : "type") of that name; rename it", at: name.location)
            return
        }
        if let reserved = reservedNames[name.text] {
            error("type '\(name.text)' clashes with the generated \(reserved) of that name; rename it", at: name.location)
        }
    }

    // MARK: Defaults

    // MARK: Names and types

    /// Whether every name in `syntax` exists; reports those that do not. True when all do.
    func checkType(_ syntax: TypeSyntax, genericParameters: [String]) -> Bool {
        switch syntax.kind {
        case .array(let element):
            return checkType(element, genericParameters: genericParameters)
        case .optional(let wrapped):
            return checkType(wrapped, genericParameters: genericParameters)
        case .dictionary(let key, let value):
            let keyOK = checkType(key, genericParameters: genericParameters)
            if keyOK, key.canonicalText != "String" {
                error("a dictionary's keys must be 'String', as JSON object keys are; write '[String: \(value.canonicalText)]'", at: key.location)
                return false
            }
            return keyOK && checkType(value, genericParameters: genericParameters)
        case .named(let name, let arguments):
            var valid = arguments.allSatisfy { checkType($0, genericParameters: genericParameters) }
            let arity: Int?
            if genericParameters.contains(name.text) {
                arity = 0
            } else if let index = indexByName[name.text] {
                let declared = pending[index].syntax
                arity = declared.genericParameters.count
            } else if let known = EndpointKitVocabulary.knownTypeArity(name.text) {
                arity = known
            } else if externalNames[name.text] != nil {
                arity = 0
            } else if hasImports {
                arity = nil
            } else {
                unknownName(name, expected: nil, candidates: Array(indexByName.keys).sorted() + externalNames.keys.sorted() + genericParameters + EndpointKitVocabulary.knownTypes.map(\.name))
                return false
            }
            if let arity, arity != arguments.count {
                let message = arity == 0
                    ? "'\(name.text)' takes no generic arguments; write '\(name.text)'"
                    : "'\(name.text)' takes \(arity) generic argument\(arity == 1 ? "" : "s"), not \(arguments.count)"
                error(message, at: name.location)
                valid = false
            }
            return valid
        }
    }

    /// Swift names a field cannot take: every generated model is `Hashable`.
    static let reservedFieldNames: Set<String> = ["hashValue"]
    /// Swift names an enum case cannot take: the generated enum declares them.
    static let reservedEnumMemberNames: Set<String> = ["allCases", "rawValue", "endpointText", "auditSample"]

    /// Whether `type` holds `Substring` anywhere (not Codable).
    static func mentionsSubstring(_ type: TypeReference) -> Bool {
        switch type {
        case .optional(let inner), .array(let inner): mentionsSubstring(inner)
        case .named(let name, let arguments): name == "Substring" || name == "Swift.Substring" || arguments.contains(where: mentionsSubstring)
        }
    }

    /// Whether `syntax` mentions the name `parameter` anywhere.
    static func mentions(_ syntax: TypeSyntax, _ parameter: String) -> Bool {
        switch syntax.kind {
        case .array(let inner), .optional(let inner): mentions(inner, parameter)
        case .dictionary(let key, let value): mentions(key, parameter) || mentions(value, parameter)
        case .named(let name, let arguments): name.text == parameter || arguments.contains { mentions($0, parameter) }
        }
    }

    func declaredNames(of kind: TypeDeclarationSyntax.Kind) -> [String] {
        pending.filter { $0.syntax.kind == kind }.map(\.syntax.name.text)
    }

    func unknownName(_ name: SyntaxToken, expected: String?, candidates: [String]) {
        let guess = Suggestion.closest(to: name.text, among: candidates)
        let hint = expected.map { "; expected \($0)" } ?? "; declare it with 'model \(name.text)', import the module that defines it, or name the target's own type with 'external \(name.text)'"
        error("unknown type '\(name.text)'" + hint + (guess.map { " (did you mean '\($0)'?)" } ?? ""), at: name.location, fixIt: guess)
    }

    /// Reports unknown flags; whether `deprecated` is among them.
    func checkFlags(_ flags: [SyntaxToken], allowed: [String], on what: String) -> Bool {
        var seen: [String] = []
        for flag in flags {
            if !allowed.contains(flag.text) {
                let guess = Suggestion.closest(to: flag.text, among: allowed)
                let quoted = allowed.map { "'\($0)'" }
                let list = quoted.count > 2 ? quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1] : quoted.joined(separator: " or ")
                error("unknown flag '\(flag.text)' on \(what); use \(list)", at: flag.location, fixIt: guess)
            } else if seen.contains(flag.text) {
                diagnostics.emit(.warning("flag '\(flag.text)' is repeated on \(what); remove one", at: flag.location))
            }
            seen.append(flag.text)
        }
        return seen.contains("deprecated")
    }

    func error(_ message: String, at location: SourceLocation, note: String? = nil, fixIt: String? = nil) {
        diagnostics.emit(.error(message, at: location, note: note, fixIt: fixIt))
    }
}

/// The fields a model has once its `includes` are merged in, computed once per model.
struct IncludedFields {
    let pending: [PendingTypeDeclaration]
    let indexByName: [String: Int]
    let ownFields: [String: [Field]]
    private var merged: [Int: [Field]] = [:]
    private var visiting: Set<Int> = []

    init(pending: [PendingTypeDeclaration], indexByName: [String: Int], ownFields: [String: [Field]]) {
        self.pending = pending
        self.indexByName = indexByName
        self.ownFields = ownFields
    }

    /// The fields of the model declared by `declaration`: included ones first, then `own`.
    mutating func fields(of declaration: PendingTypeDeclaration, own: [Field], diagnostics: any DiagnosticSink) -> [Field] {
        guard let index = indexByName[declaration.syntax.name.text], pending[index].syntax == declaration.syntax else { return own }
        return allFields(ofModelAt: index, diagnostics: diagnostics)
    }

    /// Every field of the model at `index`, includes merged; a cycle is reported once and broken.
    mutating func allFields(ofModelAt index: Int, diagnostics: any DiagnosticSink) -> [Field] {
        if let done = merged[index] { return done }
        let syntax = pending[index].syntax
        let own = ownFields[syntax.name.text] ?? []
        guard !visiting.contains(index) else {
            diagnostics.emit(.error("model '\(syntax.name.text)' includes itself; remove one of the 'includes' in the cycle", at: syntax.name.location))
            // The cycle is broken here: the outer call adds the model's own fields once.
            return []
        }
        visiting.insert(index)
        var fields: [Field] = []
        for type in syntax.includes?.types ?? [] {
            guard case .named(let name, let arguments) = type.kind, arguments.isEmpty,
                  let includedIndex = indexByName[name.text], pending[includedIndex].syntax.kind == .model else { continue }
            for var field in allFields(ofModelAt: includedIndex, diagnostics: diagnostics) {
                if let first = fields.first(where: { $0.wireName == field.wireName }) {
                    diagnostics.emit(.error(
                        "model '\(syntax.name.text)' gets field '\(field.wireName)' twice, from '\(first.includedFrom ?? syntax.name.text)' and '\(name.text)'; remove one",
                        at: type.location
                    ))
                    continue
                }
                if field.includedFrom == nil { field.includedFrom = name.text }
                fields.append(field)
            }
        }
        fields.reserveCapacity(fields.count + own.count)
        for field in own {
            if let first = fields.first(where: { $0.wireName == field.wireName || $0.swiftName == field.swiftName }) {
                diagnostics.emit(.error(
                    "field '\(field.wireName)' of 'model \(syntax.name.text)' is declared twice; '\(first.includedFrom ?? "")' already has it",
                    at: field.location
                ))
                continue
            }
            fields.append(field)
        }
        visiting.remove(index)
        merged[index] = fields
        return fields
    }
}

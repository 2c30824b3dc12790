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
    private let pending: [PendingTypeDeclaration]
    private let hasImports: Bool
    /// The names the generated code declares (`BooksEndpoints`, ...) and what each is, the first
    /// when listed twice: by name, since every declared type's name is looked up.
    private let reservedNames: [String: String]
    private let diagnostics: any DiagnosticSink
    /// Each declared type by name: its index in `pending` (the first when declared twice).
    private var indexByName: [String: Int] = [:]

    /// The field flags, the member flags and the declaration flags.
    static let fieldFlags = ["deprecated", "required", "additional"]
    static let memberFlags = ["deprecated"]

    init(pending: [PendingTypeDeclaration], hasImports: Bool, reservedNames: [(name: String, what: String)], diagnostics: any DiagnosticSink) {
        self.pending = pending
        self.hasImports = hasImports
        self.reservedNames = Dictionary(reservedNames.map { ($0.name, $0.what) }, uniquingKeysWith: { first, _ in first })
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
        TypeResolver(pending: pending, hasImports: hasImports, reservedNames: reservedNames, diagnostics: sink, indexByName: indexByName)
    }

    private init(pending: [PendingTypeDeclaration], hasImports: Bool, reservedNames: [String: String], diagnostics: any DiagnosticSink, indexByName: [String: Int]) {
        self.pending = pending
        self.hasImports = hasImports
        self.reservedNames = reservedNames
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

    private func resolveOwn(_ pending: PendingTypeDeclaration) -> TypeDeclaration? {
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

    private func checkTypeName(_ name: SyntaxToken) {
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

    private func modelShape(_ pending: PendingTypeDeclaration) -> ModelShape {
        let syntax = pending.syntax
        var parameters: [String] = []
        for parameter in syntax.genericParameters {
            if parameters.contains(parameter.text) {
                error("generic parameter '\(parameter.text)' is declared twice in 'model \(syntax.name.text)'; rename one", at: parameter.location)
            } else if !SwiftNaming.isIdentifier(parameter.text) {
                error("generic parameter '\(parameter.text)' is not a valid identifier", at: parameter.location)
            } else if SwiftNaming.keywords.contains(parameter.text) {
                error("generic parameter '\(parameter.text)' is a Swift keyword; call it 'Item', 'T' or another name", at: parameter.location)
            } else if EndpointKitVocabulary.knownTypeArity(parameter.text) != nil || indexByName[parameter.text] != nil {
                error("generic parameter '\(parameter.text)' would hide the type of that name; call it 'Item', 'T' or another new name", at: parameter.location)
            }
            parameters.append(parameter.text)
        }
        var fields: [Field] = []
        let members = pending.members
        // Exact, not doubled: the fields stay in the model through emission, 5,000 models' worth.
        fields.reserveCapacity(members.count)
        for (member, documentation) in members {
            guard let field = field(member, documentation: documentation, in: syntax, genericParameters: parameters) else { continue }
            if let first = fields.first(where: { $0.wireName == field.wireName }) {
                error("field '\(field.wireName)' is declared twice in 'model \(syntax.name.text)'; remove one", at: field.location, note: "first declared at line \(first.location.line)")
            } else if let first = fields.first(where: { $0.swiftName == field.swiftName }) {
                error(
                    "fields '\(first.wireName)' and '\(field.wireName)' of 'model \(syntax.name.text)' both become the property '\(field.swiftName)'; give one another name with 'as'",
                    at: field.location, note: "'\(first.wireName)' is declared at line \(first.location.line)"
                )
            } else if field.isAdditional, let first = fields.first(where: \.isAdditional) {
                error("model '\(syntax.name.text)' has two 'additional' fields, '\(first.wireName)' and '\(field.wireName)'; keep one", at: field.location)
            } else {
                fields.append(field)
            }
        }
        for parameter in syntax.genericParameters where !members.contains(where: { $0.syntax.type.map { Self.mentions($0, parameter.text) } == true }) {
            error("generic parameter '\(parameter.text)' of 'model \(syntax.name.text)' is not used by any field; remove it", at: parameter.location)
        }
        if let includes = syntax.includes {
            for type in includes.types {
                guard case .named(let name, let arguments) = type.kind, arguments.isEmpty else {
                    error("'includes' takes models declared in this file, such as 'includes Timestamps'; '\(type.canonicalText)' is not one", at: type.location)
                    continue
                }
                guard let index = indexByName[name.text], case .model = self.pending[index].syntax.kind else {
                    unknownName(name, expected: "a model declared in this file", candidates: declaredNames(of: .model))
                    continue
                }
                if !self.pending[index].syntax.genericParameters.isEmpty {
                    error("'includes' cannot take the generic model '\(name.text)'; include a model without generic parameters", at: name.location)
                }
            }
        }
        return ModelShape(
            genericParameters: parameters,
            includes: syntax.includes?.types.compactMap { if case .named(let name, _) = $0.kind { name.text } else { nil } } ?? [],
            fields: fields
        )
    }

    private func field(_ member: MemberSyntax, documentation: [String], in declaration: TypeDeclarationSyntax, genericParameters: [String]) -> Field? {
        let wireName = memberWireName(member)
        guard let typeSyntax = member.type else {
            error("field '\(wireName)' of 'model \(declaration.name.text)' has no type; write '\(member.name.text): Type'", at: member.name.location)
            return nil
        }
        guard checkType(typeSyntax, genericParameters: genericParameters) else { return nil }
        let type = TypeReference(typeSyntax)
        if Self.mentionsSubstring(type) {
            error("field '\(wireName)' cannot hold 'Substring', which is not Codable; use 'String'", at: typeSyntax.location, fixIt: "String")
            return nil
        }
        let name = swiftName(of: member, wireName: wireName)
        if Self.reservedFieldNames.contains(name) {
            error(
                "field '\(wireName)' becomes '\(name)', which every generated model already has (Hashable); give it another Swift name with 'as', such as '\(member.name.text) as \(name)Field'",
                at: member.name.location
            )
            return nil
        }
        let isRequired = member.flags.contains { $0.isWord("required") }
        let isDeprecated = checkFlags(member.flags, allowed: Self.fieldFlags, on: "field '\(wireName)'")
        if isRequired, !type.isOptional, let flag = member.flags.first(where: { $0.isWord("required") }) {
            error("field '\(wireName)' is required already; 'required' marks an optional field that must be present (as null when nil)", at: flag.location)
        }
        var presence: Field.Presence = type.isOptional ? (isRequired ? .requiredNullable : .optional) : .required
        if let value = member.defaultValue {
            if type.isOptional {
                error("optional field '\(wireName)' cannot have a default value; nil is its default", at: value.location)
            } else {
                presence = .defaulted
            }
        }
        var field = Field(
            wireName: wireName, swiftName: name, type: type, presence: presence,
            documentation: documentation, isDeprecated: isDeprecated, location: member.name.location
        )
        if let flag = member.flags.first(where: { $0.isWord("additional") }) {
            guard additionalField(&field, flag: flag, member: member) else { return nil }
        }
        if !member.constraints.isEmpty {
            field.constraints = ConstraintChecker(subject: "field '\(wireName)'", type: type, diagnostics: diagnostics).check(member.constraints)
        }
        return field
    }

    private func enumShape(_ pending: PendingTypeDeclaration) -> EnumShape {
        let syntax = pending.syntax
        var rawType = EnumShape.RawType.string
        if let written = syntax.rawType {
            switch written.canonicalText {
            case "String": rawType = .string
            case "Int": rawType = .integer
            default: error("enum raw type must be 'String' or 'Int', not '\(written.canonicalText)'", at: written.location)
            }
        }
        var cases: [EnumCase] = []
        for (member, documentation) in pending.members {
            if let type = member.type {
                error("enum case '\(member.name.text)' takes no type; an enum lists values, a union lists models", at: type.location)
                continue
            }
            var wireValue = memberWireName(member)
            var swiftName = swiftName(of: member, wireName: wireValue)
            switch (rawType, member.defaultValue) {
            case (.integer, .token(let token)?) where DefaultValueChecker.isInteger(token.text) && Int64(token.text) != nil:
                // `-0`, `007`: the value as Swift and JSON write it, so two spellings of one value clash.
                wireValue = String(Int64(token.text)!)
                swiftName = member.swiftName?.name.text ?? SwiftNaming.lowerCamelCase(member.name.text)
            case (.integer, let value?):
                error("the value of integer enum case '\(member.name.text)' must be a whole number, such as '\(member.name.text) = 1'", at: value.location)
                continue
            case (.integer, nil):
                error("integer enum case '\(member.name.text)' needs its value; write '\(member.name.text) = 1'", at: member.name.location)
                continue
            case (.string, let value?):
                error("a string enum case is its wire value; write '\"wire value\" as \(member.name.text)' instead of '= ...'", at: value.location)
                continue
            case (.string, nil):
                break
            }
            let isDeprecated = checkFlags(member.flags, allowed: Self.memberFlags, on: "case '\(member.name.text)'")
            refuseConstraints(member, on: "case '\(member.name.text)'")
            if !SwiftNaming.isIdentifier(swiftName) {
                error("case '\(member.name.text)' has no usable Swift name; give it one with 'as', such as '\(member.name.text) as \(SwiftNaming.lowerCamelCase(swiftName))'", at: member.name.location)
                continue
            }
            if swiftName == "unknown" {
                error(
                    "case 'unknown' clashes with 'unknown(_:)', which holds the values the server adds later; give it another Swift name with 'as', such as '\(member.name.text) as unknownValue'",
                    at: member.name.location
                )
                continue
            }
            if Self.reservedEnumMemberNames.contains(swiftName) {
                error(
                    "case '\(member.name.text)' becomes '\(swiftName)', which the generated enum already declares; give it another Swift name with 'as', such as '\(member.name.text) as \(swiftName)Case'",
                    at: member.name.location
                )
                continue
            }
            if let first = cases.first(where: { $0.wireValue == wireValue }) {
                error("enum '\(syntax.name.text)' has two cases with the wire value '\(wireValue)'; remove one", at: member.name.location, note: "first declared at line \(first.location.line)")
                continue
            }
            if let first = cases.first(where: { $0.swiftName == swiftName }) {
                error(
                    "cases '\(first.wireValue)' and '\(wireValue)' of enum '\(syntax.name.text)' both become the case '\(swiftName)'; give one another name with 'as'",
                    at: member.name.location, note: "'\(first.wireValue)' is declared at line \(first.location.line)"
                )
                continue
            }
            cases.append(EnumCase(wireValue: wireValue, swiftName: swiftName, documentation: documentation, isDeprecated: isDeprecated, location: member.name.location))
        }
        if pending.memberLines.isEmpty {
            error("enum '\(syntax.name.text)' has no cases; list its values below it, indented", at: syntax.name.location)
        }
        return EnumShape(rawType: rawType, cases: cases)
    }

    private func unionShape(_ pending: PendingTypeDeclaration) -> UnionShape {
        let syntax = pending.syntax
        let discriminator = unionDiscriminator(syntax)
        var variants: [UnionVariant] = []
        for (member, documentation) in pending.members {
            let tag = memberWireName(member)
            guard let typeSyntax = member.type else {
                let example = discriminator == nil ? "'\(member.name.text): Type'" : "'\(member.name.text): Model'"
                error("variant '\(tag)' of 'union \(syntax.name.text)' has no \(discriminator == nil ? "type" : "model"); write \(example)", at: member.name.location)
                continue
            }
            if let value = member.defaultValue {
                error("variant '\(tag)' cannot have a default value", at: value.location)
                continue
            }
            guard checkType(typeSyntax, genericParameters: []) else { continue }
            guard discriminator == nil ? shapeVariantTypeIsValid(typeSyntax, tag: tag, union: syntax.name.text)
                : taggedVariantTypeIsValid(typeSyntax, tag: tag, union: syntax.name.text) else { continue }
            let isDeprecated = checkFlags(member.flags, allowed: Self.memberFlags, on: "variant '\(tag)'")
            refuseConstraints(member, on: "variant '\(tag)'")
            let swiftName = swiftName(of: member, wireName: tag)
            if swiftName == "unknown", discriminator != nil {
                error("variant 'unknown' clashes with 'unknown(_:)', which holds the variants the server adds later; give it another Swift name with 'as'", at: member.name.location)
                continue
            }
            if swiftName == "auditSample" {
                error("variant '\(tag)' becomes 'auditSample', which the generated enum already declares; give it another Swift name with 'as'", at: member.name.location)
                continue
            }
            if let first = variants.first(where: { $0.tag == tag }) {
                error("union '\(syntax.name.text)' has two variants \(discriminator == nil ? "named" : "tagged") '\(tag)'; remove one", at: member.name.location, note: "first declared at line \(first.location.line)")
                continue
            }
            if let first = variants.first(where: { $0.swiftName == swiftName }) {
                error("variants '\(first.tag)' and '\(tag)' of union '\(syntax.name.text)' both become the case '\(swiftName)'; give one another name with 'as'", at: member.name.location)
                continue
            }
            let type = TypeReference(typeSyntax)
            if discriminator == nil, let first = variants.first(where: { $0.type == type }) {
                error("variants '\(first.tag)' and '\(tag)' of union '\(syntax.name.text)' both hold '\(type.description)', so no value could choose the second; remove one", at: typeSyntax.location)
                continue
            }
            variants.append(UnionVariant(tag: tag, swiftName: swiftName, type: type, documentation: documentation, isDeprecated: isDeprecated, location: member.name.location))
        }
        if pending.memberLines.isEmpty {
            let example = discriminator == nil ? "'name: Type'" : "'tag: Model'"
            error("union '\(syntax.name.text)' has no variants; list them below it, indented, as \(example)", at: syntax.name.location)
        }
        return UnionShape(discriminator: discriminator, variants: variants)
    }

    /// `by kind` names the field `kind`, `by "shape"` a field named `shape`; `by shape` is the
    /// union told apart by the value's shape (nil).
    private func unionDiscriminator(_ syntax: TypeDeclarationSyntax) -> String? {
        guard let subject = syntax.subject?.name else { return "" }
        guard subject.kind == .string else { return subject.text == UnionShape.byShapeWord ? nil : subject.text }
        switch StringLiteral.unescape(subject) {
        case .success(let text): return text
        case .failure(let failure):
            diagnostics.emit(failure.diagnostic)
            return subject.text
        }
    }

    /// A variant of a union by a field holds a declared model (or an imported type).
    private func taggedVariantTypeIsValid(_ typeSyntax: TypeSyntax, tag: String, union: String) -> Bool {
        guard case .named(let name, _) = typeSyntax.kind else {
            error("variant '\(tag)' of 'union \(union)' must hold a model, not '\(typeSyntax.canonicalText)'", at: typeSyntax.location)
            return false
        }
        if let index = indexByName[name.text], self.pending[index].syntax.kind != .model {
            let kind = self.pending[index].syntax.kind
            error("variant '\(tag)' of 'union \(union)' must hold a model; '\(name.text)' is \(kind == .enumeration ? "an enum" : "a " + kind.rawValue)", at: typeSyntax.location)
            return false
        }
        return true
    }

    /// A variant of a union by shape holds any value type but an optional: `null` is no
    /// variant's shape, so the field that holds the union is optional instead.
    private func shapeVariantTypeIsValid(_ typeSyntax: TypeSyntax, tag: String, union: String) -> Bool {
        if case .optional = typeSyntax.kind {
            error("variant '\(tag)' of 'union \(union)' cannot be optional; make the field that holds '\(union)' optional instead", at: typeSyntax.location)
            return false
        }
        if case .named(let name, _) = typeSyntax.kind, EndpointKitVocabulary.nonJSONTypes.contains(name.text) {
            error("variant '\(tag)' of 'union \(union)' cannot hold '\(name.text)', which is no JSON value", at: typeSyntax.location)
            return false
        }
        return true
    }

    private func patchFields(_ pending: PendingTypeDeclaration, model: String, included: inout IncludedFields) -> [Field] {
        let syntax = pending.syntax
        guard let subject = syntax.subject else { return [] }
        guard let index = indexByName[model], self.pending[index].syntax.kind == .model else {
            unknownName(subject.name, expected: "a model declared in this file", candidates: declaredNames(of: .model))
            return []
        }
        if !self.pending[index].syntax.genericParameters.isEmpty {
            error("a patch cannot be of the generic model '\(model)'", at: subject.name.location)
            return []
        }
        let modelFields = included.allFields(ofModelAt: index, diagnostics: diagnostics)
        var fields: [Field] = []
        let members = pending.members
        fields.reserveCapacity(members.count)
        for (member, documentation) in members {
            if let type = member.type {
                error("patch field '\(member.name.text)' takes its type from 'model \(model)'; write just '\(member.name.text)'", at: type.location)
                continue
            }
            if let value = member.defaultValue {
                error("patch field '\(member.name.text)' cannot have a default value; every patch field defaults to unchanged", at: value.location)
                continue
            }
            let wireName = memberWireName(member)
            guard var field = modelFields.first(where: { $0.wireName == wireName || $0.swiftName == wireName }) else {
                let guess = Suggestion.closest(to: wireName, among: modelFields.map(\.wireName))
                error(
                    "model '\(model)' has no field '\(wireName)'" + (guess.map { "; did you mean '\($0)'?" } ?? ""),
                    at: member.name.location, fixIt: guess
                )
                continue
            }
            if let first = fields.first(where: { $0.wireName == field.wireName }) {
                error("patch field '\(field.wireName)' is listed twice; remove one", at: member.name.location, note: "first listed at line \(first.location.line)")
                continue
            }
            field.isDeprecated = checkFlags(member.flags, allowed: Self.memberFlags, on: "patch field '\(wireName)'") || field.isDeprecated
            refuseConstraints(member, on: "patch field '\(wireName)'")
            if field.isAdditional {
                error("patch field '\(wireName)' is the 'additional' field of '\(model)', which is no key a patch can set; list the fields it may change", at: member.name.location)
                continue
            }
            // The model's words describe the value, not the change: a patch field has its own or none.
            field.documentation = documentation
            field.location = member.name.location
            field.includedFrom = nil
            field.defaultValue = nil
            field.presence = .optional
            fields.append(field)
        }
        if pending.memberLines.isEmpty {
            error("patch '\(syntax.name.text)' lists no fields; list the fields of '\(model)' it may change below it, indented", at: syntax.name.location)
        }
        return fields
    }

    // MARK: Defaults

    /// Checks each `= value` against its field's type, now that every enum's cases are known.
    private func checkDefaults(_ declarations: inout [TypeDeclaration]) {
        let enums = Dictionary(declarations.compactMap { declaration -> (String, EnumShape)? in
            if case .enumeration(let shape) = declaration.kind { return (declaration.name, shape) }
            return nil
        }, uniquingKeysWith: { first, _ in first })
        var defaults: [SourceLocation: DefaultSyntax] = [:]
        // The member lines read where they are: `members` would copy every member and its
        // documentation of every declaration to find the few defaults.
        for declaration in pending.indices {
            for line in pending[declaration].memberLines {
                guard case .member(let member) = pending[declaration].items[line.itemIndex], let value = member.defaultValue else { continue }
                defaults[member.name.location] = value
            }
        }
        for index in declarations.indices {
            guard case .model(var shape) = declarations[index].kind else { continue }
            for fieldIndex in shape.fields.indices where shape.fields[fieldIndex].presence == .defaulted {
                let field = shape.fields[fieldIndex]
                guard let written = defaults[field.location] else { continue }
                if let value = checkedDefault(written, field: field, enums: enums) {
                    shape.fields[fieldIndex].defaultValue = value
                } else {
                    shape.fields[fieldIndex].presence = .required
                }
            }
            declarations[index].kind = .model(shape)
        }
    }

    private func checkedDefault(_ written: DefaultSyntax, field: Field, enums: [String: EnumShape]) -> FieldDefault? {
        let type = field.type
        let isDictionary = if case .named("Dictionary", _) = type { true } else { false }
        switch written {
        case .emptyArray(let location):
            guard type.isArray else {
                error("default value '[]' does not fit type '\(type)' of field '\(field.wireName)'", at: location)
                return nil
            }
            return .emptyArray
        case .emptyDictionary(let location):
            guard isDictionary else {
                error("default value '[:]' does not fit type '\(type)' of field '\(field.wireName)'", at: location)
                return nil
            }
            return .emptyDictionary
        case .token(let token):
            if type.isArray || isDictionary {
                let empty = type.isArray ? "[]" : "[:]"
                error("a collection field defaults to empty only: write '= \(empty)'", at: token.location, fixIt: empty)
                return nil
            }
            if case .named(let name, let arguments) = type, arguments.isEmpty, let shape = enums[name] {
                let caseName = token.text.hasPrefix(".") ? String(token.text.dropFirst()) : token.text
                guard token.kind == .word, let match = shape.cases.first(where: { $0.swiftName == caseName }) else {
                    let guess = Suggestion.closest(to: caseName, among: shape.cases.map(\.swiftName))
                    error(
                        "default value '\(token.text)' is not a case of enum '\(name)'; write '.case'" + (guess.map { ", such as '.\($0)'" } ?? ""),
                        at: token.location, fixIt: guess.map { "." + $0 }
                    )
                    return nil
                }
                return .enumCase(match.swiftName)
            }
            var checker = DefaultValueChecker(parameterName: field.wireName, type: type, token: token)
            switch checker.check() {
            case .success(let value):
                switch value {
                case .integer(let text): return .integer(text)
                case .float(let text): return .float(text)
                case .boolean(let flag): return .boolean(flag)
                case .string(let text): return .string(text)
                }
            case .failure(let failure):
                diagnostics.emit(failure.diagnostic)
                return nil
            }
        }
    }

    // MARK: Names and types

    /// The wire name of a member: a word as written, a string's value.
    private func memberWireName(_ member: MemberSyntax) -> String {
        guard member.name.kind == .string else { return member.name.text }
        switch StringLiteral.unescape(member.name) {
        case .success(let text): return text
        case .failure(let failure):
            diagnostics.emit(failure.diagnostic)
            return member.name.text
        }
    }

    /// The Swift name of a member: `as name`, or the wire name in lowerCamelCase.
    private func swiftName(of member: MemberSyntax, wireName: String) -> String {
        if let explicit = member.swiftName {
            if !SwiftNaming.isIdentifier(explicit.name.text) {
                error("Swift name '\(explicit.name.text)' is not a valid identifier", at: explicit.name.location)
            }
            return explicit.name.text
        }
        return SwiftNaming.lowerCamelCase(wireName)
    }

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
            } else if hasImports {
                arity = nil
            } else {
                unknownName(name, expected: nil, candidates: Array(indexByName.keys).sorted() + genericParameters + EndpointKitVocabulary.knownTypes.map(\.name))
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

    private func declaredNames(of kind: TypeDeclarationSyntax.Kind) -> [String] {
        pending.filter { $0.syntax.kind == kind }.map(\.syntax.name.text)
    }

    private func unknownName(_ name: SyntaxToken, expected: String?, candidates: [String]) {
        let guess = Suggestion.closest(to: name.text, among: candidates)
        let hint = expected.map { "; expected \($0)" } ?? "; declare it with 'model \(name.text)' or import the module that defines it"
        error("unknown type '\(name.text)'" + hint + (guess.map { " (did you mean '\($0)'?)" } ?? ""), at: name.location, fixIt: guess)
    }

    /// Reports unknown flags; whether `deprecated` is among them.
    private func checkFlags(_ flags: [SyntaxToken], allowed: [String], on what: String) -> Bool {
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

    /// A field flagged `additional`: a dictionary of the members no other field names, defaulting
    /// to empty; false (with an error) when it cannot be one.
    private func additionalField(_ field: inout Field, flag: SyntaxToken, member: MemberSyntax) -> Bool {
        guard case .named("Dictionary", let arguments) = field.type, arguments.count == 2 else {
            error("'additional' holds the members no other field names, so '\(field.wireName)' must be a dictionary such as '[String: JSONValue]', not '\(field.type)'", at: flag.location)
            return false
        }
        if let value = member.defaultValue {
            error("'additional' field '\(field.wireName)' starts empty; remove the default", at: value.location)
            return false
        }
        if let required = member.flags.first(where: { $0.isWord("required") }) {
            error("'additional' field '\(field.wireName)' is no key of its own, so it cannot be 'required'", at: required.location)
            return false
        }
        field.isAdditional = true
        field.presence = .defaulted
        field.defaultValue = .emptyDictionary
        return true
    }

    /// Constraints stand on a model's fields only: a patch field has its model's.
    private func refuseConstraints(_ member: MemberSyntax, on what: String) {
        guard let first = member.constraints.first else { return }
        error("'\(first.keyword.text)' stands on a model's field, not on \(what)", at: first.keyword.location)
    }

    private func error(_ message: String, at location: SourceLocation, note: String? = nil, fixIt: String? = nil) {
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

/// Which declared types hold which others by value (not through an array or a dictionary): a
/// struct that holds itself that way cannot exist; a union that does needs `indirect`.
struct ContainmentCheck {
    let declarations: [TypeDeclaration]
    let diagnostics: any DiagnosticSink

    /// One declared type holding another by value: the field or variant, and where it stands.
    private struct Holding {
        let target: Int
        let location: SourceLocation
        let member: String
    }

    func markIndirectUnions(_ declarations: inout [TypeDeclaration]) {
        var indexByName: [String: Int] = [:]
        for (index, declaration) in declarations.enumerated() where indexByName[declaration.name] == nil {
            indexByName[declaration.name] = index
        }
        // Edges: the declared types each declaration holds by value, with the field or variant.
        let edges = declarations.map { declaration -> [Holding] in
            switch declaration.kind {
            case .model(let shape):
                shape.fields.flatMap { field in directNames(field.type, indexByName: indexByName).map { Holding(target: $0, location: field.location, member: field.wireName) } }
            case .union(let shape):
                shape.variants.flatMap { variant in directNames(variant.type, indexByName: indexByName).map { Holding(target: $0, location: variant.location, member: variant.tag) } }
            case .enumeration, .patch:
                []
            }
        }
        let graph = CycleFinder(successors: edges) { $0.target }
        // A struct cycle: a path from a model back to itself through models only.
        let isModel = declarations.map { if case .model = $0.kind { true } else { false } }
        var reported: Set<Int> = []
        for start in declarations.indices where isModel[start] && !reported.contains(start) {
            if let cycle = graph.path(from: start, to: start, allowed: isModel) {
                let names = ([start] + cycle.map(\.target)).map { declarations[$0].name }
                let first = cycle[0]
                let name = declarations[start].name
                diagnostics.emit(.error(
                    "model '\(name)' holds itself through '\(first.member)' (\(names.joined(separator: " → "))); a struct cannot contain itself: use an array '[\(name)]', or refer to it by 'ID<\(name)>'",
                    at: first.location
                ))
                for step in cycle { reported.insert(step.target) }
                reported.insert(start)
            }
        }
        let all = Array(repeating: true, count: declarations.count)
        for index in declarations.indices {
            guard case .union(var shape) = declarations[index].kind, graph.path(from: index, to: index, allowed: all) != nil else { continue }
            shape.isIndirect = true
            declarations[index].kind = .union(shape)
        }
    }

    /// The declared types `type` holds by value: itself when named, the wrapped type of an
    /// optional, never through an array or a dictionary; a generic model's arguments count.
    private func directNames(_ type: TypeReference, indexByName: [String: Int]) -> [Int] {
        switch type {
        case .array:
            return []
        case .optional(let wrapped):
            return directNames(wrapped, indexByName: indexByName)
        case .named(let name, let arguments):
            if name == "Dictionary" || name == "Array" || name == "Swift.Dictionary" || name == "Swift.Array" { return [] }
            if name == "Optional" || name == "Swift.Optional" { return arguments.flatMap { directNames($0, indexByName: indexByName) } }
            var names: [Int] = []
            if let index = indexByName[name] {
                names.append(index)
                if case .model(let shape) = declarations[index].kind {
                    for (position, parameter) in shape.genericParameters.enumerated() where position < arguments.count {
                        if shape.fields.contains(where: { Self.holdsDirectly($0.type, parameter) }) {
                            names += directNames(arguments[position], indexByName: indexByName)
                        }
                    }
                }
            }
            return names
        }
    }

    private static func holdsDirectly(_ type: TypeReference, _ parameter: String) -> Bool {
        switch type {
        case .array: false
        case .optional(let wrapped): holdsDirectly(wrapped, parameter)
        case .named(let name, _): name == parameter
        }
    }
}

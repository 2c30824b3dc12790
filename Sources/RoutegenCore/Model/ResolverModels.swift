/// The models of a route file: their own fields and those they include, each field's wire name,
/// Swift name, type, presence, default and flags.
extension TypeResolver {
    func modelShape(_ pending: PendingTypeDeclaration) -> ModelShape {
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

    func field(_ member: MemberSyntax, documentation: [String], in declaration: TypeDeclarationSyntax, genericParameters: [String]) -> Field? {
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

    /// The wire name of a member: a word as written, a string's value.
    func memberWireName(_ member: MemberSyntax) -> String {
        guard member.name.kind == .string else { return member.name.text }
        switch StringLiteral.unescape(member.name) {
        case .success(let text): return text
        case .failure(let failure):
            diagnostics.emit(failure.diagnostic)
            return member.name.text
        }
    }

    /// The Swift name of a member: `as name`, or the wire name in lowerCamelCase.
    func swiftName(of member: MemberSyntax, wireName: String) -> String {
        if let explicit = member.swiftName {
            if !SwiftNaming.isIdentifier(explicit.name.text) {
                error("Swift name '\(explicit.name.text)' is not a valid identifier", at: explicit.name.location)
            }
            return explicit.name.text
        }
        return SwiftNaming.lowerCamelCase(wireName)
    }

    /// A field flagged `additional`: a dictionary of the members no other field names, defaulting
    /// to empty; false (with an error) when it cannot be one.
    func additionalField(_ field: inout Field, flag: SyntaxToken, member: MemberSyntax) -> Bool {
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
    func refuseConstraints(_ member: MemberSyntax, on what: String) {
        guard let first = member.constraints.first else { return }
        error("'\(first.keyword.text)' stands on a model's field, not on \(what)", at: first.keyword.location)
    }
}

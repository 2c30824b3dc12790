/// The patches of a route file (their fields looked up in the model they patch), and the
/// default values of the models' fields, checked once every enum's cases are known.
extension TypeResolver {
    func patchFields(_ pending: PendingTypeDeclaration, model: String, included: inout IncludedFields) -> [Field] {
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

    /// Checks each `= value` against its field's type, now that every enum's cases are known.
    func checkDefaults(_ declarations: inout [TypeDeclaration]) {
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

    func checkedDefault(_ written: DefaultSyntax, field: Field, enums: [String: EnumShape]) -> FieldDefault? {
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
}

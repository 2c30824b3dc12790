/// The unions of a route file: by a field, each variant a model with its tag; by shape, each
/// variant any JSON value type.
extension TypeResolver {
    func unionShape(_ pending: PendingTypeDeclaration) -> UnionShape {
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
    func unionDiscriminator(_ syntax: TypeDeclarationSyntax) -> String? {
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
    func taggedVariantTypeIsValid(_ typeSyntax: TypeSyntax, tag: String, union: String) -> Bool {
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
    func shapeVariantTypeIsValid(_ typeSyntax: TypeSyntax, tag: String, union: String) -> Bool {
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
}

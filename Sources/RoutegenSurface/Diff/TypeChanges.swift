import RoutegenCore
import RoutegenLint

/// The changes to the declared types (`model`, `enum`, `patch`, `union`) between two versions
/// of a route file, for `APIDiff`.
///
/// Types are matched by name, members by wire name and then by Swift name (so a member whose wire
/// name changed is one change, not a removal and an addition). Whether a change breaks depends on
/// which way the type's values travel (`TypeUsage`, in either version): a client that sends a
/// model breaks when the server requires more of it, a client that receives one breaks when the
/// server may send less; a change to the Swift declaration (a removed or renamed member, a changed
/// type, a field that became optional or stopped being optional) breaks code whichever way. A type
/// that no route sends or receives changes nothing on the wire and breaks no endpoint: its changes
/// are not breaking, and say so.
struct TypeChanges {
    let old: APIModel
    let new: APIModel
    private let oldUsage: TypeUsage
    private let newUsage: TypeUsage
    /// Each version's types by name: a type is looked up in the other version for every type
    /// (`type(named:)`, a search, made diffing 5,000 types 25 million comparisons).
    private let oldTypes: [String: TypeDeclaration]
    private let newTypes: [String: TypeDeclaration]

    init(old: APIModel, new: APIModel) {
        self.old = old
        self.new = new
        oldUsage = TypeUsage(old)
        newUsage = TypeUsage(new)
        oldTypes = old.typesByName()
        newTypes = new.typesByName()
    }

    /// The changes, type by type: the old file's types in order (removed ones included), then the added ones.
    func changes() -> [APIChange] {
        var changes: [APIChange] = []
        for oldType in old.types {
            guard let newType = newTypes[oldType.name] else {
                changes.append(removal(of: oldType))
                continue
            }
            var context = Context(
                name: newType.name,
                what: "\(newType.keyword) '\(newType.name)'",
                directions: oldUsage.directions(of: oldType.name).union(newUsage.directions(of: newType.name))
            )
            compare(oldType, newType, &context)
            changes += context.changes
        }
        for newType in new.types where oldTypes[newType.name] == nil {
            changes.append(APIChange(kind: .nonBreaking, route: nil, type: newType.name, message: "\(newType.keyword) '\(newType.name)' was added", location: newType.location))
        }
        return changes
    }

    /// A removed type breaks what named it; one nothing named was not part of the API.
    private func removal(of type: TypeDeclaration) -> APIChange {
        let what = "\(type.keyword) '\(type.name)'"
        let users = oldUsage.users(of: type.name).map { user -> String in
            switch user {
            case .route(let key): "route '\(key)'"
            case .type(let name): "\(oldTypes[name]?.keyword ?? "type") '\(name)'"
            }
        }
        guard let first = users.first else {
            return APIChange(kind: .nonBreaking, route: nil, type: type.name, message: "\(what) was removed; nothing in the API used it", location: type.location)
        }
        let others = users.count > 1 ? " (and \(users.count - 1) more)" : ""
        return APIChange(
            kind: .breaking, route: nil, type: type.name,
            message: "\(what) was removed; \(first)\(others) used it, and code that names '\(type.name)' no longer compiles",
            location: type.location
        )
    }

    // MARK: - One type

    /// What one type's comparison collects, with its name and directions.
    struct Context {
        let name: String
        /// `model 'Book'`.
        let what: String
        let directions: TypeUsage.Directions
        var changes: [APIChange] = []

        init(name: String, what: String, directions: TypeUsage.Directions) {
            self.name = name
            self.what = what
            self.directions = directions
        }

        var isSent: Bool { directions.contains(.request) }
        var isReceived: Bool { directions.contains(.response) }

        /// What old clients do with a wire name: `send`, `read`, or both.
        var oldClientsUse: String {
            switch (isSent, isReceived) {
            case (true, false): "send"
            case (false, true): "read"
            default: "send and read"
            }
        }

        /// Records a change that is breaking when `breaks`, unless no route sends or receives the type.
        mutating func add(breaking breaks: Bool, _ message: String, at location: SourceLocation) {
            if breaks && directions.isEmpty {
                changes.append(APIChange(kind: .nonBreaking, route: nil, type: name, message: message + " (no route sends or receives \(what))", location: location))
            } else {
                changes.append(APIChange(kind: breaks ? .breaking : .nonBreaking, route: nil, type: name, message: message, location: location))
            }
        }
    }

    private func compare(_ old: TypeDeclaration, _ new: TypeDeclaration, _ context: inout Context) {
        switch (old.kind, new.kind) {
        case (.model(let oldShape), .model(let newShape)):
            compareModels(oldShape, newShape, &context, location: new.location)
        case (.patch(let oldShape), .patch(let newShape)):
            if oldShape.model != newShape.model {
                context.add(breaking: false, "\(context.what) is now of model '\(newShape.model)', not '\(oldShape.model)'", at: new.location)
            }
            compareFields(oldShape.fields, newShape.fields, &context, renaming: [:], location: new.location)
        case (.enumeration(let oldShape), .enumeration(let newShape)):
            compareEnums(oldShape, newShape, &context, location: new.location)
        case (.union(let oldShape), .union(let newShape)):
            compareUnions(oldShape, newShape, &context, location: new.location)
        default:
            context.add(breaking: true, "'\(new.name)' changed from \(old.keyword) to \(new.keyword); its Swift declaration and its JSON change", at: new.location)
            return
        }
        if !old.isDeprecated && new.isDeprecated {
            context.add(breaking: false, "\(context.what) was deprecated", at: new.location)
        } else if old.isDeprecated && !new.isDeprecated {
            context.add(breaking: false, "\(context.what) is no longer deprecated", at: new.location)
        }
        if old.documentation != new.documentation {
            context.add(breaking: false, "\(context.what) changed its documentation", at: new.location)
        }
    }

    private func compareModels(_ old: ModelShape, _ new: ModelShape, _ context: inout Context, location: SourceLocation) {
        var renaming: [String: String] = [:]
        if old.genericParameters.count != new.genericParameters.count {
            context.add(
                breaking: true,
                "\(context.what) changed its generic parameters from \(Self.spelled(old.genericParameters)) to \(Self.spelled(new.genericParameters)); code that names it no longer compiles",
                at: location
            )
        } else {
            // `Page<Item>` renamed `Page<Element>` is the same type: compare fields in the old names.
            for (oldName, newName) in zip(old.genericParameters, new.genericParameters) where oldName != newName {
                renaming[newName] = oldName
            }
        }
        compareFields(old.fields, new.fields, &context, renaming: renaming, location: location, includes: (old.includes, new.includes))
    }

    /// `<Item, Key>`, or `no generic parameters`.
    private static func spelled(_ parameters: [String]) -> String {
        parameters.isEmpty ? "no generic parameters" : "<" + parameters.joined(separator: ", ") + ">"
    }

    // MARK: Fields

    /// Whether a field of this presence is always in the JSON.
    private static func mustBePresent(_ presence: Field.Presence) -> Bool {
        presence == .required || presence == .requiredNullable
    }

    /// Fields of a model or a patch. A model's fields included from another model, in both
    /// versions from the same one, are compared where that model is declared.
    private func compareFields(
        _ old: [Field], _ new: [Field], _ context: inout Context, renaming: [String: String], location: SourceLocation,
        includes: (old: [String], new: [String]) = ([], [])
    ) {
        let what = context.what
        let matched = Self.match(old, new, wireName: \.wireName, swiftName: \.swiftName)
        for field in matched.removed {
            if let source = field.includedFrom, includes.new.contains(source) { continue }
            var message = "field '\(field.wireName)' was removed from \(what); code that uses '\(field.swiftName)' no longer compiles"
            if context.isReceived && Self.mustBePresent(field.presence) { message += ", and old clients fail to decode responses without it" }
            context.add(breaking: true, message, at: field.location)
        }
        for (oldField, newField) in matched.pairs {
            if let source = oldField.includedFrom, source == newField.includedFrom { continue }
            compareField(oldField, newField, &context, renaming: renaming)
        }
        for field in matched.added {
            if let source = field.includedFrom, includes.old.contains(source) { continue }
            let name = "'\(field.wireName)'"
            switch field.presence {
            case .required, .requiredNullable:
                let presence = field.presence == .required ? "required" : "required nullable"
                if context.directions.isEmpty {
                    let builds = field.presence == .required ? "; code that builds a '\(context.name)' must pass it" : ""
                    context.add(breaking: true, "\(what) has a new \(presence) field \(name)" + builds, at: field.location)
                } else if context.isSent {
                    var message = "\(what) has a new \(presence) field \(name); old clients do not send it"
                    if field.presence == .required { message += ", and code that builds a '\(context.name)' must pass it" }
                    context.add(breaking: true, message, at: field.location)
                } else {
                    context.add(
                        breaking: false,
                        "\(what) has a new \(presence) field \(name); old clients ignore it, and clients built from this version need a server that sends it",
                        at: field.location
                    )
                }
            case .optional:
                context.add(breaking: false, "\(what) has a new optional field \(name)", at: field.location)
            case .defaulted:
                let value = field.defaultValue.map(SurfaceMember.text) ?? ""
                context.add(breaking: false, "\(what) has a new field \(name) with the default \(value)", at: field.location)
            }
        }
        // The initializer takes the fields in order: reordering them breaks the code that builds the type.
        let oldOrder = matched.pairs.map(\.old.wireName)
        let newOrder = new.map(\.wireName).filter { name in matched.pairs.contains { $0.new.wireName == name } }
        let renamed = Dictionary(matched.pairs.map { ($0.new.wireName, $0.old.wireName) }, uniquingKeysWith: { first, _ in first })
        if newOrder.map({ renamed[$0] ?? $0 }) != oldOrder {
            let change = "\(what) reordered its fields, now \(newOrder.map { "'\($0)'" }.joined(separator: ", "))"
            if context.isSent {
                context.add(breaking: true, change + "; its initializer takes them in the new order, so code that builds a '\(context.name)' no longer compiles", at: location)
            } else {
                context.add(breaking: false, change + "; its initializer takes them in the new order, which only code that builds a '\(context.name)' itself (such as a test stub) sees", at: location)
            }
        }
    }

    private func compareField(_ old: Field, _ new: Field, _ context: inout Context, renaming: [String: String]) {
        let what = "field '\(new.wireName)' of \(context.what)"
        if old.wireName != new.wireName {
            context.add(breaking: true, "\(context.what) changed the wire name of '\(new.swiftName)' from '\(old.wireName)' to '\(new.wireName)'; old clients still \(context.oldClientsUse) '\(old.wireName)'", at: new.location)
        }
        if old.swiftName != new.swiftName {
            context.add(breaking: true, "\(what) changed its Swift name from '\(old.swiftName)' to '\(new.swiftName)'; code that uses '\(old.swiftName)' no longer compiles", at: new.location)
        }
        let newType = Self.renamed(new.type, renaming)
        let oldPresence = SurfaceMember.presence(old.presence), newPresence = SurfaceMember.presence(new.presence)
        if old.type.nonOptional != newType.nonOptional {
            context.add(breaking: true, "\(what) changed its type from '\(old.type)' to '\(new.type)'; code that uses it no longer compiles", at: new.location)
        } else if old.presence != new.presence {
            var reasons: [String] = []
            var breaks = false
            if old.type.isOptional && !newType.isOptional {
                reasons.append("code that unwraps it no longer compiles")
                breaks = true
            } else if !old.type.isOptional && newType.isOptional {
                reasons.append("code that reads it as '\(old.type)' no longer compiles")
                breaks = true
            }
            let wasPresent = Self.mustBePresent(old.presence), isPresent = Self.mustBePresent(new.presence)
            if !wasPresent && isPresent {
                reasons.append(context.isSent ? "old clients that leave it out send bodies the server refuses" : "old clients decode it either way")
                breaks = breaks || context.isSent
            } else if wasPresent && !isPresent {
                reasons.append(context.isReceived ? "old clients fail to decode responses without it" : "the server accepts what old clients send")
                breaks = breaks || context.isReceived
            }
            let types = old.type == new.type ? "" : " ('\(old.type)' to '\(new.type)')"
            context.add(breaking: breaks, "\(what) changed from \(oldPresence) to \(newPresence)\(types); " + reasons.joined(separator: ", and "), at: new.location)
        } else if old.defaultValue != new.defaultValue, let oldValue = old.defaultValue, let newValue = new.defaultValue {
            context.add(breaking: false, "\(what) changed its default from \(SurfaceMember.text(oldValue)) to \(SurfaceMember.text(newValue))", at: new.location)
        }
        Self.compareFlags(what, old: (old.isDeprecated, old.documentation), new: (new.isDeprecated, new.documentation), &context, at: new.location)
    }

    /// Deprecation and documentation of a member: never breaking.
    private static func compareFlags(
        _ what: String, old: (deprecated: Bool, documentation: [String]), new: (deprecated: Bool, documentation: [String]),
        _ context: inout Context, at location: SourceLocation
    ) {
        if !old.deprecated && new.deprecated {
            context.add(breaking: false, "\(what) was deprecated", at: location)
        } else if old.deprecated && !new.deprecated {
            context.add(breaking: false, "\(what) is no longer deprecated", at: location)
        }
        if old.documentation != new.documentation {
            context.add(breaking: false, "\(what) changed its documentation", at: location)
        }
    }

    /// `type` with the generic parameter names of `renaming` replaced.
    private static func renamed(_ type: TypeReference, _ renaming: [String: String]) -> TypeReference {
        guard !renaming.isEmpty else { return type }
        switch type {
        case .array(let element): return .array(renamed(element, renaming))
        case .optional(let wrapped): return .optional(renamed(wrapped, renaming))
        case .named(let name, let arguments): return .named(renaming[name] ?? name, arguments: arguments.map { renamed($0, renaming) })
        }
    }

    // MARK: Enums and unions

    private func compareEnums(_ old: EnumShape, _ new: EnumShape, _ context: inout Context, location: SourceLocation) {
        if old.rawType != new.rawType {
            context.add(breaking: true, "\(context.what) changed its wire type from \(old.rawType.rawValue) to \(new.rawType.rawValue); every value is sent and read differently", at: location)
        }
        compareCases(old.cases.map(CaseMember.init), new.cases.map(CaseMember.init), noun: "value", wireNoun: "value", &context)
    }

    private func compareUnions(_ old: UnionShape, _ new: UnionShape, _ context: inout Context, location: SourceLocation) {
        if old.discriminator != new.discriminator {
            context.add(breaking: true, "\(context.what) now tells its variants apart by '\(new.byClause)' instead of '\(old.byClause)'; old clients still \(context.oldClientsUse) '\(old.byClause)'", at: location)
        }
        compareCases(old.variants.map(CaseMember.init), new.variants.map(CaseMember.init), noun: "variant", wireNoun: "tag", &context)
    }

    /// An enum's value or a union's variant: a case of the generated Swift enum, told apart on the wire by its value or tag.
    private struct CaseMember {
        var wireName: String
        var swiftName: String
        /// A variant's model; nil for an enum's value.
        var model: TypeReference?
        var isDeprecated: Bool
        var documentation: [String]
        var location: SourceLocation

        init(_ value: EnumCase) {
            (wireName, swiftName, model) = (value.wireValue, value.swiftName, nil)
            (isDeprecated, documentation, location) = (value.isDeprecated, value.documentation, value.location)
        }

        init(_ variant: UnionVariant) {
            (wireName, swiftName, model) = (variant.tag, variant.swiftName, variant.type)
            (isDeprecated, documentation, location) = (variant.isDeprecated, variant.documentation, variant.location)
        }
    }

    /// The values of an enum or the variants of a union (`noun`), told apart by their `wireNoun`.
    private func compareCases(_ old: [CaseMember], _ new: [CaseMember], noun: String, wireNoun: String, _ context: inout Context) {
        let what = context.what
        let matched = Self.match(old, new, wireName: \.wireName, swiftName: \.swiftName)
        for member in matched.removed {
            var message = "\(what) no longer has the \(noun) '\(member.wireName)'; code that names '.\(member.swiftName)' no longer compiles"
            if context.isSent { message += ", and old clients still send '\(member.wireName)'" }
            context.add(breaking: true, message, at: member.location)
        }
        for (oldMember, newMember) in matched.pairs {
            if oldMember.wireName != newMember.wireName {
                context.add(breaking: true, "\(what) changed the \(wireNoun) of '.\(newMember.swiftName)' from '\(oldMember.wireName)' to '\(newMember.wireName)'; old clients still \(context.oldClientsUse) '\(oldMember.wireName)'", at: newMember.location)
            }
            if oldMember.swiftName != newMember.swiftName {
                context.add(breaking: true, "\(what) renamed the case of \(noun) '\(newMember.wireName)' from '.\(oldMember.swiftName)' to '.\(newMember.swiftName)'; code that names '.\(oldMember.swiftName)' no longer compiles", at: newMember.location)
            }
            if let oldModel = oldMember.model, let newModel = newMember.model, oldModel != newModel {
                context.add(breaking: true, "\(noun) '\(newMember.wireName)' of \(what) changed its model from '\(oldModel)' to '\(newModel)'; code that uses it no longer compiles", at: newMember.location)
            }
            Self.compareFlags("\(noun) '\(newMember.wireName)' of \(what)", old: (oldMember.isDeprecated, oldMember.documentation), new: (newMember.isDeprecated, newMember.documentation), &context, at: newMember.location)
        }
        for member in matched.added {
            context.add(breaking: false, "\(what) has a new \(noun) '\(member.wireName)'" + Self.newCaseNote(context, swiftName: member.swiftName), at: member.location)
        }
    }

    /// Why a new enum value or variant breaks no client, and what a `switch` over it must do.
    private static func newCaseNote(_ context: Context, swiftName: String) -> String {
        let wire = context.isReceived ? "; old clients decode it as '.unknown'" : context.isSent ? "; old clients never send it" : ""
        return wire + "; a 'switch' over '\(context.name)' without 'default' must handle '.\(swiftName)'"
    }

    // MARK: Matching

    /// Members matched by wire name, then the rest by Swift name; the unmatched ones of each side.
    /// Pairs and removals in the old order, additions in the new order.
    private static func match<Member>(
        _ old: [Member], _ new: [Member], wireName: (Member) -> String, swiftName: (Member) -> String
    ) -> (pairs: [(old: Member, new: Member)], removed: [Member], added: [Member]) {
        var newTaken = Array(repeating: false, count: new.count)
        var partner: [Int?] = Array(repeating: nil, count: old.count)
        for (index, member) in old.enumerated() {
            if let found = new.indices.first(where: { !newTaken[$0] && wireName(new[$0]) == wireName(member) }) {
                partner[index] = found
                newTaken[found] = true
            }
        }
        for (index, member) in old.enumerated() where partner[index] == nil {
            if let found = new.indices.first(where: { !newTaken[$0] && swiftName(new[$0]) == swiftName(member) }) {
                partner[index] = found
                newTaken[found] = true
            }
        }
        var pairs: [(old: Member, new: Member)] = []
        var removed: [Member] = []
        for (index, member) in old.enumerated() {
            if let found = partner[index] { pairs.append((member, new[found])) } else { removed.append(member) }
        }
        let added = new.indices.filter { !newTaken[$0] }.map { new[$0] }
        return (pairs, removed, added)
    }
}

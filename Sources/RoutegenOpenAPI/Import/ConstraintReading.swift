import Foundation
import RoutegenCore

/// A constraint or an example as the route file writes it after a field or a parameter:
/// `max-length` and `100`, `pattern` and `"^[a-z]+$"`.
struct ImportedConstraint: Hashable {
    var keyword: String
    /// The value itself: a number as written, a format's name, a pattern's or example's text.
    var raw: String
    /// Whether the route file writes the value as a string (a pattern, a text example).
    var isString = false

    /// The value as route text: a number or word, or a quoted string.
    var value: String { isString ? StringLiteral.quoted(raw) : raw }
}

extension SchemaConverter {
    /// The constraints and the example of a property's or parameter's `schema`, imported as
    /// `type`, in the route file's canonical order. A keyword the type cannot carry (a `pattern`
    /// on a date) is left to the type; a pattern that does not compile, bounds that contradict
    /// each other and an example that breaks its own schema are left out with a warning.
    func constraints(of schema: DocumentNode, type: ImportedType, subject: String) -> [ImportedConstraint] {
        guard let value = constrainedSchema(schema) else { return [] }
        var constraints: [ImportedConstraint] = []
        var element = type
        var elementSchema = value
        if case .array(let item) = type {
            constraints += counts(value, low: "minItems", high: "maxItems", keywords: ("min-items", "max-items"), subject: subject)
            guard let items = value["items"].flatMap(constrainedSchema) else { return constraints }
            element = item
            elementSchema = items
        }
        let name: String
        switch element {
        case .builtin(let builtin): name = builtin
        // An export's `x-routegen-type: String` beside `format: uri`.
        case .written(let written) where written.isScalar: name = written.text
        default: return constraints
        }
        var own: [ImportedConstraint] = []
        switch name {
        case "Int", "Int64", "Int32", "Double", "Float": own = numberConstraints(elementSchema, subject: subject)
        case "String": own = textConstraints(elementSchema, subject: subject)
        case "Bool": break
        default: return constraints
        }
        if let example = example(elementSchema, typeName: name, constraints: own, subject: subject) { own.append(example) }
        return Self.canonicalOrder(own + constraints)
    }

    /// The schema whose keywords apply: a `$ref` followed, the present variant of an `anyOf` or
    /// `oneOf` with `null`, an `allOf` of one schema looked into (the usual way to give a
    /// reference a description), the schema's own keywords first.
    private func constrainedSchema(_ schema: DocumentNode) -> DocumentNode? {
        guard var target = dereferenced(schema) else { return nil }
        // `anyOf: [X, {type: null}]` is `X?`: X's keywords bound the value.
        for keyword in ["anyOf", "oneOf"] {
            if let variants = target[keyword]?.sequence, variants.count == 2,
               let present = variants.first(where: { $0["type"]?.string != "null" }), variants.contains(where: { $0["type"]?.string == "null" }),
               let inner = dereferenced(present) {
                target = inner
            }
        }
        let typedParts = target["allOf"]?.sequence?.filter { !Self.onlyAnnotates($0) }
        if let parts = typedParts, parts.count == 1, let inner = dereferenced(parts[0]),
           case .mapping(let outer) = target.value, case .mapping(let innerEntries) = inner.value {
            let merged = outer.filter { $0.key.string != "allOf" } + innerEntries.filter { entry in !outer.contains { $0.key.string == entry.key.string } }
            return DocumentNode(.mapping(merged), at: target.position)
        }
        return target
    }

    private func numberConstraints(_ schema: DocumentNode, subject: String) -> [ImportedConstraint] {
        var found: [ImportedConstraint] = []
        for (keyword, exclusiveKeyword, name) in [("minimum", "exclusiveMinimum", "minimum"), ("maximum", "exclusiveMaximum", "maximum")] {
            // 3.1 writes the exclusive bound as a number; 3.0 as a flag beside the bound.
            if let bound = schema[exclusiveKeyword]?.number, let text = numberText(bound, keyword: exclusiveKeyword, schema: schema) {
                found.append(ImportedConstraint(keyword: "exclusive-" + name, raw: text))
            } else if let bound = schema[keyword]?.number, let text = numberText(bound, keyword: keyword, schema: schema) {
                let exclusive = schema[exclusiveKeyword]?.bool == true
                found.append(ImportedConstraint(keyword: (exclusive ? "exclusive-" : "") + name, raw: text))
            }
        }
        if found.count == 2, let low = Double(found[0].raw), let high = Double(found[1].raw), low > high {
            warn("\(subject) has a minimum of \(found[0].raw) above its maximum of \(found[1].raw); neither is kept", at: schema.position)
            found = []
        }
        if let step = schema["multipleOf"]?.number, let text = numberText(step, keyword: "multipleOf", schema: schema), (Double(text) ?? 0) > 0 {
            found.append(ImportedConstraint(keyword: "multiple-of", raw: text))
        }
        return found
    }

    /// A JSON number as the route file writes it; nil, with a warning, for one it cannot (`1e400`).
    private func numberText(_ text: String, keyword: String, schema: DocumentNode) -> String? {
        if ValueConstraints.isNumberLiteral(text) { return text }
        if let value = Double(text), value.isFinite {
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            let written = String(value)
            if ValueConstraints.isNumberLiteral(written) { return written }
        }
        warn("'\(keyword)' \(text) is no number the route file can write; not kept", at: schema[keyword]?.position ?? schema.position)
        return nil
    }

    private func textConstraints(_ schema: DocumentNode, subject: String) -> [ImportedConstraint] {
        var found = counts(schema, low: "minLength", high: "maxLength", keywords: ("min-length", "max-length"), subject: subject)
        if let pattern = schema["pattern"]?.string {
            if (try? NSRegularExpression(pattern: pattern)) != nil {
                found.append(ImportedConstraint(keyword: "pattern", raw: pattern, isString: true))
            } else {
                warn("the 'pattern' of \(subject) is no valid regular expression; not kept, so neither samples nor 'serve' follow it", at: schema["pattern"]?.position ?? schema.position)
            }
        }
        if let format = schema["format"]?.string.flatMap(ValueFormat.init(rawValue:)) {
            found.append(ImportedConstraint(keyword: "format", raw: format.rawValue))
        }
        return found
    }

    /// `minLength`/`maxLength` or `minItems`/`maxItems`, when whole numbers of 0 or more that do not contradict.
    private func counts(_ schema: DocumentNode, low: String, high: String, keywords: (String, String), subject: String) -> [ImportedConstraint] {
        let lowCount = schema[low]?.number.flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
        let highCount = schema[high]?.number.flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
        if let lowCount, let highCount, lowCount > highCount {
            warn("\(subject) has '\(low)' \(lowCount) above '\(high)' \(highCount); neither is kept", at: schema.position)
            return []
        }
        return [lowCount.map { ImportedConstraint(keyword: keywords.0, raw: String($0)) },
                highCount.map { ImportedConstraint(keyword: keywords.1, raw: String($0)) }].compactMap { $0 }
    }

    /// The schema's `example` (or first of `examples`) when it is a value of the type that keeps
    /// the constraints; otherwise a warning and none.
    private func example(_ schema: DocumentNode, typeName: String, constraints: [ImportedConstraint], subject: String) -> ImportedConstraint? {
        guard let node = schema["example"] ?? schema["examples"]?.sequence?.first else { return nil }
        let value: ExampleValue
        switch (typeName, node.value) {
        case ("String", .string(let text)): value = .string(text)
        case ("Bool", .bool(let flag)): value = .boolean(flag)
        case ("Int", .number(let text)), ("Int64", .number(let text)), ("Int32", .number(let text)):
            guard Int64(text) != nil else { return brokenExample(node, "is no whole number", subject: subject) }
            value = .number(text)
        case ("Double", .number(let text)), ("Float", .number(let text)):
            guard let written = numberText(text, keyword: "example", schema: schema) else { return nil }
            value = .number(written)
        // A null example says the value may be null; an object's or array's is made of its parts'.
        case (_, .mapping), (_, .sequence), (_, .null): return nil
        default: return brokenExample(node, "is no \(typeName == "String" ? "text" : typeName == "Bool" ? "boolean" : "number")", subject: subject)
        }
        var bounds = ValueConstraints()
        for constraint in constraints { Self.apply(constraint, to: &bounds) }
        if let problem = ConstraintCheck.problem(with: value, in: bounds) { return brokenExample(node, problem, subject: subject) }
        if case .string(let text) = value { return ImportedConstraint(keyword: "example", raw: text, isString: true) }
        return ImportedConstraint(keyword: "example", raw: value.literal)
    }

    private func brokenExample(_ node: DocumentNode, _ problem: String, subject: String) -> ImportedConstraint? {
        warn("the example of \(subject) breaks its own schema (it \(problem)); not kept, so samples are made from the constraints", at: node.position)
        return nil
    }

    /// The imported constraint in `ValueConstraints`, to check the example against.
    private static func apply(_ constraint: ImportedConstraint, to bounds: inout ValueConstraints) {
        let text = constraint.raw
        switch constraint.keyword {
        case "minimum", "exclusive-minimum": bounds.minimum = .init(text, isExclusive: constraint.keyword.hasPrefix("exclusive"))
        case "maximum", "exclusive-maximum": bounds.maximum = .init(text, isExclusive: constraint.keyword.hasPrefix("exclusive"))
        case "multiple-of": bounds.multipleOf = text
        case "min-length": bounds.minLength = Int(text)
        case "max-length": bounds.maxLength = Int(text)
        case "format": bounds.format = ValueFormat(rawValue: text)
        case "pattern": bounds.pattern = text
        default: break
        }
    }

    private static func canonicalOrder(_ constraints: [ImportedConstraint]) -> [ImportedConstraint] {
        constraints.sorted {
            (ConstraintSyntax.keywords.firstIndex(of: $0.keyword) ?? 99) < (ConstraintSyntax.keywords.firstIndex(of: $1.keyword) ?? 99)
        }
    }
}

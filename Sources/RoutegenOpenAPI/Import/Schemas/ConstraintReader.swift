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

/// The constraints and the example of a property's or parameter's schema, in the route file's
/// canonical order.
struct ConstraintReader {
    let conversion: SchemaConversion

    private func warn(_ message: String, at position: DocumentPosition) {
        conversion.table.warn(message, at: position)
    }

    /// The constraints and the example of a property's or parameter's `schema`, imported as
    /// `type`. A keyword the type cannot carry (a `pattern` on a date) is left to the type; a
    /// pattern that does not compile, bounds that contradict each other and an example that
    /// breaks its own schema are left out with a warning.
    func constraints(of schema: SchemaObject, type: ImportedType, subject: String) -> [ImportedConstraint] {
        guard let (value, position) = constrainedKeywords(schema) else { return [] }
        var constraints: [ImportedConstraint] = []
        var element = type
        var elementKeywords = (value, position)
        if case .array(let item) = type {
            constraints += counts(value.minItems, value.maxItems, names: ("minItems", "maxItems"), keywords: ("min-items", "max-items"), subject: subject, at: position)
            guard let items = value.items.flatMap(constrainedKeywords) else { return constraints }
            element = item
            elementKeywords = items
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
        case "Int", "Int64", "Int32", "Double", "Float": own = numberConstraints(elementKeywords.0, subject: subject, at: elementKeywords.1)
        case "String": own = textConstraints(elementKeywords.0, subject: subject, at: elementKeywords.1)
        case "Bool": break
        default: return constraints
        }
        if let example = example(elementKeywords.0, typeName: name, constraints: own, subject: subject) { own.append(example) }
        return Self.canonicalOrder(own + constraints)
    }

    /// The keywords that apply, and where their schema stands: a `$ref` followed, the present
    /// variant of an `anyOf` or `oneOf` with `null`, an `allOf` of one schema looked into (the
    /// usual way to give a reference a description), the schema's own keywords first.
    private func constrainedKeywords(_ schema: SchemaObject) -> (ValueKeywords, DocumentPosition)? {
        let schemas = conversion.schemas
        guard var target = schemas.dereferenced(schema) else { return nil }
        // `anyOf: [X, {type: null}]` is `X?`: X's keywords bound the value.
        for keyword in ["anyOf", "oneOf"] {
            if let variants = target.choice(keyword)?.schemas, variants.count == 2,
               let present = variants.first(where: { !$0.typeIsNull }), variants.contains(where: \.typeIsNull),
               let inner = schemas.dereferenced(present) {
                target = inner
            }
        }
        let typedParts = target.allOf?.filter { !$0.onlyAnnotates }
        if let parts = typedParts, parts.count == 1, let inner = schemas.dereferenced(parts[0]), target.isMapping, inner.isMapping {
            return (target.value.merging(inner.value), target.position)
        }
        return (target.value, target.position)
    }

    private func numberConstraints(_ value: ValueKeywords, subject: String, at position: DocumentPosition) -> [ImportedConstraint] {
        var found: [ImportedConstraint] = []
        for (bound, name) in [(value.minimum, "minimum"), (value.maximum, "maximum")] {
            guard let bound, let text = numberText(bound.text, keyword: bound.keyword, at: bound.position) else { continue }
            found.append(ImportedConstraint(keyword: (bound.isExclusive ? "exclusive-" : "") + name, raw: text))
        }
        if found.count == 2, let low = Double(found[0].raw), let high = Double(found[1].raw), low > high {
            warn("\(subject) has a minimum of \(found[0].raw) above its maximum of \(found[1].raw); neither is kept", at: position)
            found = []
        }
        if let step = value.multipleOf, let number = step.number, let text = numberText(number, keyword: "multipleOf", at: step.position), (Double(text) ?? 0) > 0 {
            found.append(ImportedConstraint(keyword: "multiple-of", raw: text))
        }
        return found
    }

    /// A JSON number as the route file writes it; nil, with a warning, for one it cannot (`1e400`).
    private func numberText(_ text: String, keyword: String, at position: DocumentPosition) -> String? {
        if ValueConstraints.isNumberLiteral(text) { return text }
        if let value = Double(text), value.isFinite {
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            let written = String(value)
            if ValueConstraints.isNumberLiteral(written) { return written }
        }
        warn("'\(keyword)' \(text) is no number the route file can write; not kept", at: position)
        return nil
    }

    private func textConstraints(_ value: ValueKeywords, subject: String, at position: DocumentPosition) -> [ImportedConstraint] {
        var found = counts(value.minLength, value.maxLength, names: ("minLength", "maxLength"), keywords: ("min-length", "max-length"), subject: subject, at: position)
        if let node = value.pattern, let pattern = node.string {
            if (try? NSRegularExpression(pattern: pattern)) != nil {
                found.append(ImportedConstraint(keyword: "pattern", raw: pattern, isString: true))
            } else {
                warn("the 'pattern' of \(subject) is no valid regular expression; not kept, so neither samples nor 'serve' follow it", at: node.position)
            }
        }
        if let format = value.format.flatMap(ValueFormat.init(rawValue:)) {
            found.append(ImportedConstraint(keyword: "format", raw: format.rawValue))
        }
        return found
    }

    /// `minLength`/`maxLength` or `minItems`/`maxItems`, when whole numbers of 0 or more that do not contradict.
    private func counts(_ lowNode: DocumentNode?, _ highNode: DocumentNode?, names: (String, String), keywords: (String, String), subject: String, at position: DocumentPosition) -> [ImportedConstraint] {
        let lowCount = lowNode?.number.flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
        let highCount = highNode?.number.flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
        if let lowCount, let highCount, lowCount > highCount {
            warn("\(subject) has '\(names.0)' \(lowCount) above '\(names.1)' \(highCount); neither is kept", at: position)
            return []
        }
        return [lowCount.map { ImportedConstraint(keyword: keywords.0, raw: String($0)) },
                highCount.map { ImportedConstraint(keyword: keywords.1, raw: String($0)) }].compactMap { $0 }
    }

    /// The schema's `example` (or first of `examples`) when it is a value of the type that keeps
    /// the constraints; otherwise a warning and none.
    private func example(_ keywords: ValueKeywords, typeName: String, constraints: [ImportedConstraint], subject: String) -> ImportedConstraint? {
        guard let node = keywords.example else { return nil }
        let value: ExampleValue
        switch (typeName, node.value) {
        case ("String", .string(let text)): value = .string(text)
        case ("Bool", .bool(let flag)): value = .boolean(flag)
        case ("Int", .number(let text)), ("Int64", .number(let text)), ("Int32", .number(let text)):
            guard Int64(text) != nil else { return brokenExample(node, "is no whole number", subject: subject) }
            value = .number(text)
        case ("Double", .number(let text)), ("Float", .number(let text)):
            guard let written = numberText(text, keyword: "example", at: node.position) else { return nil }
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

    /// The route-file literal of `value`, the schema's `default`, for `type`, when it is a value of
    /// that type inside `constraints`; otherwise a warning at the default that says why, and nil
    /// (a default the server does not accept must not be sent for the caller).
    func defaultLiteral(_ value: DocumentNode, for type: ImportedType, constraints: [ImportedConstraint], subject: String) -> String? {
        guard let literal = ScalarConverter(conversion: conversion).defaultLiteral(value, for: type) else {
            if !value.isNull, type.isScalar(enums: conversion.table.enumNames) {
                let what = if case .declared = type { "none of the values of" } else { "no value of its type" }
                warn("the default of \(subject) is \(what) '\(type.text)'; not kept, so it is optional (nil when left out)", at: value.position)
            }
            return nil
        }
        var bounds = ValueConstraints()
        for constraint in constraints { Self.apply(constraint, to: &bounds) }
        let example: ExampleValue? = switch value.value {
        case .string(let text): .string(text)
        case .number(let text): .number(text)
        case .bool(let flag): .boolean(flag)
        default: nil
        }
        if let example, let problem = ConstraintCheck.problem(with: example, in: bounds) {
            warn("the default of \(subject) breaks its own schema (it \(problem)); not kept, so it is optional (nil when left out)", at: value.position)
            return nil
        }
        return literal
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

import RoutegenCore

/// Checks a JSON value against a type of the route file, structurally, the way the generated
/// `Decodable` code would accept it: what `routegen serve` checks request bodies and fixtures with.
/// The value is the tree `JSONDocumentReader` reads (`true` and `1` apart, members in order, numbers
/// as written).
///
/// - a model: an object with every required field (not null), optional fields absent or null,
///   required-nullable fields present; keys it does not declare are allowed.
/// - a patch: an object whose fields may each be absent, `null` (clear) or a value.
/// - an enum: any string (or integer for an integer enum); unknown values decode as `.unknown`.
/// - a union: an object whose discriminator names one of its variants, checked as that variant.
/// - scalars by kind (a `Date` an ISO 8601 text, a `UUID` its 36 characters) and by a field's
///   constraints (`max-length`, `pattern`, `minimum`...), arrays element by element (and by
///   `min-items`/`max-items`), optionals `null` or the value, dictionaries value by value,
///   `JSONValue` anything.
/// - a type from an imported module is not known here and accepts anything.
public struct SampleValidator: Sendable {
    /// One reason a value does not fit: where (`items[0].id`, empty at the top) and what.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The path to the value: `items[0].id`; empty for the value itself.
        public var path: String
        /// What is wrong: `expected a string`.
        public var message: String

        /// `items[0].id: expected a string`, or the message alone at the top.
        public var description: String { path.isEmpty ? message : path + ": " + message }
    }

    private let typesByName: [String: TypeDeclaration]
    /// Whether an enum takes only its known values, as a JSON Schema `enum` does, rather than
    /// any value of its raw type, as the generated decoder does (into `.unknown`).
    private let enumsTakeOnlyKnownValues: Bool

    /// Creates a validator for the types `api` declares.
    public init(api: APIModel) {
        self.init(typesByName: api.typesByName())
    }

    /// Creates a validator for `typesByName`; with `enumsTakeOnlyKnownValues`, it reads an enum
    /// as the description's schema does.
    init(typesByName: [String: TypeDeclaration], enumsTakeOnlyKnownValues: Bool = false) {
        self.typesByName = typesByName
        self.enumsTakeOnlyKnownValues = enumsTakeOnlyKnownValues
    }

    /// The first problem of `value` as a `type`, in document order; nil when it fits.
    public func problem(with value: DocumentNode, as type: TypeReference) -> Problem? {
        check(value, type, path: "")
    }

    private func check(_ value: DocumentNode, _ type: TypeReference, path: String, constraints: ValueConstraints? = nil) -> Problem? {
        switch type {
        case .optional(let wrapped):
            if value.isNull { return nil }
            return check(value, wrapped, path: path, constraints: constraints)
        case .array(let element):
            guard let elements = value.sequence else { return Problem(path: path, message: "expected " + JSONShape.array.expectation) }
            if let constraints, let problem = Self.countProblem(elements.count, constraints, path: path) { return problem }
            for (index, item) in elements.enumerated() {
                if let problem = check(item, element, path: path + "[" + String(index) + "]", constraints: constraints?.elementConstraints) { return problem }
            }
            return nil
        case .named(let typeName, let arguments):
            if let scalar = ScalarKind(type) {
                if let problem = Self.check(value, scalar, path: path) { return problem }
                return constraints.flatMap { Self.constraintProblem(value, $0, path: path) }
            }
            switch typeName.split(separator: ".").last.map(String.init) ?? typeName {
            case "Dictionary" where arguments.count == 2:
                guard let members = value.entries else { return Problem(path: path, message: "expected an object") }
                for member in members {
                    if let problem = check(member.value, arguments[1], path: Self.join(path, member.key.string ?? "")) { return problem }
                }
                return nil
            case EndpointKitVocabulary.dataType:
                guard value.string != nil else { return Problem(path: path, message: "expected a base64 string") }
                return nil
            case EndpointKitVocabulary.jsonValueType: return nil
            case EndpointKitVocabulary.emptyType:
                guard value.entries != nil else { return Problem(path: path, message: "expected an object") }
                return nil
            default: break
            }
            guard let declaration = typesByName[typeName] else { return nil }
            return declared(value, declaration, arguments: arguments, path: path)
        }
    }

    private func declared(_ value: DocumentNode, _ declaration: TypeDeclaration, arguments: [TypeReference], path: String) -> Problem? {
        switch declaration.kind {
        case .model(let shape):
            var substitutions: [String: TypeReference] = [:]
            for (parameter, argument) in zip(shape.genericParameters, arguments) { substitutions[parameter] = argument }
            guard let members = value.entries else { return Problem(path: path, message: "expected an object (\(declaration.name))") }
            if let additional = shape.fields.first(where: \.isAdditional), case .named(_, let arguments) = additional.type, arguments.count == 2 {
                // The members no field names are the `additional` field's values.
                let valueType = substitutions.isEmpty ? arguments[1] : arguments[1].replacing(substitutions)
                for member in members {
                    guard let key = member.key.string, !shape.fields.contains(where: { $0.wireName == key && !$0.isAdditional }) else { continue }
                    if let problem = check(member.value, valueType, path: Self.join(path, key)) { return problem }
                }
            }
            for field in shape.fields where !field.isAdditional {
                let type = substitutions.isEmpty ? field.type : field.type.replacing(substitutions)
                let fieldPath = Self.join(path, field.wireName)
                guard let member = value.entry(field.wireName) else {
                    if field.presence == .required || field.presence == .requiredNullable {
                        return Problem(path: fieldPath, message: "required field is missing")
                    }
                    continue
                }
                if member.value.isNull {
                    if field.presence == .required && !type.isOptional { return Problem(path: fieldPath, message: "must not be null") }
                    continue
                }
                if let problem = check(member.value, type.nonOptional, path: fieldPath, constraints: field.constraints.isEmpty ? nil : field.constraints) { return problem }
            }
            return nil
        case .enumeration(let shape):
            let problem: Problem?
            switch shape.rawType {
            case .string: problem = value.string != nil ? nil : Problem(path: path, message: "expected a string (\(declaration.name))")
            default: problem = Self.isInteger(value) ? nil : Problem(path: path, message: "expected an integer (\(declaration.name))")
            }
            guard problem == nil, enumsTakeOnlyKnownValues else { return problem }
            let wire = value.string ?? value.number ?? ""
            return shape.cases.contains(where: { $0.wireValue == wire }) ? nil : Problem(path: path, message: "not a value of \(declaration.name)")
        case .patch(let shape):
            guard value.entries != nil else { return Problem(path: path, message: "expected an object (\(declaration.name))") }
            for field in shape.fields {
                guard let member = value.entry(field.wireName), !member.value.isNull else { continue }
                if let problem = check(member.value, field.type.nonOptional, path: Self.join(path, field.wireName)) { return problem }
            }
            return nil
        case .union(let shape):
            guard let discriminator = shape.discriminator else {
                // By shape: the value fits when one variant takes it, as the decoder tries them.
                let problems = shape.variants.map { check(value, $0.type, path: path) }
                guard problems.allSatisfy({ $0 != nil }) else { return nil }
                let reasons = zip(shape.variants, problems).map { variant, problem in
                    variant.tag + ": " + (problem.map { $0.path == path ? $0.message : $0.message + " at " + $0.path } ?? "")
                }
                return Problem(path: path, message: "fits no variant of \(declaration.name) (" + reasons.joined(separator: "; ") + ")")
            }
            guard value.entries != nil else { return Problem(path: path, message: "expected an object (\(declaration.name))") }
            let tagPath = Self.join(path, discriminator)
            guard let tagMember = value.entry(discriminator) else {
                return Problem(path: tagPath, message: "required field is missing")
            }
            guard let tag = tagMember.value.string else { return Problem(path: tagPath, message: "expected a string") }
            guard let variant = shape.variants.first(where: { $0.tag == tag }) else {
                return Problem(path: tagPath, message: "unknown variant '\(tag)'; expected " + shape.variants.map { "'" + $0.tag + "'" }.joined(separator: ", "))
            }
            return check(value, variant.type, path: path)
        }
    }

    private static func check(_ value: DocumentNode, _ kind: ScalarKind, path: String) -> Problem? {
        switch (kind, value.value) {
        case (.text, .string), (.identifier, .string), (.boolean, .bool), (.floatingPoint, .number):
            return nil
        case (.integer, _) where isInteger(value):
            return nil
        case (.date, .string(let text)):
            return isISO8601(text) ? nil : Problem(path: path, message: "expected an ISO 8601 date like \(SampleMaker.sampleDate), not '\(text)'")
        case (.uuid, .string(let text)):
            let scalars = Array(text.unicodeScalars)
            let isUUID = scalars.count == 36 && scalars.enumerated().allSatisfy { index, scalar in
                [8, 13, 18, 23].contains(index) ? scalar == "-" : scalar.properties.isASCIIHexDigit
            }
            return isUUID ? nil : Problem(path: path, message: "expected a UUID, not '\(text)'")
        case (.date, _): return Problem(path: path, message: "expected an ISO 8601 date string")
        case (.uuid, _): return Problem(path: path, message: "expected a UUID string")
        case (.text, _), (.identifier, _), (.integer, _), (.floatingPoint, _), (.boolean, _):
            return Problem(path: path, message: "expected " + JSONShape.of(kind).expectation)
        }
    }

    /// Whether `value` is a number written without a fraction or an exponent, as `Int` decodes it.
    private static func isInteger(_ value: DocumentNode) -> Bool {
        guard let text = value.number else { return false }
        return !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
    }

    /// `2026-01-01T09:00:00Z`, with an optional fraction and a `Z` or `±hh:mm` zone.
    private static func isISO8601(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return false }
        let digit = { (index: Int) in bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        let shape = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18].allSatisfy(digit)
            && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-") && bytes[10] == UInt8(ascii: "T")
            && bytes[13] == UInt8(ascii: ":") && bytes[16] == UInt8(ascii: ":")
        guard shape else { return false }
        return bytes.last == UInt8(ascii: "Z") || bytes[bytes.count - 6] == UInt8(ascii: "+") || bytes[bytes.count - 6] == UInt8(ascii: "-")
    }

    /// A number or a text that breaks its constraints: `1 is below the minimum of 3`.
    private static func constraintProblem(_ value: DocumentNode, _ constraints: ValueConstraints, path: String) -> Problem? {
        switch value.value {
        case .number(let text):
            return ConstraintCheck.problem(withNumber: text, in: constraints).map { Problem(path: path, message: text + " " + $0) }
        case .string(let text):
            return ConstraintCheck.problem(withText: text, in: constraints).map { Problem(path: path, message: StringLiteral.quoted(text) + " " + $0) }
        default:
            return nil
        }
    }

    /// An array with fewer elements than `min-items` or more than `max-items`.
    private static func countProblem(_ count: Int, _ constraints: ValueConstraints, path: String) -> Problem? {
        if let minItems = constraints.minItems, count < minItems { return Problem(path: path, message: "has \(count) elements, fewer than \(minItems)") }
        if let maxItems = constraints.maxItems, count > maxItems { return Problem(path: path, message: "has \(count) elements, more than \(maxItems)") }
        return nil
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }
}

import RoutegenCore

/// A value the audit passes for one argument: its Swift expression and the texts it becomes
/// on the wire, computed at generation time.
struct AuditSample: Equatable {
    /// Swift source that builds the value.
    var expression: String
    /// The texts sent for it (one per repeated key); empty when nothing is sent;
    /// nil when the value comes from a model's `RouteAuditSample` and its text is unknown here.
    var wireTexts: [String]?
    /// Whether the expression can throw (a `RouteAuditSample` lookup).
    var needsTry: Bool = false
}

/// Sample values for route parameters and bodies, one rule per type the route language knows.
///
/// Samples are distinct per parameter (`id-1`, `q-2`, `3`), so an argument sent under the wrong
/// name or in the wrong place shows in the URL. Types the generator cannot know (a model enum, a
/// body) come from `RouteAuditSample` at run time.
enum AuditTestsSamples {
    /// `/`, space, `&` and `+`: the characters that break hand-built URLs.
    static let hostileText = "a/b c&d+e"
    /// Non-ASCII letters and a slash: must travel as UTF-8 percent-encoded, in one segment.
    static let nonASCIIText = "Zoë/東京"
    /// A dot segment: must be refused, never sent.
    static let dotSegmentText = ".."
    /// The bytes a raw body carries in the audit.
    /// The one key of a `deep` dictionary's sample: `?metadata: [String: String] deep` sends `metadata[key]=...`.
    static let deepObjectKey = "key"

    static let rawBodyExpression = "Data(\"audit-body\".utf8)"

    /// A sample for a parameter: `number` makes it distinct from the route's other parameters;
    /// `text`, when given, replaces the text of a text-typed value (hostile samples).
    static func sample(for type: TypeReference, name: String, number: Int, text: String? = nil, enums: DeclaredEnums = DeclaredEnums()) -> AuditSample {
        if let known = enums.sample(of: type) { return known }
        switch type {
        case .optional(let wrapped):
            if case .named = wrapped, ScalarKind(wrapped) == nil {
                return AuditSample(expression: "nil", wireTexts: [])
            }
            return sample(for: wrapped, name: name, number: number, text: text)
        case .array(let element):
            guard let kind = ScalarKind(element) else { return AuditSample(expression: "[]", wireTexts: []) }
            let elements = [1, 2].map { index in
                scalarSample(kind, text: text ?? "\(name)-\(number)\(index == 1 ? "a" : "b")", number: number * 10 + index, dayOffset: index - 1)
            }
            return AuditSample(
                expression: "[" + elements.map(\.expression).joined(separator: ", ") + "]",
                wireTexts: elements.flatMap { $0.wireTexts ?? [] }
            )
        case .named(let typeName, let arguments):
            if let kind = ScalarKind(type) {
                return scalarSample(kind, text: text ?? "\(name)-\(number)", number: number, dayOffset: 0)
            }
            // A `deep` dictionary: one key, `deepObjectKey`, whose value is sent as `name[key]`.
            if typeName == "Dictionary", arguments.count == 2, let kind = ScalarKind(arguments[1]) {
                let value = scalarSample(kind, text: text ?? "\(name)-\(number)", number: number, dayOffset: 0)
                return AuditSample(expression: "[" + SwiftNaming.stringLiteral(deepObjectKey) + ": " + value.expression + "]", wireTexts: value.wireTexts)
            }
            return modelSample(for: type)
        }
    }

    /// A body's sample: raw bytes for `body raw`, otherwise the model's `RouteAuditSample`.
    static func bodySample(for body: RequestBodySpec) -> AuditSample {
        if case .raw = body.kind {
            return AuditSample(expression: rawBodyExpression, wireTexts: nil)
        }
        return modelSample(for: body.type)
    }

    /// The value a model type adopts as `RouteAuditSample`, looked up at run time; a type
    /// without one makes the test record a named known issue instead of passing silently.
    static func modelSample(for type: TypeReference) -> AuditSample {
        AuditSample(expression: "auditSample(" + typeExpression(type) + ".self)", wireTexts: nil, needsTry: true)
    }

    /// The wire text of a spec default, as `EndpointValue.endpointText` spells it.
    static func wireText(of defaultValue: DefaultValue, type: TypeReference) -> String {
        switch defaultValue {
        case .integer(let text):
            if ScalarKind(type.nonOptional) == .floatingPoint {
                return doubleText(text)
            }
            return Int(text).map(String.init) ?? text
        case .float(let text):
            return doubleText(text)
        case .boolean(let value):
            return value ? "true" : "false"
        case .string(let value):
            return value
        }
    }

    /// Swift's `description` of a Double written as `text` in a route file: `0.5`, `20.0`.
    private static func doubleText(_ text: String) -> String {
        guard let value = Double(text) else { return text }
        return value.description
    }

    private static func scalarSample(_ kind: ScalarKind, text: String, number: Int, dayOffset: Int) -> AuditSample {
        switch kind {
        case .text:
            return AuditSample(expression: SwiftNaming.stringLiteral(text), wireTexts: [text])
        case .identifier:
            return AuditSample(expression: "ID(" + SwiftNaming.stringLiteral(text) + ")", wireTexts: [text])
        case .integer(let type):
            let value = fitted(number, into: type)
            return AuditSample(expression: String(value), wireTexts: [String(value)])
        case .floatingPoint:
            let literal = String(number) + ".5"
            return AuditSample(expression: literal, wireTexts: [literal])
        case .boolean:
            let value = dayOffset == 0
            return AuditSample(expression: value ? "true" : "false", wireTexts: [value ? "true" : "false"])
        case .date:
            let day = dayOffset + 1
            return AuditSample(
                expression: "Date(timeIntervalSince1970: " + String(dayOffset * 86_400) + ")",
                wireTexts: ["1970-01-" + (day < 10 ? "0" : "") + String(day) + "T00:00:00Z"]
            )
        case .uuid:
            let digits = String(number)
            let uuid = "00000000-0000-0000-0000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
            return AuditSample(expression: "UUID(uuidString: " + SwiftNaming.stringLiteral(uuid) + ")!", wireTexts: [uuid])
        }
    }

    /// `number` when the type can hold it, else wrapped into `1...max`: a route with over 127
    /// parameters (or a 13th parameter that is an `[Int8]`, sampled as `131` and `132`) would
    /// otherwise emit a literal that does not compile. Wrapped samples may repeat a smaller
    /// parameter's, which only such very long routes see.
    private static func fitted(_ number: Int, into type: IntegerType) -> Int {
        let maximum = Int(type.range.upperBound)
        guard number > maximum else { return number }
        return (number - 1) % maximum + 1
    }

    /// The type as a Swift expression before `.self`: arrays and optionals need parentheses there.
    private static func typeExpression(_ type: TypeReference) -> String {
        switch type {
        case .named: type.description
        case .array, .optional: "(" + type.description + ")"
        }
    }
}

/// The enums a route file declares, by name: the audit knows their wire values, so a path or
/// query argument of such a type is checked on the URL like a scalar.
struct DeclaredEnums {
    private var firstCases: [String: (swiftName: String, wireValue: String)] = [:]

    /// No declared enums.
    init() {}

    /// The declared enums of `model` that have a case.
    init(_ model: APIModel) {
        for type in model.types {
            guard case .enumeration(let shape) = type.kind, let first = shape.cases.first, firstCases[type.name] == nil else { continue }
            firstCases[type.name] = (first.swiftName, first.wireValue)
        }
    }

    /// A declared enum's first case, or an optional or array of it, with the text it is sent as.
    func sample(of type: TypeReference) -> AuditSample? {
        guard !firstCases.isEmpty else { return nil }
        switch type {
        case .optional(let wrapped):
            return sample(of: wrapped)
        case .array(let element):
            guard let one = sample(of: element) else { return nil }
            return AuditSample(expression: "[" + one.expression + "]", wireTexts: one.wireTexts)
        case .named(let name, let arguments):
            guard arguments.isEmpty, let first = firstCases[name] else { return nil }
            return AuditSample(expression: name + "." + SwiftNaming.escapedIdentifier(first.swiftName), wireTexts: [first.wireValue])
        }
    }
}

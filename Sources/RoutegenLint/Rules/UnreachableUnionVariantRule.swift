import RoutegenCore

/// `unreachable-union-variant`: a variant of a `union ... by shape` that an earlier variant
/// always takes first.
public struct UnreachableUnionVariantRule: LintRule {
    public static let id = LintRuleID.unreachableUnionVariant.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "variant 'status' of union 'Reply' can never be chosen: 'text' comes first and decodes every value 'status' does; move 'status' above 'text'"
    public static let summary = "A variant of a union told apart by shape comes after one that decodes every value it does."
    public static let rationale = """
        The decoder of a `union ... by shape` tries the variants in the order written and takes the \
        first that decodes. A `String` before a string enum, a `Date`, a `UUID` or an `ID` takes every \
        text they would; a `Double` before an `Int` takes every number; `JSONValue` takes anything; and \
        a model takes every object that has its required fields, since unknown keys are ignored, so a \
        later model whose required fields include them all is never chosen. The later variant is dead \
        code, and values the server means as it arrive as the earlier one. Write the more specific \
        variant first; `routegen import` already orders a description's variants that way.
        """
    public static let triggeringExamples = [
        """
        api Chat
        enum Status
          typing
          idle
        union Reply by shape
          text: String
          ↓status: Status
        group Messages public
          reply GET /reply -> Reply
        """,
        """
        api Chat
        model Note
          id: String
        model Message
          id: String
          body: String
        union Item by shape
          note: Note
          ↓message: Message
          count: Int
          amount: Double
          ↓whole: Int64
          ↓small: UInt16
        group Items public
          item GET /item -> Item
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Chat
        enum Status
          typing
          idle
        model Note
          id: String
        model Message
          id: String
          body: String
        union Reply by shape
          message: Message
          note: Note
          status: Status
          count: Int
          amount: Double
          text: String
        group Messages public
          reply GET /reply -> Reply
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        let declarations = Dictionary(model.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var findings: [LintFinding] = []
        for declaration in model.types {
            guard case .union(let shape) = declaration.kind, shape.discriminator == nil else { continue }
            for (index, variant) in shape.variants.enumerated() {
                guard let earlier = shape.variants[..<index].first(where: { Self.takesEvery($0.type, of: variant.type, declarations) }) else { continue }
                // Two variants that take each other's values: no order tells them apart.
                let advice = Self.takesEvery(variant.type, of: earlier.type, declarations)
                    ? "nothing tells the two apart; give '\(variant.tag)' a required field '\(earlier.tag)' lacks, or keep one of them"
                    : "move '\(variant.tag)' above '\(earlier.tag)'"
                findings.append(LintFinding(
                    message: "variant '\(variant.tag)' of union '\(declaration.name)' can never be chosen: '\(earlier.tag)' comes first and decodes every value '\(variant.tag)' does; " + advice,
                    location: variant.location,
                    type: declaration,
                    member: variant.tag
                ))
            }
        }
        return findings
    }

    /// Whether every JSON value `later` decodes, `earlier` decodes as well: by their JSON shapes
    /// (`JSONShape.takesEvery`: `String` before text of any kind, `Double` before a whole number,
    /// `JSONValue` before anything), and for two models by their fields.
    static func takesEvery(_ earlier: TypeReference, of later: TypeReference, _ declarations: [String: TypeDeclaration]) -> Bool {
        guard case .named(let first, let firstArguments) = earlier, firstArguments.isEmpty else { return false }
        let declared = JSONShape.declared(in: declarations)
        if JSONShape.of(earlier, declared: declared).takesEvery(JSONShape.of(later, declared: declared)) { return true }
        guard case .named(let second, let arguments) = later, arguments.isEmpty, case .model(let general)? = declarations[first]?.kind, case .model(let specific)? = declarations[second]?.kind else { return false }
        // Every required field of the earlier model is a required field of the later one.
        let required = specific.fields.filter { $0.presence == .required }
        return general.fields.filter { $0.presence == .required }.allSatisfy { field in
            required.contains { $0.wireName == field.wireName && $0.type == field.type }
        }
    }
}

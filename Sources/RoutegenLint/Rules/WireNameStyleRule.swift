import RoutegenCore

/// `wire-name-style`: one model's fields, one enum's values or one union's tags in mixed naming styles.
public struct WireNameStyleRule: LintRule {
    public static let id = LintRuleID.wireNameStyle.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.server
    public static let exampleMessage = "field 'updatedAt' of model 'Order' is camelCase but the model uses snake_case; the server decides its wire names: rename it to 'updated_at' on the server and here together, or keep the server's spelling"
    public static let summary = "The wire names of one model's fields, one enum's values or one union's tags mix naming styles."
    public static let rationale = """
        JSON keys and values are case-sensitive, and people write them from memory: in an object with \
        `created_at`, the next person sends `updatedAt` where the server reads `updated_at`, and the \
        value is silently dropped. Within one declaration the convention is the style most of its names \
        use (the first one seen on a tie) among snake_case, kebab-case, camelCase, PascalCase and \
        SCREAMING_SNAKE_CASE; a single lower-case word fits snake_case, kebab-case and camelCase alike. \
        Names in another style are reported with the spelling to use; names with other characters \
        (`@type`'s `@` and a leading `_` are kept aside, `filter[status]` is skipped) are not judged. \
        A model's fields from `includes` are judged in the model that declares them.
        """
    public static let triggeringExamples = [
        """
        api Shop
        model Order
          id: ID<Order>
          created_at: Date
          ↓updatedAt: Date
        group Orders auth
          order GET /orders/{id: ID<Order>} -> Order
        """,
        """
        api Shop
        enum OrderStatus
          in_progress
          shipped
          ↓CANCELLED
          on_hold
        union Payment by type
          credit_card: Card
          ↓GiftCard: Card
        model Card
          number: String
        group Orders auth
          status GET /orders/{id: String}/status -> OrderStatus
          payment GET /orders/{id: String}/payment -> Payment
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Shop
        enum OrderStatus
          IN_PROGRESS
          SHIPPED
        model Order
          id: ID<Order>
          "@type" as kind: String
          _links: [String: String]
          createdAt: Date
          status: OrderStatus
          "filter[status]" as filterStatus: String?
        group Orders auth
          order GET /orders/{id: ID<Order>} -> Order
        """,
    ]

    /// How a wire name separates its words.
    enum Style: String {
        case snake = "snake_case"
        case kebab = "kebab-case"
        case camel = "camelCase"
        case pascal = "PascalCase"
        case screaming = "SCREAMING_SNAKE_CASE"
        /// One lower-case word: fits snake_case, kebab-case and camelCase.
        case lower = "lower case"

        func fits(_ convention: Style) -> Bool {
            self == convention || (self == .lower && [.snake, .kebab, .camel].contains(convention))
        }
    }

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for declaration in model.types {
            let members: [(name: String, location: SourceLocation)]
            let what: (member: String, decides: String)
            switch declaration.kind {
            case .model(let shape):
                members = shape.fields.filter { $0.includedFrom == nil }.map { ($0.wireName, $0.location) }
                what = ("field", "its wire names")
            case .enumeration(let shape) where shape.rawType == .string:
                members = shape.cases.map { ($0.wireValue, $0.location) }
                what = ("value", "its wire values")
            case .union(let shape):
                // A union by shape has no tags on the wire: its variants' names are Swift's.
                guard shape.discriminator != nil else { continue }
                members = shape.variants.map { ($0.tag, $0.location) }
                what = ("tag", "its tags")
            case .enumeration, .patch:
                continue
            }
            let styles = members.map { Self.style(of: $0.name) }
            guard let convention = Self.convention(of: styles.compactMap { $0 }) else { continue }
            for (member, style) in zip(members, styles) {
                guard let style, !style.fits(convention) else { continue }
                findings.append(LintFinding(
                    message: "\(what.member) '\(member.name)' of \(declaration.keyword) '\(declaration.name)' is \(style.rawValue) but the \(declaration.keyword) uses \(convention.rawValue); the server decides \(what.decides): rename it to '\(Self.spelled(member.name, in: convention))' on the server and here together, or keep the server's spelling",
                    location: member.location,
                    type: declaration,
                    member: member.name
                ))
            }
        }
        return findings
    }

    /// A name's leading `_`, `@` or `$` and the rest.
    static func split(_ name: String) -> (prefix: Substring, core: Substring) {
        let core = name.drop { $0 == "_" || $0 == "@" || $0 == "$" }
        return (name.prefix(name.count - core.count), core)
    }

    /// The style of a wire name, nil when it has other characters, mixes separators or is one
    /// character or digits only.
    static func style(of name: String) -> Style? {
        let core = split(name).core
        guard core.count > 1, core.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else { return nil }
        let hasUpper = core.contains(where: \.isUppercase), hasLower = core.contains(where: \.isLowercase)
        let hasUnderscore = core.contains("_"), hasDash = core.contains("-")
        guard hasUpper || hasLower, !(hasUnderscore && hasDash) else { return nil }
        if hasUnderscore { return hasUpper ? (hasLower ? nil : .screaming) : .snake }
        if hasDash { return hasUpper ? nil : .kebab }
        if !hasUpper { return .lower }
        if !hasLower { return .screaming }
        return core.first?.isUppercase == true ? .pascal : .camel
    }

    /// The style most names have (one lower-case word casts no vote); the first seen on a tie.
    static func convention(of styles: [Style]) -> Style? {
        var counts: [(style: Style, count: Int)] = []
        for style in styles where style != .lower {
            if let index = counts.firstIndex(where: { $0.style == style }) {
                counts[index].count += 1
            } else {
                counts.append((style, 1))
            }
        }
        var best: (style: Style, count: Int)?
        for entry in counts where entry.count > (best?.count ?? 0) { best = entry }
        return best?.style
    }

    /// The name in `style`, its leading `_`, `@` or `$` kept: `updatedAt` → `updated_at`.
    static func spelled(_ name: String, in style: Style) -> String {
        let (prefix, core) = split(name)
        let words = NameWords.readingWords(String(core))
        let capitalized = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let body: String
        switch style {
        case .snake, .lower: body = words.joined(separator: "_")
        case .kebab: body = words.joined(separator: "-")
        case .camel: body = (words.first ?? "") + capitalized.dropFirst().joined()
        case .pascal: body = capitalized.joined()
        case .screaming: body = words.joined(separator: "_").uppercased()
        }
        return prefix + body
    }
}

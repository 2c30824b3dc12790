import RoutegenCore

/// `path-style`: path literals with upper-case letters, or mixing kebab-case and snake_case in one file.
public struct PathStyleRule: LintRule {
    public static let id = LintRuleID.pathStyle.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.server
    public static let exampleMessage = "path segment 'myOrders' of route 'orders' has upper-case letters, and paths are case-sensitive; the server decides its paths: rename it to 'my-orders' on the server and here together, or keep the server's spelling"
    public static let summary = "A path literal has upper-case letters, or the file mixes kebab-case and snake_case."
    public static let rationale = """
        URL paths are case-sensitive: `/userProfiles` and `/userprofiles` are different resources, and \
        people type them wrong. One word separator per API keeps paths guessable. The file's convention \
        is the style most of its literals use (the first one seen on a tie); literals in another style, \
        and literals with capitals, are reported with the spelling to use.
        """
    public static let triggeringExamples = [
        """
        api Shop
        group Orders auth
          orders GET /↓myOrders -> [Order]
        """,
        """
        api Shop
        group Orders auth
          items GET /order-items -> [Item]
          lines GET /order-lines -> [Line]
          notes GET /↓order_notes -> [Note]
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Shop
        group Orders auth
          items GET /order_items -> [Item]
          lines GET /order_lines/v2/export.csv -> Data
        """,
        """
        api Shop
        group Orders auth
          items GET /order-items/{itemId: String} -> Item
        """,
    ]

    /// How a literal separates its words.
    enum Style: String {
        case kebab = "kebab-case"
        case snake = "snake_case"
    }

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        let literals = model.routes.flatMap { route in
            route.path.compactMap { component -> (text: String, location: SourceLocation, route: Route)? in
                if case .literal(let text, let location) = component { return (text, location, route) }
                return nil
            }
        }
        let convention = Self.convention(of: literals.map(\.text))
        var findings: [LintFinding] = []
        for literal in literals {
            if literal.text.contains(where: \.isUppercase) {
                findings.append(LintFinding(
                    message: "path segment '\(literal.text)' of route '\(literal.route.name)' has upper-case letters, and paths are case-sensitive; the server decides its paths: rename it to '\(Self.spelled(literal.text, in: convention))' on the server and here together, or keep the server's spelling",
                    location: literal.location,
                    route: literal.route,
                    about: literal.text
                ))
            } else if let style = Self.style(of: literal.text), style != convention {
                findings.append(LintFinding(
                    message: "path segment '\(literal.text)' of route '\(literal.route.name)' is \(style.rawValue) but this file uses \(convention.rawValue); the server decides its paths: rename it to '\(Self.spelled(literal.text, in: convention))' on the server and here together, or keep the server's spelling",
                    location: literal.location,
                    route: literal.route,
                    about: literal.text
                ))
            }
        }
        return findings
    }

    /// The style of a lower-case literal, nil when it has no separator or mixes both.
    static func style(of literal: String) -> Style? {
        let hasDash = literal.contains("-"), hasUnderscore = literal.contains("_")
        if hasDash && hasUnderscore { return nil }
        if hasDash { return .kebab }
        if hasUnderscore { return .snake }
        return nil
    }

    /// The style most lower-case literals use; the first seen on a tie; kebab-case when none has a separator.
    static func convention(of literals: [String]) -> Style {
        var kebab = 0, snake = 0
        var first: Style?
        for literal in literals where !literal.contains(where: \.isUppercase) {
            guard let style = style(of: literal) else { continue }
            if first == nil { first = style }
            if style == .kebab { kebab += 1 } else { snake += 1 }
        }
        if kebab != snake { return kebab > snake ? .kebab : .snake }
        return first ?? .kebab
    }

    /// The literal in lower case with the convention's separator: `myOrders` → `my-orders`.
    /// Dots and other characters between words stay as written.
    static func spelled(_ literal: String, in style: Style) -> String {
        let separator: Character = style == .kebab ? "-" : "_"
        var result = ""
        var previousWasLower = false
        for character in literal {
            if character == "-" || character == "_" {
                result.append(separator)
                previousWasLower = false
                continue
            }
            if character.isUppercase && previousWasLower { result.append(separator) }
            result += character.lowercased()
            previousWasLower = character.isLowercase || character.isNumber
        }
        return result
    }
}

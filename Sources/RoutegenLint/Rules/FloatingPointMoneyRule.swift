import RoutegenCore

/// `floating-point-money`: an amount of money held in a binary floating-point type.
public struct FloatingPointMoneyRule: LintRule {
    public static let id = LintRuleID.floatingPointMoney.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "field 'price' of model 'Product' holds money in 'Double', which cannot hold amounts such as 0.10 exactly, so sums and comparisons drift; write 'Decimal', which decodes the same JSON number"
    public static let summary = "A field named like an amount of money (`price`, `total`, `balance`, `fee`, …) is a `Double` or `Float`."
    public static let rationale = """
        Binary floating point has no exact 0.10: `0.1 + 0.2 == 0.3` is false, a cart's total comes out \
        a cent off, and an amount that was rounded for display no longer equals the one the server \
        stored. `Decimal` counts in base ten and is read from, and written as, the same JSON number, so \
        the fix is only in the route file. The rule reads the field's name as words (`unit_price`, \
        `balanceDue`) and skips names that say they hold a rate or a share (`fee_rate`, `tax_percent`).
        """
    public static let triggeringExamples = [
        """
        api Shop
        model Product
          id: ID<Product>
          ↓price: Double
          weight: Double
        group Catalog public
          product GET /products/{id: ID<Product>} -> Product
        """,
        """
        api Shop
        model Order
          id: ID<Order>
          ↓total: Float
          ↓shipping_fee: Double?
          ↓line_amounts: [Double]
          fee_rate: Double
        group Orders auth
          order GET /orders/{id: ID<Order>} -> Order
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Shop
        model Order
          id: ID<Order>
          total: Decimal
          total_cents: Int
          tax_percent: Double
          total_distance: Double
        group Orders auth
          order GET /orders/{id: ID<Order>} -> Order
        """,
    ]

    /// Words that name an amount of money, singular.
    static let moneyWords: Set<String> = [
        "price", "cost", "amount", "balance", "fee", "subtotal", "refund", "salary", "payout", "revenue", "wage",
    ]
    /// Words that say the number is a rate, a share or a count rather than an amount.
    static let notAnAmount: Set<String> = ["rate", "percent", "percentage", "ratio", "factor", "multiplier", "cents", "count"]
    /// The floating-point types, as written.
    static let floatingPoint: Set<String> = ["Double", "Float", "Float32", "Float64", "Swift.Double", "Swift.Float", "Swift.Float32", "Swift.Float64"]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for declaration in model.types {
            guard case .model(let shape) = declaration.kind else { continue }
            for field in shape.fields where field.includedFrom == nil && Self.namesAnAmount(field.wireName) {
                guard let (written, decimal) = Self.decimalType(replacing: field.type) else { continue }
                findings.append(LintFinding(
                    message: "field '\(field.wireName)' of model '\(declaration.name)' holds money in '\(written)', which cannot hold amounts such as 0.10 exactly, so sums and comparisons drift; write '\(decimal)', which decodes the same JSON number",
                    location: field.location,
                    type: declaration,
                    member: field.wireName
                ))
            }
        }
        return findings
    }

    /// Whether a wire name reads as an amount: a money word (or its plural), or `total` alone
    /// (`total`, `grand_total`), and no word of a rate or a count.
    static func namesAnAmount(_ wireName: String) -> Bool {
        let words = NameWords.readingWords(wireName)
        guard !words.contains(where: notAnAmount.contains) else { return false }
        if words == ["total"] || words == ["grand", "total"] { return true }
        return words.contains { moneyWords.contains($0) || ($0.hasSuffix("s") && moneyWords.contains(String($0.dropLast()))) }
    }

    /// The floating-point type inside `type` (through `?` and `[...]`) and `type` with it replaced by `Decimal`.
    static func decimalType(replacing type: TypeReference) -> (floatingPoint: String, decimal: TypeReference)? {
        switch type {
        case .optional(let wrapped):
            decimalType(replacing: wrapped).map { ($0.floatingPoint, .optional($0.decimal)) }
        case .array(let element):
            decimalType(replacing: element).map { ($0.floatingPoint, .array($0.decimal)) }
        case .named(let name, let arguments):
            arguments.isEmpty && floatingPoint.contains(name) ? (name, .named("Decimal")) : nil
        }
    }
}

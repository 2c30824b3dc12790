import RoutegenCore
import RoutegenLint
import Testing

/// The linter: severities from configuration, `--strict`, and `# routegen:disable` suppression.
@Suite struct LinterTests {
    static let secretInQuery = """
        api Shop
        group Session public
          login GET /login ?password: String -> Session
        """

    static let secretMessage = "query parameter 'password' of route 'login' carries a secret, and URLs end up in logs and proxies; the server decides where it reads it: once the server accepts it in a header or the body, send it there"

    func lint(_ source: String, configuration: LintConfiguration = LintConfiguration(), strict: Bool = false) throws -> [Diagnostic] {
        let model = try #require(parseWithoutErrors(source, path: "Shop.routes"))
        return Linter(configuration: configuration, isStrict: strict).lint(model, source: source)
    }

    @Test func findingIsAWarningWithItsRuleIDByDefault() throws {
        #expect(try lint(Self.secretInQuery) == [
            Diagnostic(severity: .warning, message: Self.secretMessage, location: SourceLocation(file: "Shop.routes", line: 3, column: 21), ruleID: "secret-in-query"),
        ])
    }

    @Test func configurationSetToOffSilencesTheRule() throws {
        #expect(try lint(Self.secretInQuery, configuration: LintConfiguration(severities: ["secret-in-query": .off])) == [])
    }

    @Test func configurationSetToErrorMakesFindingsErrors() throws {
        let diagnostics = try lint(Self.secretInQuery, configuration: LintConfiguration(severities: ["secret-in-query": .error]))
        #expect(diagnostics.map(\.severity) == [.error])
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let diagnostics = try lint(Self.secretInQuery, strict: true)
        #expect(diagnostics.map(\.severity) == [.error])
        #expect(diagnostics.map(\.ruleID) == ["secret-in-query"])
    }

    @Test func ruleThatIsOffByDefaultRunsWhenConfigured() throws {
        let source = """
            api Shop
            group Catalog public
              products GET /products -> [Product]
            """
        #expect(try lint(source) == [])
        #expect(try lint(source, configuration: LintConfiguration(severities: ["missing-docs": .warning])).map(\.ruleID) == ["missing-docs"])
    }

    @Test func disableCommentSuppressesTheNamedRuleOnItsRoute() throws {
        let source = """
            api Shop
            group Session public
              login GET /login ?password: String -> Session   # routegen:disable secret-in-query
            """
        #expect(try lint(source) == [])
    }

    @Test func disableCommentLeavesOtherRoutesChecked() throws {
        let source = """
            api Shop
            group Session public
              login GET /login ?password: String -> Session   # routegen:disable secret-in-query
              reset GET /reset ?password: String -> Session
            """
        #expect(try lint(source).map(\.location?.line) == [4])
    }

    @Test func disableCommentLeavesOtherRulesOnItsRouteChecked() throws {
        let source = """
            api Shop
            group Session public
              login GET /login ?password: String -> Empty   # routegen:disable secret-in-query
            """
        #expect(try lint(source, configuration: LintConfiguration(ruleSets: [.recommended, .style])).map(\.ruleID) == ["empty-response-on-get"])
    }

    @Test func unknownRuleInDisableCommentIsAWarningWithASuggestion() throws {
        let source = """
            api Shop
            group Catalog public
              products GET /products -> [Product]   # routegen:disable path-styles
            """
        #expect(try lint(source) == [
            .warning("unknown lint rule 'path-styles' in 'routegen:disable' of route 'products'; did you mean 'path-style'?", at: SourceLocation(file: "Shop.routes", line: 3, column: 3)),
        ])
    }

    @Test func findingsAreSortedByLocation() throws {
        let source = """
            api Shop
            group Catalog public
              addProduct POST /products ?api_key: String body NewProduct -> Product
            """
        #expect(try lint(source).map(\.ruleID) == ["unauthenticated-write", "secret-in-query"])
    }

    @Test func trailingSlashIsAWarningAtTheSlashAndADisableCommentKeepsIt() throws {
        let source = """
            api Shop
            group Catalog public
              products GET /products/{category: String}/ ?page: Int = 1 -> [Product]
              product GET /product/{id: Int} -> Product
              legacy GET /legacy/?q: String -> [Product]   # routegen:disable trailing-slash
            """
        #expect(try lint(source, configuration: LintConfiguration(ruleSets: [.style])) == [
            Diagnostic(
                severity: .warning,
                message: "path '/products/{category: String}/' of route 'products' ends with '/'; the server decides its paths: remove the slash only "
                    + "where the server answers the same without it, else keep it with '# routegen:disable trailing-slash'",
                location: SourceLocation(file: "Shop.routes", line: 3, column: 44),
                ruleID: "trailing-slash"
            ),
        ])
    }

    @Test func styleRulesRunOnlyWhenTheirSetIsChosen() throws {
        let source = """
            api Shop
            group Orders auth
              orders GET /myOrders -> Empty
            """
        #expect(try lint(source) == [])
        #expect(try lint(source, configuration: LintConfiguration(ruleSets: [.style])).map(\.ruleID) == ["path-style", "empty-response-on-get"])
        #expect(try lint(source, configuration: LintConfiguration(severities: ["path-style": .warning])).map(\.ruleID) == ["path-style"])
        #expect(try lint(source, configuration: LintConfiguration(severities: ["path-style": .off], ruleSets: [.style])).map(\.ruleID) == ["empty-response-on-get"])
    }

    @Test func resultsCarryTheFingerprintABaselineMatches() throws {
        let source = """
            api Shop
            group Session public
              login GET /login ?password: String -> Session   # routegen:disable path-styles
            """
        let model = try #require(parseWithoutErrors(source, path: "Shop.routes"))
        let results = Linter().results(model, text: SourceText(source))
        #expect(results.map(\.fingerprint) == [
            nil,
            LintFingerprint(rule: "secret-in-query", route: "Session.login", subject: "password"),
        ])
    }

    // MARK: Declared types

    static let prices = """
        api Shop
        model Product
          id: ID<Product>
          price: Double
        model Offer
          product: Product
          price: Double
        group Catalog public
          product GET /products/{id: ID<Product>} -> Product
          offers GET /offers -> [Offer]
        """

    static func priceMessage(_ type: String) -> String {
        "field 'price' of model '\(type)' holds money in 'Double', which cannot hold amounts such as 0.10 exactly, so sums and comparisons drift; write 'Decimal', which decodes the same JSON number"
    }

    @Test func typeFindingIsReportedAtTheMemberWithItsRuleID() throws {
        #expect(try lint(Self.prices) == [
            Diagnostic(severity: .warning, message: Self.priceMessage("Product"), location: SourceLocation(file: "Shop.routes", line: 4, column: 3), ruleID: "floating-point-money"),
            Diagnostic(severity: .warning, message: Self.priceMessage("Offer"), location: SourceLocation(file: "Shop.routes", line: 7, column: 3), ruleID: "floating-point-money"),
        ])
    }

    @Test func disableCommentAboveATypeSuppressesTheRuleForThatTypeOnly() throws {
        let source = Self.prices.replacingOccurrences(of: "model Product\n", with: "# Prices are display values; the server bills in cents.\n# routegen:disable floating-point-money\nmodel Product\n")
        #expect(try lint(source).map { "\($0.location?.line ?? 0): \($0.message)" } == ["9: " + Self.priceMessage("Offer")])
    }

    @Test func disableCommentAtTheEndOfTheDeclarationLineSuppressesTheRule() throws {
        let source = Self.prices.replacingOccurrences(of: "model Offer\n", with: "model Offer   # routegen:disable floating-point-money, unused-type\n")
        #expect(try lint(source).map(\.location?.line) == [4])
    }

    @Test func disableCommentOfATypeLeavesItsOtherRulesChecked() throws {
        let source = """
            api Shop
            # routegen:disable floating-point-money
            model product
              price: Double
            group Catalog public
              products GET /products -> [product]
            """
        #expect(try lint(source, configuration: LintConfiguration(ruleSets: [.recommended, .style])).map(\.ruleID) == ["type-name-style"])
    }

    @Test func unknownRuleInADisableCommentOfATypeIsAWarningWithASuggestion() throws {
        let source = Self.prices.replacingOccurrences(of: "model Offer\n", with: "model Offer   # routegen:disable floating-point-mony\n")
        let diagnostics = try lint(source)
        #expect(diagnostics.contains(
            .warning("unknown lint rule 'floating-point-mony' in 'routegen:disable' of model 'Offer'; did you mean 'floating-point-money'?", at: SourceLocation(file: "Shop.routes", line: 5, column: 7))
        ))
        #expect(diagnostics.count == 3)
    }

    @Test func typeFindingsCarryTheTypeAndMemberAsTheirBaselineSubject() throws {
        let model = try #require(parseWithoutErrors(Self.prices, path: "Shop.routes"))
        #expect(Linter().results(model, text: SourceText(Self.prices)).map(\.fingerprint) == [
            LintFingerprint(rule: "floating-point-money", route: nil, subject: "Product.price"),
            LintFingerprint(rule: "floating-point-money", route: nil, subject: "Offer.price"),
        ])
    }
}

import RoutegenCore
import Testing

/// `external Money`: a type the target's own code declares, which a file that declares types
/// (and so knows every name) may name without importing a module.
@Suite("External types")
struct ExternalTypeTests {
    static let shop = """
        api Shop
        external Money

        model Order
          total: Money

        group Orders public
          order GET /orders/{id: Int} -> Order
          pay POST /orders/{id: Int}/pay body Money -> Empty
        """

    @Test func anExternalTypeIsKnownBesideDeclaredOnesAndKeptInTheModel() throws {
        let (model, diagnostics) = load(Self.shop)
        #expect(diagnostics.isEmpty)
        #expect(try #require(model).externalTypes == [ExternalType(name: "Money", location: at(2, 10))])
    }

    @Test func theFormatterWritesTheLineAsItIs() {
        #expect(format(source: Self.shop, path: specPath, diagnostics: DiagnosticCollector())?.hasPrefix("api Shop\nexternal Money\n\nmodel Order\n") == true)
    }

    @Test func anUnknownNameSaysExternalIsAWayToNameTheTargetsOwnType() {
        #expect(rendered("api Shop\nmodel Order\n  total: Money\ngroup Orders public\n  order GET /orders -> Order\n") == """
            api.routes:3:10: error: unknown type 'Money'; declare it with 'model Money', import the module that defines it, or name the target's own type with 'external Money'
              total: Money
                     ^

            """)
    }

    @Test func aNameCannotBeBothDeclaredAndExternal() {
        let (_, diagnostics) = load("api Shop\nexternal Order\nmodel Order\n  id: String\ngroup Orders public\n  order GET /orders -> Order\n")
        #expect(diagnostics.map(\.message) == ["type 'Order' is declared here and named 'external' at line 2; keep one"])
    }

    @Test func anExternalNameIsOneIdentifierOfATypeNotKnownAlready() {
        let (_, diagnostics) = load("api Shop\nexternal Models.Money\nexternal Date\nexternal Money\nexternal Money\n")
        #expect(diagnostics.map(\.message) == [
            "external type name 'Models.Money' is not a Swift identifier; name a type of the target's own code, such as 'Money'",
            "'Date' is a type routegen knows already; 'external Date' is not needed",
            "external type 'Money' is named twice; remove one",
        ])
    }
}

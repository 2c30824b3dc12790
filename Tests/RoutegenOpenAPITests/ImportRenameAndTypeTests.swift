import RoutegenCore
import RoutegenOpenAPI
import Testing

/// `routegen.json`'s `rename` and `types` through the importer (`ImportChoices`): new names for
/// schemas, operations and tags; schemas that are a type of the app's own (`external`, or a
/// module's type and its `import`); and each name the description does not have, or a new name
/// that cannot be one, a diagnostic at its place in the configuration.
@Suite("routegen import: the configuration's renames and types")
struct ImportRenameAndTypeTests {
    static func config(_ line: Int, _ column: Int) -> RoutegenCore.SourceLocation { ConfiguredImport.config(line, column) }

    @Test func schemasOperationsAndTagsAreRenamed() {
        let result = ConfiguredImport.imported(configuration: #"""
            {"rename": {
              "schemas": {"Pet": "Animal", "Money": "Amount"},
              "operations": {"listPets": "allPets", "placeOrder": "order"},
              "tags": {"store": "Checkout", "pets": "Animals"}
            }}
            """#)
        #expect(result.text == """
            api PetShop

            group Animals public
              allPets   GET  /pets              -> [Animal]
              createPet POST /pets body NewPet  -> Animal status 201
              getPet    GET  /pets/{petId: Int} -> Animal

            group Checkout public
              order POST /store/orders body Order -> Order

            group Users public
              getUser GET /users/{username: String} -> User

            model Animal
              id:   Int
              name: String

            model NewPet
              name: String

            model Order
              id:    Int
              total: Amount

            model Amount
              amount:   String
              currency: String

            model User
              username: String

            """)
        #expect(result.diagnostics == [])
        #expect(result.summary == "imported 5 of 5 operations (0 not imported) and 5 of 5 component schemas (0 not used by any imported operation); 5 types declared")
    }

    @Test func aNewNameThatIsNoIdentifierIsAnErrorWithOneThatIs() {
        let result = ConfiguredImport.imported(configuration: #"""
            {
              "rename": {
                "schemas": {"Pet": "pet animal"},
                "operations": {"listPets": "all-pets"},
                "tags": {"store": "check out"}
              }
            }
            """#)
        #expect(result.text == nil)
        #expect(result.diagnostics == [
            .error("'pet animal' is not a Swift identifier; a renamed schema needs one, such as 'PetAnimal'", at: Self.config(3, 24)),
            .error("'all-pets' is not a Swift identifier; a renamed operation needs one, such as 'allPets'", at: Self.config(4, 32)),
            .error("'check out' is not a Swift identifier; a renamed tag needs one, such as 'CheckOut'", at: Self.config(5, 23)),
        ])
    }

    @Test func aRenameOfWhatTheDescriptionDoesNotHaveIsAWarningAtItsName() {
        let result = ConfiguredImport.imported(configuration: #"""
            {
              "rename": {
                "schemas": {"Cat": "Kitten"},
                "operations": {"deletePet": "removePet"},
                "tags": {"admin": "Admin"}
              }
            }
            """#)
        #expect(result.text == ImportFilterTests.everything)
        #expect(result.diagnostics == [
            .warning("'rename' names the schema 'Cat', which the description does not have", at: Self.config(3, 17)),
            .warning("'rename' names the operation 'deletePet', which the description does not have", at: Self.config(4, 20)),
            .warning("'rename' names the tag 'admin', which the description does not have", at: Self.config(5, 14)),
        ])
    }

    @Test func aRenameOfALeftOutOperationOrTagOrAnUnreachedSchemaIsNoWarning() {
        let result = ConfiguredImport.imported(configuration: #"""
            {"filter": {"tags": ["pets"]}, "rename": {"operations": {"getUser": "user"}, "schemas": {"Order": "Purchase"}, "tags": {"users": "People"}}}
            """#)
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets  GET  /pets              -> [Pet]
              createPet POST /pets body NewPet  -> Pet status 201
              getPet    GET  /pets/{petId: Int} -> Pet

            model Pet
              id:   Int
              name: String

            model NewPet
              name: String

            """)
        #expect(result.diagnostics == [])
    }

    /// A new name another schema, route of the group or group already has takes it, in the
    /// description's order, and the other one is numbered; no diagnostic says so.
    @Test func aNewNameThatIsTakenIsNumberedInTheDescriptionsOrder() {
        let result = ConfiguredImport.imported(configuration: #"""
            {"rename": {"schemas": {"Pet": "User", "NewPet": "Pet"}, "operations": {"listPets": "getPet"}, "tags": {"store": "Users"}}}
            """#)
        #expect(result.text == """
            api PetShop

            group Pets public
              getPet    GET  /pets              -> [User]
              createPet POST /pets body Pet     -> User status 201
              getPet2   GET  /pets/{petId: Int} -> User

            group Users public
              placeOrder POST /store/orders body Order -> Order

            group Users2 public
              getUser GET /users/{username: String} -> User2

            model User
              id:   Int
              name: String

            model Pet
              name: String

            model Order
              id:    Int
              total: Money

            model Money
              amount:   String
              currency: String

            model User2
              username: String

            """)
        #expect(result.diagnostics == [])
    }

    @Test func aNewNameTheGeneratedCodeTakesIsNumbered() {
        let result = ConfiguredImport.imported(configuration: #"{"rename": {"schemas": {"Pet": "PetsEndpoints"}}}"#)
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets  GET  /pets              -> [PetsEndpoints2]
              createPet POST /pets body NewPet  -> PetsEndpoints2 status 201
              getPet    GET  /pets/{petId: Int} -> PetsEndpoints2

            group Store public
              placeOrder POST /store/orders body Order -> Order

            group Users public
              getUser GET /users/{username: String} -> User

            model PetsEndpoints2
              id:   Int
              name: String

            model NewPet
              name: String

            model Order
              id:    Int
              total: Money

            model Money
              amount:   String
              currency: String

            model User
              username: String

            """)
        #expect(result.diagnostics == [])
    }

    /// Everything but `model Money`, with `total` of `type` and `head` after the `api` line.
    static func withMoney(as type: String, head: String? = nil) -> String {
        """
        api PetShop\(head.map { "\n" + $0 } ?? "")

        group Pets public
          listPets  GET  /pets              -> [Pet]
          createPet POST /pets body NewPet  -> Pet status 201
          getPet    GET  /pets/{petId: Int} -> Pet

        group Store public
          placeOrder POST /store/orders body Order -> Order

        group Users public
          getUser GET /users/{username: String} -> User

        model Pet
          id:   Int
          name: String

        model NewPet
          name: String

        model Order
          id:    Int
          total: \(type)

        model User
          username: String

        """
    }

    @Test func aSchemaThatIsAnAppTypeIsExternalAndUsedInsteadOfDeclared() {
        let result = ConfiguredImport.imported(configuration: #"{"types": {"Money": "Money"}}"#)
        #expect(result.text == Self.withMoney(as: "Money", head: "external Money"))
        #expect(result.diagnostics == [])
        #expect(result.summary == "imported 5 of 5 operations (0 not imported) and 5 of 5 component schemas (0 not used by any imported operation); 4 types declared")
    }

    @Test func aModulesTypeImportsTheModule() {
        let result = ConfiguredImport.imported(configuration: #"{"types": {"Money": "Shop.Money"}}"#)
        #expect(result.text == Self.withMoney(as: "Shop.Money", head: "import Shop"))
        #expect(result.diagnostics == [])
    }

    @Test func aTypeEndpointKitKnowsNeedsNoExternalLine() {
        let result = ConfiguredImport.imported(configuration: #"{"types": {"Money": "Decimal"}}"#)
        #expect(result.text == Self.withMoney(as: "Decimal"))
        #expect(result.diagnostics == [])
    }

    @Test func severalOverridesWriteTheirImportsThenTheirExternalsInTheOrderWritten() {
        let result = ConfiguredImport.imported(configuration: #"{"types": {"Money": "Shop.Money", "User": "Accounts.User", "Pet": "Pet"}}"#)
        #expect(result.text == """
            api PetShop
            import Shop
            import Accounts
            external Pet

            group Pets public
              listPets  GET  /pets              -> [Pet]
              createPet POST /pets body NewPet  -> Pet status 201
              getPet    GET  /pets/{petId: Int} -> Pet

            group Store public
              placeOrder POST /store/orders body Order -> Order

            group Users public
              getUser GET /users/{username: String} -> Accounts.User

            model NewPet
              name: String

            model Order
              id:    Int
              total: Shop.Money

            """)
        #expect(result.diagnostics == [])
        #expect(result.summary == "imported 5 of 5 operations (0 not imported) and 5 of 5 component schemas (0 not used by any imported operation); 2 types declared")
    }

    @Test func anOverrideOfAnUnknownSchemaIsAWarningAndOneThatIsNoTypeAnError() {
        let result = ConfiguredImport.imported(configuration: #"""
            {
              "types": {
                "Cat": "Cat",
                "Money": "shop money"
              }
            }
            """#)
        #expect(result.text == nil)
        #expect(result.diagnostics == [
            .warning("'types' names the schema 'Cat', which the description's components do not have; nothing is overridden", at: Self.config(3, 5)),
            .error("'shop money' is not a Swift type a route file can name; write a type such as 'Money' or 'DesignSystem.Color'", at: Self.config(4, 14)),
        ])
    }

    @Test func anOverrideOfASchemaOnlyLeftOutOperationsReachAddsNoLine() {
        let result = ConfiguredImport.imported(configuration: #"{"filter": {"tags": ["pets"]}, "types": {"Money": "Money", "User": "Accounts.User"}}"#)
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets  GET  /pets              -> [Pet]
              createPet POST /pets body NewPet  -> Pet status 201
              getPet    GET  /pets/{petId: Int} -> Pet

            model Pet
              id:   Int
              name: String

            model NewPet
              name: String

            """)
        #expect(result.diagnostics == [])
    }

    @Test func swiftOpenAPIGeneratorsConfigurationImportsItsTypeOverridesAndAdditionalImports() throws {
        let collector = DiagnosticCollector()
        let configuration = try #require(ImportConfiguration.read(Array("""
            generate: [types, client]
            accessModifier: internal
            filter:
              tags: [store]
            typeOverrides:
              schemas:
                Money: Shop.Money
            additionalImports: [Foundation, Shop]
            """.utf8), path: "openapi-generator-config.yaml", diagnostics: collector))
        let result = OpenAPIImporter(path: "openapi.yaml", configuration: configuration)
            .importDescription(Array(ConfiguredImport.description.utf8), diagnostics: collector)
        #expect(result?.text == """
            api PetShop
            import Shop
            import Foundation

            group Pets public
              createPet POST /pets body NewPet -> Pet status 201

            group Store public
              placeOrder POST /store/orders body Order -> Order

            model Pet
              id:   Int
              name: String

            model NewPet
              name: String

            model Order
              id:    Int
              total: Shop.Money

            """)
        #expect(collector.sorted == [])
        #expect(result?.summary.line == "imported 2 of 5 operations (3 not imported, 3 left out by the filter) and 4 of 5 component schemas (1 not used by any imported operation); 3 types declared")
    }
}

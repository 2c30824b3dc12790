import RoutegenCore
import RoutegenOpenAPI
import Testing

/// `routegen.json`'s `filter` through the importer (`ImportChoices`): the operations kept by a
/// tag they carry, their `operationId` or their path as written, any list keeping; the types
/// only left-out operations reach not declared; each entry naming nothing a warning at its place.
@Suite("routegen import: the configuration's filter")
struct ImportFilterTests {
    static func config(_ line: Int, _ column: Int) -> RoutegenCore.SourceLocation { ConfiguredImport.config(line, column) }

    /// The whole description imported, with no configuration.
    static let everything = """
        api PetShop

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
          total: Money

        model Money
          amount:   String
          currency: String

        model User
          username: String

        """

    @Test func withoutAFilterEveryOperationAndSchemaIsImported() {
        let result = ConfiguredImport.imported()
        #expect(result.text == Self.everything)
        #expect(result.diagnostics == [])
        #expect(result.summary == "imported 5 of 5 operations (0 not imported) and 5 of 5 component schemas (0 not used by any imported operation); 5 types declared")
    }

    @Test func aTagKeepsItsOperationsAndOnlyTheTypesTheyReachAreDeclared() {
        let result = ConfiguredImport.imported(configuration: #"{"filter": {"tags": ["pets"]}}"#)
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
        #expect(result.summary == "imported 3 of 5 operations (2 not imported, 2 left out by the filter) and 2 of 5 component schemas (3 not used by any imported operation); 2 types declared")
    }

    @Test func aTagKeepsEveryOperationThatCarriesItNotOnlyThoseItGroups() {
        // createPet's tags are [pets, store]: kept by 'store', and still in the group of its first tag.
        let result = ConfiguredImport.imported(configuration: #"{"filter": {"tags": ["store"]}}"#)
        #expect(result.text == """
            api PetShop

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
              total: Money

            model Money
              amount:   String
              currency: String

            """)
        #expect(result.diagnostics == [])
        #expect(result.summary == "imported 2 of 5 operations (3 not imported, 3 left out by the filter) and 4 of 5 component schemas (1 not used by any imported operation); 4 types declared")
    }

    @Test func operationIdsKeepThoseOperations() {
        let result = ConfiguredImport.imported(configuration: #"{"filter": {"operations": ["getPet", "getUser"]}}"#)
        #expect(result.text == """
            api PetShop

            group Pets public
              getPet GET /pets/{petId: Int} -> Pet

            group Users public
              getUser GET /users/{username: String} -> User

            model Pet
              id:   Int
              name: String

            model User
              username: String

            """)
        #expect(result.diagnostics == [])
        #expect(result.summary == "imported 2 of 5 operations (3 not imported, 3 left out by the filter) and 2 of 5 component schemas (3 not used by any imported operation); 2 types declared")
    }

    @Test func aPathAsTheDescriptionWritesItKeepsItsOperations() {
        let result = ConfiguredImport.imported(configuration: #"{"filter": {"paths": ["/pets/{petId}"]}}"#)
        #expect(result.text == """
            api PetShop

            group Pets public
              getPet GET /pets/{petId: Int} -> Pet

            model Pet
              id:   Int
              name: String

            """)
        #expect(result.diagnostics == [])
        #expect(result.summary == "imported 1 of 5 operations (4 not imported, 4 left out by the filter) and 1 of 5 component schemas (4 not used by any imported operation); 1 type declared")
    }

    @Test func theListsKeepTheUnionOfWhatEachKeeps() {
        let result = ConfiguredImport.imported(configuration: #"""
            {"filter": {"tags": ["users"], "operations": ["listPets"], "paths": ["/store/orders", "/users/{username}"]}}
            """#)
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets GET /pets -> [Pet]

            group Store public
              placeOrder POST /store/orders body Order -> Order

            group Users public
              getUser GET /users/{username: String} -> User

            model Pet
              id:   Int
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
        #expect(result.summary == "imported 3 of 5 operations (2 not imported, 2 left out by the filter) and 4 of 5 component schemas (1 not used by any imported operation); 4 types declared")
    }

    @Test func anEntryThatNamesNothingIsAWarningAtItsPlaceInTheConfiguration() {
        let result = ConfiguredImport.imported(configuration: #"""
            {
              "filter": {
                "tags": ["pets", "admin"],
                "operations": ["deletePet"],
                "paths": ["/pets/{id}", "/pets/"]
              }
            }
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
        #expect(result.diagnostics == [
            .warning("the filter keeps tag 'admin', which no operation has", at: Self.config(3, 22)),
            .warning("the filter keeps operation 'deletePet', which the description does not have", at: Self.config(4, 20)),
            .warning("the filter keeps path '/pets/{id}', which the description does not have", at: Self.config(5, 15)),
            .warning("the filter keeps path '/pets/', which the description does not have", at: Self.config(5, 29)),
        ])
        #expect(result.summary == "imported 3 of 5 operations (2 not imported, 2 left out by the filter) and 2 of 5 component schemas (3 not used by any imported operation); 2 types declared")
    }

    @Test func aFilterThatKeepsNothingImportsTheAPILineAlone() {
        let result = ConfiguredImport.imported(configuration: #"{"filter": {"tags": ["admin"]}}"#)
        #expect(result.text == "api PetShop\n")
        #expect(result.diagnostics == [.warning("the filter keeps tag 'admin', which no operation has", at: Self.config(1, 22))])
        #expect(result.summary == "imported 0 of 5 operations (5 not imported, 5 left out by the filter) and 0 of 5 component schemas (5 not used by any imported operation); 0 types declared")
    }

    @Test func anEmptyFilterKeepsNoOperation() {
        // A filter keeps what its lists name; one without lists names nothing (no filter keeps all).
        let result = ConfiguredImport.imported(configuration: #"{"filter": {}}"#)
        #expect(result.text == "api PetShop\n")
        #expect(result.diagnostics == [])
        #expect(result.summary == "imported 0 of 5 operations (5 not imported, 5 left out by the filter) and 0 of 5 component schemas (5 not used by any imported operation); 0 types declared")
    }

    @Test func theAPINameComesFromTheConfiguration() {
        let result = ConfiguredImport.imported(configuration: #"{"api": "Store"}"#)
        #expect(result.text == "api Store" + Self.everything.dropFirst("api PetShop".count))
        #expect(result.diagnostics == [])
    }

    @Test func anAPINameThatIsNoIdentifierIsAnErrorAtItsPlaceInTheConfiguration() {
        let result = ConfiguredImport.imported(configuration: #"{"api": "pet store"}"#)
        #expect(result.text == nil)
        #expect(result.diagnostics == [
            .error("api name 'pet store' is not a valid identifier; use letters, digits and '_', such as 'PetStore'", at: Self.config(1, 9)),
        ])
    }

    @Test func theImportersOwnAPINameWinsOverTheConfigurations() throws {
        let collector = DiagnosticCollector()
        let configuration = try #require(ImportConfiguration.read(Array(#"{"api": "pet store"}"#.utf8), path: "routegen.json", diagnostics: collector))
        let result = OpenAPIImporter(path: "openapi.yaml", apiName: "Shop", configuration: configuration)
            .importDescription(Array(ConfiguredImport.description.utf8), diagnostics: collector)
        #expect(result?.text == "api Shop" + Self.everything.dropFirst("api PetShop".count))
        #expect(collector.sorted == [])
    }
}

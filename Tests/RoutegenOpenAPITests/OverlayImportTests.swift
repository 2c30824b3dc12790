import RoutegenCore
import RoutegenOpenAPI
import Testing

/// Overlays (the OpenAPI Initiative's Overlay 1.0) applied by the importer before it imports:
/// an update merged into each mapping its target selects and added to each sequence, `remove`
/// taking nodes out, a target selecting nothing a warning at its action, a malformed overlay an
/// error at its place in the overlay file, and a diagnostic at what an overlay added naming the
/// overlay's file and line (`OverlayLocations`).
@Suite("routegen import: overlays")
struct OverlayImportTests {
    static func overlay(_ line: Int, _ column: Int) -> RoutegenCore.SourceLocation { ConfiguredImport.overlay(line, column) }

    /// The description's groups and the models after `Pet`, unchanged by most overlays here.
    static let groupsAfterPets = """
        group Store public
          placeOrder POST /store/orders body Order -> Order

        group Users public
          getUser GET /users/{username: String} -> User

        """

    static let modelsAfterPet = """
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

    @Test func anUpdateMergesIntoAMappingAndIsAddedToItsSequences() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            info:
              title: Pet tags
              version: 1.0.0
            actions:
              - target: $.components.schemas.Pet.properties
                update:
                  tag:
                    type: string
              - target: $.components.schemas.Pet
                update:
                  required: [tag]
            """)
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets  GET  /pets              -> [Pet]
              createPet POST /pets body NewPet  -> Pet status 201
              getPet    GET  /pets/{petId: Int} -> Pet

            \(Self.groupsAfterPets)
            model Pet
              id:   Int
              name: String
              tag:  String

            \(Self.modelsAfterPet)
            """)
        #expect(result.diagnostics == [])
        #expect(result.summary == "imported 5 of 5 operations (0 not imported) and 5 of 5 component schemas (0 not used by any imported operation); 5 types declared")
    }

    @Test func anUpdateOfASequenceIsAppendedAndANewKeyIsAdded() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            info: {title: Parameters, version: 1.0.0}
            actions:
              - target: $.paths['/pets/{petId}'].get.parameters
                update: {name: verbose, in: query, schema: {type: boolean}}
              - target: $.paths['/pets'].get
                update:
                  parameters:
                    - {name: limit, in: query, required: true, schema: {type: integer}}
            """)
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets  GET  /pets ?limit: Int                  -> [Pet]
              createPet POST /pets body NewPet                  -> Pet status 201
              getPet    GET  /pets/{petId: Int} ?verbose: Bool? -> Pet

            \(Self.groupsAfterPets)
            model Pet
              id:   Int
              name: String

            \(Self.modelsAfterPet)
            """)
        #expect(result.diagnostics == [])
    }

    @Test func removeTakesAnOperationOutOfItsPathAndAnEntryOutOfItsList() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            info: {title: No creating, version: 1.0.0}
            actions:
              - target: $.paths['/pets'].post
                remove: true
              - target: $.components.schemas.Pet.required[?@ == 'name']
                remove: true
            """)
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets GET /pets              -> [Pet]
              getPet   GET /pets/{petId: Int} -> Pet

            \(Self.groupsAfterPets)
            model Pet
              id:   Int
              name: String?

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
        #expect(result.summary == "imported 4 of 4 operations (0 not imported) and 4 of 5 component schemas (1 not used by any imported operation); 4 types declared")
    }

    @Test func aRemoveTargetRemovesEveryNodeItSelectsAcrossTheDescription() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            actions:
              - target: $.components.schemas.*.required[?@ == 'id']
                remove: true
            """)
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets  GET  /pets              -> [Pet]
              createPet POST /pets body NewPet  -> Pet status 201
              getPet    GET  /pets/{petId: Int} -> Pet

            \(Self.groupsAfterPets)
            model Pet
              id:   Int?
              name: String

            model NewPet
              name: String

            model Order
              id:    Int?
              total: Money

            model Money
              amount:   String
              currency: String

            model User
              username: String

            """)
        #expect(result.diagnostics == [])
    }

    @Test func anUpdateReplacesAScalarAndAJSONOverlayIsReadToo() {
        let result = ConfiguredImport.imported(overlays: [OverlayFile(path: "openapi.overlay.json", bytes: Array(#"""
            {"overlay": "1.0.0", "actions": [
              {"target": "$.info", "update": {"title": "Pet Store"}},
              {"target": "$.paths['/users/{username}']", "remove": true}
            ]}
            """#.utf8))])
        #expect(result.text == """
            api PetStore

            group Pets public
              listPets  GET  /pets              -> [Pet]
              createPet POST /pets body NewPet  -> Pet status 201
              getPet    GET  /pets/{petId: Int} -> Pet

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
        #expect(result.summary == "imported 4 of 4 operations (0 not imported) and 4 of 5 component schemas (1 not used by any imported operation); 4 types declared")
    }

    @Test func aTargetThatSelectsNothingOrAnActionThatChangesNothingIsAWarningAtTheAction() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            info: {title: Stale, version: 1.0.0}
            actions:
              - target: $.paths['/pets'].delete
                remove: true
              - target: $.components.schemas.Cat
                update: {type: object}
              - target: $.paths.*.get
                description: only a description
            """)
        #expect(result.text == ImportFilterTests.everything)
        #expect(result.diagnostics == [
            .warning("the target '$.paths['/pets'].delete' of action 1 selects nothing in the description; the action changes nothing", at: Self.overlay(4, 5)),
            .warning("the target '$.components.schemas.Cat' of action 2 selects nothing in the description; the action changes nothing", at: Self.overlay(6, 5)),
            .warning("action 3 has neither 'update' nor 'remove: true'; it changes nothing", at: Self.overlay(8, 5)),
        ])
    }

    @Test func anOverlayWithoutAVersionOneIsAnErrorAtItsVersionOrItsStart() {
        let message = "not an Overlay 1.x document: it needs 'overlay: 1.0.0' (the OpenAPI Initiative's Overlay Specification)"
        let missing = ConfiguredImport.imported(overlay: "info: {title: x, version: 1.0.0}\nactions: []\n")
        #expect(missing.text == nil)
        #expect(missing.diagnostics == [.error(message, at: Self.overlay(1, 1))])

        let two = ConfiguredImport.imported(overlay: "overlay: 2.0.0\nactions: []\n")
        #expect(two.text == nil)
        #expect(two.diagnostics == [.error(message, at: Self.overlay(1, 10))])
    }

    @Test func anOverlayWithoutActionsIsAnErrorAtItsStart() {
        let result = ConfiguredImport.imported(overlay: "overlay: 1.0.0\ninfo: {title: x, version: 1.0.0}\n")
        #expect(result.text == nil)
        #expect(result.diagnostics == [.error("the overlay has no 'actions' list", at: Self.overlay(1, 1))])
    }

    @Test func actionsThatAreNoListAreAnErrorAtThem() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            actions:
              target: $.info
            """)
        #expect(result.text == nil)
        #expect(result.diagnostics == [.error("the overlay's 'actions' is a mapping; write a list of actions", at: Self.overlay(3, 3))])
    }

    @Test func aMissingTargetOneThatIsNoTextAndOneThatIsNoJSONPathAreErrorsAtTheirPlace() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            actions:
              - update: {title: x}
              - target: 42
                remove: true
              - target: "$.paths[?@.get"
                remove: true
              - target: paths
                remove: true
            """)
        #expect(result.text == nil)
        #expect(result.diagnostics == [
            .error("action 1 has no 'target'", at: Self.overlay(3, 5)),
            .error("'target' of action 2 is a number; write a text", at: Self.overlay(4, 13)),
            .error("the target '$.paths[?@.get' of action 3 is no JSONPath query this reads: expected ']' at its character 15", at: Self.overlay(6, 13)),
            .error("the target 'paths' of action 4 is no JSONPath query this reads: a query starts with '$' at its character 1", at: Self.overlay(8, 13)),
        ])
    }

    @Test func aTargetThatIsNoTextStopsTheOverlayLikeAnyOtherError() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            actions:
              - target: 42
                remove: true
              - target: $.nothing
                remove: true
            """)
        #expect(result.text == nil)
        #expect(result.diagnostics == [.error("'target' of action 1 is a number; write a text", at: Self.overlay(3, 13))])
    }

    @Test func anUpdateOfAnotherKindIsAnErrorAtTheUpdateInTheOverlay() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            actions:
              - target: $.info.title
                update: {text: x}
              - target: $.components.schemas.Pet
                update:
                  required: name
            """)
        #expect(result.text == nil)
        #expect(result.diagnostics == [
            .error("action 1 updates a string with a mapping; an update merges a mapping into a mapping or adds to a sequence", at: Self.overlay(4, 13)),
            .error(
                "action 2 puts a string where the description has a sequence ('required'); an update cannot change a value's kind: remove it in one action, then add it in the next",
                at: Self.overlay(7, 17)
            ),
        ])
    }

    @Test func aDiagnosticAtWhatTheOverlayAddedNamesTheOverlaysFileAndLine() {
        let result = ConfiguredImport.imported(overlay: """
            overlay: 1.0.0
            actions:
              - target: $.components.schemas.Pet.properties
                update:
                  extra: {}
            """)
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets  GET  /pets              -> [Pet]
              createPet POST /pets body NewPet  -> Pet status 201
              getPet    GET  /pets/{petId: Int} -> Pet

            \(Self.groupsAfterPets)
            model Pet
              id:    Int
              name:  String
              extra: JSONValue?

            \(Self.modelsAfterPet)
            """)
        #expect(result.diagnostics == [
            .warning("the schema says nothing of its value (no 'type', 'properties' or 'items'); imported as 'JSONValue', which holds any JSON", at: Self.overlay(5, 14)),
        ])
    }

    @Test func withTwoOverlaysEachDiagnosticNamesTheOverlayThatAddedItsNode() {
        let first = """
            overlay: 1.0.0
            actions:
              - target: $.components.schemas.Pet.properties
                update:
                  a: {}
            """
        let second = """
            overlay: 1.0.0
            actions:
              - target: $.components.schemas.Pet.properties
                update:
                  b: {}
              - target: $.x
                remove: true
            """
        let result = ConfiguredImport.imported(overlays: [
            OverlayFile(path: "first.overlay.yaml", bytes: Array(first.utf8)),
            OverlayFile(path: "second.overlay.yaml", bytes: Array(second.utf8)),
        ])
        #expect(result.text == """
            api PetShop

            group Pets public
              listPets  GET  /pets              -> [Pet]
              createPet POST /pets body NewPet  -> Pet status 201
              getPet    GET  /pets/{petId: Int} -> Pet

            \(Self.groupsAfterPets)
            model Pet
              id:   Int
              name: String
              a:    JSONValue?
              b:    JSONValue?

            \(Self.modelsAfterPet)
            """)
        let open = "the schema says nothing of its value (no 'type', 'properties' or 'items'); imported as 'JSONValue', which holds any JSON"
        #expect(result.diagnostics == [
            .warning(open, at: RoutegenCore.SourceLocation(file: "first.overlay.yaml", line: 5, column: 10)),
            .warning(open, at: RoutegenCore.SourceLocation(file: "second.overlay.yaml", line: 5, column: 10)),
            .warning("the target '$.x' of action 2 selects nothing in the description; the action changes nothing", at: RoutegenCore.SourceLocation(file: "second.overlay.yaml", line: 6, column: 5)),
        ])
    }

    @Test func anOverlayThatIsNoYAMLIsAnErrorInTheOverlayFile() {
        let result = ConfiguredImport.imported(overlay: "overlay: [1.0.0\n")
        #expect(result.text == nil)
        #expect(result.diagnostics == [.error("invalid YAML: the stream ends inside a flow collection", at: Self.overlay(2, 1))])
    }
}

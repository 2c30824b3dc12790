import RoutegenCore
import RoutegenOpenAPI
import Testing

/// swift-openapi-generator's `openapi-generator-config.yaml`, read through
/// `ImportConfiguration.read` when the path's file name is its: `accessModifier`, `filter`,
/// `typeOverrides.schemas` and `additionalImports` read; everything else a warning saying why.
@Suite("openapi-generator-config.yaml: swift-openapi-generator's configuration")
struct GeneratorConfigReadingTests {
    static let path = "Sources/Shop/openapi-generator-config.yaml"

    static func read(_ text: String, path: String = path) -> (configuration: ImportConfiguration?, diagnostics: [Diagnostic]) {
        ImportConfigurationTests.read(text, path: path)
    }

    static func text(_ text: String, _ line: Int, _ column: Int) -> ConfiguredText {
        ImportConfigurationTests.text(text, line, column, in: path)
    }

    static func at(_ line: Int, _ column: Int, in file: String = path) -> RoutegenCore.SourceLocation {
        RoutegenCore.SourceLocation(file: file, line: line, column: column)
    }

    @Test func accessModifierFilterTypeOverridesAndAdditionalImportsAreRead() throws {
        let (configuration, diagnostics) = Self.read("""
            generate:
              - types
              - client
            accessModifier: package
            filter:
              tags: [pets]
              operations: [getUser]
              paths: [/store/orders]
            typeOverrides:
              schemas:
                Money: Shop.Money
                User: User
            additionalImports:
              - Foundation
              - Shop
            """)
        #expect(diagnostics == [])
        let read = try #require(configuration)
        #expect(read.access == Self.text("package", 4, 17))
        #expect(read.apiName == nil)
        #expect(read.filter?.tags == [Self.text("pets", 6, 10)])
        #expect(read.filter?.operations == [Self.text("getUser", 7, 16)])
        #expect(read.filter?.paths == [Self.text("/store/orders", 8, 11)])
        #expect(read.renames.isEmpty)
        #expect(ImportConfigurationTests.overrides(read) == [
            [Self.text("Money", 11, 5), Self.text("Shop.Money", 11, 12)],
            [Self.text("User", 12, 5), Self.text("User", 12, 11)],
        ])
        #expect(read.imports == [Self.text("Foundation", 14, 5), Self.text("Shop", 15, 5)])
    }

    @Test func theYmlSpellingIsSwiftOpenAPIGeneratorsToo() throws {
        let (configuration, diagnostics) = Self.read("accessModifier: internal\n", path: "openapi-generator-config.yml")
        #expect(diagnostics == [])
        #expect(configuration?.access == ConfiguredText("internal", at: Self.at(1, 17, in: "openapi-generator-config.yml")))
    }

    @Test func theSameKeysInAnotherFileAreRoutegenJSONsUnknownKeys() {
        let (configuration, diagnostics) = Self.read("accessModifier: internal\n", path: "my-openapi-generator-config.yaml")
        #expect(configuration?.access == nil)
        #expect(diagnostics == [
            .warning(
                "unknown key 'accessModifier' in routegen.json; it is ignored (known keys: 'access', 'api', 'filter', 'rename', 'types')",
                at: Self.at(1, 1, in: "my-openapi-generator-config.yaml")
            ),
        ])
    }

    @Test func aServerInGenerateIsAWarningAtItsEntry() throws {
        let (configuration, diagnostics) = Self.read("""
            generate:
              - types
              - client
              - server
            """)
        #expect(diagnostics == [
            .warning("'server' of 'generate' is ignored: routegen generates the client side (endpoints, repositories and models) and no server", at: Self.at(4, 5)),
        ])
        #expect(configuration != nil)
    }

    @Test func filterSchemasIsAWarningThatSaysWhy() throws {
        let (configuration, diagnostics) = Self.read("""
            filter:
              tags: [pets]
              schemas: [Pet]
              other: []
            """)
        #expect(diagnostics == [
            .warning("'filter.schemas' is ignored: routegen keeps every schema the kept operations reach, and no other (a filter has 'tags', 'operations', 'paths')", at: Self.at(3, 3)),
            .warning("'filter.other' is ignored: it names no list of the filter (a filter has 'tags', 'operations', 'paths')", at: Self.at(4, 3)),
        ])
        #expect(configuration?.filter?.tags == [Self.text("pets", 2, 10)])
    }

    @Test func typeOverridesOtherThanSchemasAreWarnings() throws {
        let (configuration, diagnostics) = Self.read("""
            typeOverrides:
              formats:
                uuid: Foundation.UUID
              schemas:
                Money: Money
            """)
        #expect(diagnostics == [.warning("'typeOverrides.formats' is ignored; routegen reads 'typeOverrides.schemas'", at: Self.at(2, 3))])
        #expect(ImportConfigurationTests.overrides(configuration) == [[Self.text("Money", 5, 5), Self.text("Money", 5, 12)]])
    }

    @Test func keysRoutegenDoesNotReadAreWarningsThatSayWhy() throws {
        let (configuration, diagnostics) = Self.read("""
            generate: [types, client]
            namingStrategy: idiomatic
            nameOverrides: {}
            featureFlags: [nullableOneOf]
            additionalFileComments: ["swiftlint:disable all"]
            colour: red
            """)
        let renaming = "routegen names types, routes and fields by its own rules; 'rename' in routegen.json renames"
        #expect(diagnostics == [
            .warning("'namingStrategy' of swift-openapi-generator's configuration is ignored: \(renaming)", at: Self.at(2, 1)),
            .warning("'nameOverrides' of swift-openapi-generator's configuration is ignored: \(renaming)", at: Self.at(3, 1)),
            .warning("'featureFlags' of swift-openapi-generator's configuration is ignored: it names swift-openapi-generator's own features", at: Self.at(4, 1)),
            .warning("'additionalFileComments' of swift-openapi-generator's configuration is ignored: routegen's files start with their own header", at: Self.at(5, 1)),
            .warning("'colour' of swift-openapi-generator's configuration is ignored: swift-openapi-generator's configuration has no such key either", at: Self.at(6, 1)),
        ])
        let read = try #require(configuration)
        #expect(read.access == nil)
        #expect(read.filter == nil)
        #expect(read.renames.isEmpty)
    }

    @Test func anAccessModifierOtherThanTheThreeAndValuesOfTheWrongKindAreErrors() {
        let (configuration, diagnostics) = Self.read("""
            accessModifier: open
            generate: types
            additionalImports: Foundation
            typeOverrides: [Money]
            filter: {tags: pets, other: []}
            """)
        #expect(configuration == nil)
        #expect(diagnostics == [
            .error("'accessModifier' is 'open'; write 'public', 'package' or 'internal'", at: Self.at(1, 17)),
            .error("'generate' is a string; write a list of texts", at: Self.at(2, 11)),
            .error("'additionalImports' is a string; write a list of texts", at: Self.at(3, 20)),
            .error("'typeOverrides' is a sequence; write a mapping", at: Self.at(4, 16)),
            .error("'filter.tags' is a string; write a list of texts", at: Self.at(5, 16)),
            .warning("'filter.other' is ignored: it names no list of the filter (a filter has 'tags', 'operations', 'paths')", at: Self.at(5, 22)),
        ])
    }

    @Test func entriesAndKeysOfTheWrongKindAreErrorsAtTheirPlace() {
        let (configuration, diagnostics) = Self.read("""
            typeOverrides:
              schemas:
                Money: [Money]
                1: Money
            generate: [1, server]
            filter:
              2: [x]
            """)
        #expect(configuration == nil)
        #expect(diagnostics == [
            .error("'Money' in 'typeOverrides.schemas' is a sequence; write a text", at: Self.at(3, 12)),
            .error("a key of 'typeOverrides.schemas' is a number; keys are texts", at: Self.at(4, 5)),
            .error("an entry of 'generate' is a number; write a text", at: Self.at(5, 12)),
            .warning("'server' of 'generate' is ignored: routegen generates the client side (endpoints, repositories and models) and no server", at: Self.at(5, 15)),
            .error("a key of 'filter' is a number; keys are texts", at: Self.at(7, 3)),
        ])
    }

    @Test func yamlThatDoesNotReadIsAnError() {
        let (configuration, diagnostics) = Self.read("accessModifier: [public\n")
        #expect(configuration == nil)
        #expect(diagnostics == [.error("invalid YAML: the stream ends inside a flow collection", at: Self.at(2, 1))])
    }

    @Test func aConfigurationThatIsNoMappingIsAnError() {
        let (configuration, diagnostics) = Self.read("- accessModifier\n")
        #expect(configuration == nil)
        #expect(diagnostics == [.error("the configuration is a sequence; write a mapping", at: Self.at(1, 1))])
    }
}

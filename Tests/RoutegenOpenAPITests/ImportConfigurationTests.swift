import RoutegenCore
import RoutegenOpenAPI
import Testing

/// `routegen.json` read by `ImportConfiguration.read`: each key with where it stands, unknown
/// keys as warnings, and every value of the wrong kind an error at its line and column.
@Suite("routegen.json: the import configuration")
struct ImportConfigurationTests {
    /// The configuration `text` says (nil after an error) and every diagnostic, sorted.
    static func read(_ text: String, path: String = "routegen.json") -> (configuration: ImportConfiguration?, diagnostics: [Diagnostic]) {
        let collector = DiagnosticCollector()
        let configuration = ImportConfiguration.read(Array(text.utf8), path: path, diagnostics: collector)
        return (configuration, collector.sorted)
    }

    /// A text of the configuration at `line` and `column` of `routegen.json`.
    static func text(_ text: String, _ line: Int, _ column: Int, in file: String = "routegen.json") -> ConfiguredText {
        ConfiguredText(text, at: RoutegenCore.SourceLocation(file: file, line: line, column: column))
    }

    /// Renames and type overrides as lists of `[from, to]`, which compare with `==`.
    static func pairs(_ list: [(from: ConfiguredText, to: ConfiguredText)]) -> [[ConfiguredText]] {
        list.map { [$0.from, $0.to] }
    }

    static func overrides(_ configuration: ImportConfiguration?) -> [[ConfiguredText]] {
        (configuration?.typeOverrides ?? []).map { [$0.schema, $0.type] }
    }

    static func at(_ line: Int, _ column: Int) -> RoutegenCore.SourceLocation {
        RoutegenCore.SourceLocation(file: "routegen.json", line: line, column: column)
    }

    @Test func everyKeyIsReadWithTheLineAndColumnItStandsAt() throws {
        let (configuration, diagnostics) = Self.read(#"""
            {
              "access": "package",
              "api": "Shop",
              "filter": {"tags": ["pets"], "operations": ["getUser"], "paths": ["/store/orders"]},
              "rename": {"schemas": {"Pet": "Animal"}, "operations": {"listPets": "allPets"}, "tags": {"store": "Checkout"}},
              "types": {"Money": "Money", "User": "Accounts.User"}
            }
            """#)
        #expect(diagnostics == [])
        let read = try #require(configuration)
        #expect(read.access == Self.text("package", 2, 13))
        #expect(read.apiName == Self.text("Shop", 3, 10))
        #expect(read.filter?.tags == [Self.text("pets", 4, 23)])
        #expect(read.filter?.operations == [Self.text("getUser", 4, 47)])
        #expect(read.filter?.paths == [Self.text("/store/orders", 4, 69)])
        #expect(Self.pairs(read.renames.schemas) == [[Self.text("Pet", 5, 26), Self.text("Animal", 5, 33)]])
        #expect(Self.pairs(read.renames.operations) == [[Self.text("listPets", 5, 59), Self.text("allPets", 5, 71)]])
        #expect(Self.pairs(read.renames.tags) == [[Self.text("store", 5, 92), Self.text("Checkout", 5, 101)]])
        #expect(Self.overrides(read) == [
            [Self.text("Money", 6, 13), Self.text("Money", 6, 22)],
            [Self.text("User", 6, 31), Self.text("Accounts.User", 6, 39)],
        ])
        #expect(read.imports == [])
    }

    @Test func anEmptyObjectAsksForNothing() throws {
        let (configuration, diagnostics) = Self.read("{}")
        #expect(diagnostics == [])
        let read = try #require(configuration)
        #expect(read.access == nil)
        #expect(read.apiName == nil)
        #expect(read.filter == nil)
        #expect(read.renames.isEmpty)
        #expect(Self.overrides(read) == [])
        #expect(read.imports == [])
    }

    @Test(arguments: ["public", "package", "internal"])
    func eachOfTheThreeAccessesIsRead(access: String) {
        let (configuration, diagnostics) = Self.read(#"{"access": "\#(access)"}"#)
        #expect(diagnostics == [])
        #expect(configuration?.access == Self.text(access, 1, 12))
    }

    @Test func anAccessOtherThanTheThreeIsAnErrorAtItsValue() {
        let (configuration, diagnostics) = Self.read(#"{"access": "open"}"#)
        #expect(configuration == nil)
        #expect(diagnostics == [.error("'access' is 'open'; write 'public', 'package' or 'internal'", at: Self.at(1, 12))])
    }

    @Test func filterListsAndRenameSectionsMayBeLeftOut() throws {
        let (configuration, diagnostics) = Self.read(#"{"filter": {"paths": ["/pets"]}, "rename": {"tags": {"pets": "Animals"}}}"#)
        #expect(diagnostics == [])
        let read = try #require(configuration)
        #expect(read.filter?.tags == [])
        #expect(read.filter?.operations == [])
        #expect(read.filter?.paths == [Self.text("/pets", 1, 23)])
        #expect(Self.pairs(read.renames.schemas) == [])
        #expect(Self.pairs(read.renames.operations) == [])
        #expect(Self.pairs(read.renames.tags) == [[Self.text("pets", 1, 54), Self.text("Animals", 1, 62)]])
    }

    @Test func unknownKeysAreWarningsThatNameTheKnownOnesAndTheClosest() throws {
        let (configuration, diagnostics) = Self.read(#"""
            {
              "acess": "public",
              "filters": {},
              "colour": 1,
              "filter": {"schemas": ["Pet"], "tags": []},
              "rename": {"paths": {}}
            }
            """#)
        let known = "(known keys: 'access', 'api', 'filter', 'rename', 'types')"
        #expect(diagnostics == [
            .warning("unknown key 'acess' in routegen.json; it is ignored \(known) (did you mean 'access'?)", at: Self.at(2, 3)),
            .warning("unknown key 'filters' in routegen.json; it is ignored \(known) (did you mean 'filter'?)", at: Self.at(3, 3)),
            .warning("unknown key 'colour' in routegen.json; it is ignored \(known)", at: Self.at(4, 3)),
            .warning("'filter.schemas' is ignored: it names no list of the filter (a filter has 'tags', 'operations', 'paths')", at: Self.at(5, 14)),
            .warning("'rename.paths' is ignored; 'rename' has 'schemas', 'operations' and 'tags'", at: Self.at(6, 14)),
        ])
        let read = try #require(configuration)
        #expect(read.access == nil)
        #expect(read.filter?.tags == [])
        #expect(read.renames.isEmpty)
    }

    @Test func aValueOfTheWrongKindIsAnErrorAtItsLineAndColumn() {
        let (configuration, diagnostics) = Self.read(#"""
            {
              "access": 1,
              "api": ["Shop"],
              "filter": {"tags": "pets", "operations": [1, "a"], "paths": {}},
              "rename": {"schemas": ["Pet"], "operations": {"a": 2}},
              "types": "Money"
            }
            """#)
        #expect(configuration == nil)
        #expect(diagnostics == [
            .error("'access' is a number; write a text", at: Self.at(2, 13)),
            .error("'api' is a sequence; write a text", at: Self.at(3, 10)),
            .error("'filter.tags' is a string; write a list of texts", at: Self.at(4, 22)),
            .error("an entry of 'filter.operations' is a number; write a text", at: Self.at(4, 45)),
            .error("'filter.paths' is a mapping; write a list of texts", at: Self.at(4, 63)),
            .error("'rename.schemas' is a sequence; write a mapping", at: Self.at(5, 25)),
            .error("'a' in 'rename.operations' is a number; write a text", at: Self.at(5, 54)),
            .error("'types' is a string; write a mapping", at: Self.at(6, 12)),
        ])
    }

    @Test func aFilterOrRenameThatIsNoMappingIsAnError() {
        let (configuration, diagnostics) = Self.read(#"{"filter": ["pets"], "rename": "x"}"#)
        #expect(configuration == nil)
        #expect(diagnostics == [
            .error("'filter' is a sequence; write a mapping", at: Self.at(1, 12)),
            .error("'rename' is a string; write a mapping", at: Self.at(1, 32)),
        ])
    }

    @Test func theConfigurationItselfMustBeAMapping() {
        let (configuration, diagnostics) = Self.read(#"["access"]"#)
        #expect(configuration == nil)
        #expect(diagnostics == [.error("the configuration is a sequence; write a mapping", at: Self.at(1, 1))])
    }

    @Test func textThatIsNoJSONIsAnErrorAtItsPlace() {
        let trailingComma = Self.read(#"{"access": "public",}"#)
        #expect(trailingComma.configuration == nil)
        #expect(trailingComma.diagnostics == [.error("not JSON: expected a string key, found '}'", at: Self.at(1, 21))])

        let empty = Self.read("")
        #expect(empty.configuration == nil)
        #expect(empty.diagnostics == [.error("not JSON: the document is empty", at: Self.at(1, 1))])
    }

    @Test func aKeyWrittenTwiceIsAnError() {
        let (configuration, diagnostics) = Self.read(#"{"access": "public", "access": "internal"}"#)
        #expect(configuration == nil)
        #expect(diagnostics == [.error("duplicate key 'access' in one object; the first is at 1:2", at: Self.at(1, 22))])
    }

    @Test func theFileNamesAreRoutegensAndSwiftOpenAPIGeneratorsOwn() {
        #expect(ImportConfiguration.fileName == "routegen.json")
        #expect(ImportConfiguration.generatorConfigFileNames == ["openapi-generator-config.yaml", "openapi-generator-config.yml"])
    }
}

import RoutegenCore
@testable import RoutegenOpenAPI
import RoutegenYAML
import Testing

/// The JSONPath queries (RFC 9535) overlay actions target: `JSONPathParser` reads them, and
/// `JSONPath.select(in:)` gives the places of the nodes selected, in document order, each once.
@Suite("JSONPath: the queries overlay targets are written in")
struct JSONPathTests {
    static let document = """
        a:
          b: 1
          'name with / slash': 2
          list: [10, 20, 30]
        parameters:
          - {name: limit, in: query, required: true}
          - {name: offset, in: query}
          - {name: id, in: path, required: true, deprecated: true}
          - {name: x-trace, in: header, count: 3}
        """

    static let root: DocumentNode = {
        let collector = DiagnosticCollector()
        guard let root = DocumentReader(path: "doc.yaml").read(Array(document.utf8), diagnostics: collector), !collector.hasErrors else {
            fatalError("the test document does not read: \(collector.diagnostics)")
        }
        return root
    }()

    /// The places `query` selects in `root`.
    static func select(_ query: String) throws -> [[JSONPath.Step]] {
        try JSONPathParser.parse(query).select(in: root)
    }

    /// Why `query` does not read, and the character it stopped at; nil when it reads.
    static func failure(_ query: String) -> String? {
        do {
            _ = try JSONPathParser.parse(query)
            return nil
        } catch {
            return "\(error.message) at \(error.character)"
        }
    }

    static func parameter(_ index: Int) -> [JSONPath.Step] { [.key("parameters"), .index(index)] }

    @Test func theRootSelectsTheDocument() throws {
        #expect(try Self.select("$") == [[]])
    }

    @Test func namesSelectMembersWithADotOrInQuotes() throws {
        #expect(try Self.select("$.a") == [[.key("a")]])
        #expect(try Self.select("$.a.b") == [[.key("a"), .key("b")]])
        #expect(try Self.select("$['a']['name with / slash']") == [[.key("a"), .key("name with / slash")]])
        #expect(try Self.select(#"$["a"].b"#) == [[.key("a"), .key("b")]])
        #expect(try Self.select("$.a.c") == [])
    }

    @Test func aWildcardSelectsEveryMemberInOrder() throws {
        let members: [[JSONPath.Step]] = [[.key("a"), .key("b")], [.key("a"), .key("name with / slash")], [.key("a"), .key("list")]]
        #expect(try Self.select("$.a.*") == members)
        #expect(try Self.select("$.a[*]") == members)
        #expect(try Self.select("$.a.list[*]") == [[.key("a"), .key("list"), .index(0)], [.key("a"), .key("list"), .index(1)], [.key("a"), .key("list"), .index(2)]])
    }

    @Test func indexesCountFromTheStartOrWhenNegativeFromTheEnd() throws {
        #expect(try Self.select("$.a.list[0]") == [[.key("a"), .key("list"), .index(0)]])
        #expect(try Self.select("$.a.list[-1]") == [[.key("a"), .key("list"), .index(2)]])
        #expect(try Self.select("$.a.list[5]") == [])
        #expect(try Self.select("$.a.list[-4]") == [])
        #expect(try Self.select("$.a[0]") == [])
    }

    @Test func severalSelectorsSelectEachInTheOrderWritten() throws {
        #expect(try Self.select("$.a['list', 'b']") == [[.key("a"), .key("list")], [.key("a"), .key("b")]])
        #expect(try Self.select("$.a.list[2, 0]") == [[.key("a"), .key("list"), .index(2)], [.key("a"), .key("list"), .index(0)]])
        #expect(try Self.select("$.a['b', 'b']") == [[.key("a"), .key("b")]])
    }

    @Test func descendantsSelectAtEveryDepth() throws {
        #expect(try Self.select("$..name") == (0..<4).map { Self.parameter($0) + [.key("name")] })
        #expect(try Self.select("$..[0]") == [[.key("a"), .key("list"), .index(0)], Self.parameter(0)])
        #expect(try Self.select("$..required") == [Self.parameter(0) + [.key("required")], Self.parameter(2) + [.key("required")]])
        #expect(try Self.select("$.a..*") == [
            [.key("a"), .key("b")], [.key("a"), .key("name with / slash")], [.key("a"), .key("list")],
            [.key("a"), .key("list"), .index(0)], [.key("a"), .key("list"), .index(1)], [.key("a"), .key("list"), .index(2)],
        ])
    }

    @Test func aFilterComparesAMemberWithAValue() throws {
        #expect(try Self.select("$.parameters[?@.in == 'query']") == [Self.parameter(0), Self.parameter(1)])
        #expect(try Self.select(#"$.parameters[?@['in'] == "query"]"#) == [Self.parameter(0), Self.parameter(1)])
        #expect(try Self.select("$.parameters[?@.in != 'query']") == [Self.parameter(2), Self.parameter(3)])
        #expect(try Self.select("$.parameters[?(@.name == 'limit')]") == [Self.parameter(0)])
        #expect(try Self.select("$.parameters[?@.required == true]") == [Self.parameter(0), Self.parameter(2)])
        #expect(try Self.select("$.parameters[?@.missing == null]") == [])
    }

    @Test func aFilterWithAMemberAloneTestsThatItExists() throws {
        #expect(try Self.select("$.parameters[?@.deprecated]") == [Self.parameter(2)])
        #expect(try Self.select("$.parameters[?!@.required]") == [Self.parameter(1), Self.parameter(3)])
        #expect(try Self.select("$.parameters[?@.deprecated&&@.required]") == [Self.parameter(2)])
        #expect(try Self.select("$.parameters[?@.deprecated || @.count]") == [Self.parameter(2), Self.parameter(3)])
        #expect(try Self.select("$.parameters[?!(@.required || @.count)]") == [Self.parameter(1)])
    }

    @Test func numbersCompareByValue() throws {
        #expect(try Self.select("$.parameters[?@.count > 2]") == [Self.parameter(3)])
        #expect(try Self.select("$.parameters[?@.count >= 3.0]") == [Self.parameter(3)])
        #expect(try Self.select("$.parameters[?@.count == 3.0]") == [Self.parameter(3)])
        #expect(try Self.select("$.parameters[?@.count < 3]") == [])
        #expect(try Self.select("$.parameters[?@.count <= 3]") == [Self.parameter(3)])
        #expect(try Self.select("$.a.list[?@ > 15]") == [[.key("a"), .key("list"), .index(1)], [.key("a"), .key("list"), .index(2)]])
        #expect(try Self.select("$.a.list[?@ < -1]") == [])
    }

    @Test func textsCompareInOrder() throws {
        #expect(try Self.select("$.parameters[?@.name < 'm']") == [Self.parameter(0), Self.parameter(2)])
        #expect(try Self.select("$.parameters[?@.name > 1]") == [])
    }

    @Test func lessOrEqualHoldsForEqualValuesOfAnyKind() throws {
        // RFC 9535: `a <= b` is `a < b || a == b`, so equal booleans compare `<=` and `>=`.
        let selected = try Self.select("$.parameters[?@.required <= true]")
        #expect(selected == [Self.parameter(0), Self.parameter(2)])
    }

    @Test func testsAfterAComparisonJoinWithAndAndOr() throws {
        #expect(try Self.select("$.parameters[?(@.name == 'limit' && @.required)]") == [Self.parameter(0)])
        #expect(try Self.select("$.parameters[?@.in == 'path' || @.in == 'header']") == [Self.parameter(2), Self.parameter(3)])
        // Without the spaces, the same queries read.
        #expect(try Self.select("$.parameters[?(@.name == 'limit'&& @.required)]") == [Self.parameter(0)])
        #expect(try Self.select("$.parameters[?@.in == 'path'|| @.in == 'header']") == [Self.parameter(2), Self.parameter(3)])
    }

    @Test func theReasonAQueryDoesNotReadNamesTheCharacterItStoppedAt() {
        #expect(Self.failure("$.a") == nil)
        #expect(Self.failure("a") == "a query starts with '$' at 1")
        #expect(Self.failure("") == "a query starts with '$' at 1")
        #expect(Self.failure("$a") == "expected '.' or '[' at 2")
        #expect(Self.failure("$.") == "expected a name at 3")
        #expect(Self.failure("$..") == "expected a name at 4")
        #expect(Self.failure("$.['a']") == "expected a name after '.' at 3")
        #expect(Self.failure("$.a[") == "expected a name in quotes, an index, '*' or a filter '?...' at 5")
        #expect(Self.failure("$.a['b'") == "expected ']' at 8")
        #expect(Self.failure("$.a['b") == "the quoted name is not closed at 7")
        #expect(Self.failure("$[?@.x ==]") == "expected '@', a text in quotes, a number, true, false or null at 10")
        #expect(Self.failure("$.a[?(@.b == 1]") == "expected ')' at 15")
        #expect(Self.failure("$[?'x']") == #"a value alone is no test; compare it, as in '@.in == "query"' at 7"#)
        #expect(Self.failure("$[?@[x]]") == "expected a name in quotes or an index at 6")
        #expect(Self.failure("$.a[?@.b = 1]") == "expected ']' at 10")
    }
}

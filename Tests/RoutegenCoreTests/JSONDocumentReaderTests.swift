import RoutegenCore
import Testing

/// The located JSON reader: values, positions in scalars, and every refusal with its place.
@Suite("Reading JSON into a located tree")
struct JSONDocumentReaderTests {
    private static func read(_ text: String, limits: DocumentLimits = .standard) -> (DocumentNode?, [String]) {
        let collector = DiagnosticCollector()
        let node = JSONDocumentReader(path: "api.json", limits: limits).read(Array(text.utf8), diagnostics: collector)
        return (node, collector.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? "-"): \($0.severity): \($0.message)" })
    }

    @Test func readsEveryKindOfValueWithItsPosition() throws {
        let (node, diagnostics) = Self.read("{\n  \"a\": [1, -2.5e3, true, false, null],\n  \"é\": \"x\\u00e9\\ud83d\\ude00\\n\", \"b\": {}\n}\n")
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        #expect(root.position == DocumentPosition(line: 1, column: 1))
        let entries = try #require(root.entries)
        #expect(entries.map { $0.key.string } == ["a", "é", "b"])
        #expect(entries.map { $0.key.position.description } == ["2:3", "3:3", "3:33"])
        let array = try #require(root["a"]?.sequence)
        #expect(array.map(\.value) == [.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])
        #expect(array.map(\.position.column) == [9, 12, 20, 26, 33])
        #expect(root["é"]?.string == "xé😀\n")
        #expect(root["é"]?.position.description == "3:8")
        #expect(root["b"]?.entries == [])
        #expect(root["missing"] == nil)
    }

    @Test func aNumberKeepsTheTextItWasWrittenWith() throws {
        let (node, _) = Self.read("[1.0, 12345678901234567890123, 0, -0, 1E+2]")
        #expect(node?.sequence?.compactMap(\.number) == ["1.0", "12345678901234567890123", "0", "-0", "1E+2"])
    }

    @Test func repeatedKeysAreEachReportedAndReadingGoesOn() {
        let (node, diagnostics) = Self.read("{\"a\": 1, \"b\": 2, \"a\": 3,\n \"a\": 4}")
        #expect(node?.entries?.count == 4)
        #expect(diagnostics == [
            "api.json:1:18: error: duplicate key 'a' in one object; the first is at 1:2",
            "api.json:2:2: error: duplicate key 'a' in one object; the first is at 1:2",
        ])
    }

    @Test func repeatedKeysInALargeObjectAreFoundToo() {
        let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0", "\"k39\": 1"]
        let (_, diagnostics) = Self.read("{" + members.joined(separator: ",") + "}")
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.contains("duplicate key 'k7'") || $0.contains("duplicate key 'k39'") })
    }

    @Test(arguments: [
        ("", "api.json:1:1: error: not JSON: the document is empty"),
        ("{\"a\": 1,}", "api.json:1:9: error: not JSON: expected a string key, found '}'"),
        ("[1 2]", "api.json:1:4: error: not JSON: expected ',' or ']' in the array that starts at 1:1, found '2'"),
        ("{\"a\" 1}", "api.json:1:6: error: not JSON: expected ':' after the key 'a', found '1'"),
        ("{\"a\": 01}", "api.json:1:7: error: not JSON: a number may not start with a zero (01)"),
        ("[\"é\",\n  nul]", "api.json:2:3: error: not JSON: expected a value, found 'n'"),
        ("[\"é\" x]", "api.json:1:6: error: not JSON: expected ',' or ']' in the array that starts at 1:1, found 'x'"),
        ("\"a\nb\"", "api.json:1:3: error: not JSON: a line break in a string must be escaped"),
        ("[\"\\q\"]", "api.json:1:3: error: not JSON: '\\q' is no escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"),
        ("[\"\\ud800\"]", "api.json:1:3: error: not JSON: \\uD800 is half of a surrogate pair, and the other half is missing"),
        ("{\"a\": [1}", "api.json:1:9: error: not JSON: expected ',' or ']' in the array that starts at 1:7, found '}'"),
        ("{\"a\": 1", "api.json:1:8: error: not JSON: the object that starts at 1:1 is not closed"),
        ("{} {}", "api.json:1:4: error: not JSON: '{' after the document's value"),
        ("openapi: 3.1.0", "api.json:1:1: error: not JSON: expected a value, found 'o'"),
        ("// comment\n{}", "api.json:1:1: error: not JSON: expected a value, found '/'"),
    ])
    func malformedTextIsOneLocatedError(text: String, expected: String) {
        let (node, diagnostics) = Self.read(text)
        #expect(node == nil)
        #expect(diagnostics == [expected])
    }

    @Test func invalidUTF8IsRefused() {
        let collector = DiagnosticCollector()
        let node = JSONDocumentReader(path: "api.json").read([0x22, 0xC3, 0x28, 0x22], diagnostics: collector)
        #expect(node == nil)
        #expect(collector.diagnostics.map(\.message) == ["not JSON: the string is not valid UTF-8"])
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let depth = 100_000
        let (node, diagnostics) = Self.read(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(node == nil)
        #expect(diagnostics == ["api.json:1:513: error: the document nests deeper than 512 levels"])
        let (shallow, none) = Self.read(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        #expect(shallow != nil && none.isEmpty)
    }

    @Test func aDocumentOverTheSizeLimitIsRefusedFromItsSize() {
        let limits = DocumentLimits(maximumBytes: 8, maximumDepth: 10, maximumAliasExpansion: 10)
        let (node, diagnostics) = Self.read("[1, 2, 3, 4]", limits: limits)
        #expect(node == nil)
        #expect(diagnostics == ["api.json:1:1: error: the document is 12 bytes, over the 8 bytes that are read"])
        #expect(DocumentLimits.standard.maximumBytesDescription == "100 MB")
    }

    @Test func aByteOrderMarkIsSkipped() {
        let collector = DiagnosticCollector()
        let node = JSONDocumentReader(path: "api.json").read([0xEF, 0xBB, 0xBF] + Array("[true]".utf8), diagnostics: collector)
        #expect(node?.sequence?.first?.position == DocumentPosition(line: 1, column: 2))
    }
}

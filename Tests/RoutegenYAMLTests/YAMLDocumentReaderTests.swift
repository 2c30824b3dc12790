import Foundation
import RoutegenCore
import RoutegenYAML
import Testing

/// The located YAML reader: values, positions, the core schema, and every refusal with its place.
@Suite("Reading YAML into a located tree")
struct YAMLDocumentReaderTests {
    private static func read(_ text: String, limits: DocumentLimits = .standard) -> (DocumentNode?, [String]) {
        let collector = DiagnosticCollector()
        let node = YAMLDocumentReader(path: "api.yaml", limits: limits).read(Array(text.utf8), diagnostics: collector)
        return (node, collector.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? "-"): \($0.severity): \($0.message)" })
    }

    @Test func readsBlockCollectionsWithPositions() throws {
        let (node, diagnostics) = Self.read("openapi: 3.1.0\ninfo:\n  title: \"Pets\"\n  tags: [a, 'b c']\npaths:\n  - /pets\n  -\n")
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        #expect(root.position.description == "1:1")
        #expect(root.entries?.map { $0.key.string } == ["openapi", "info", "paths"])
        #expect(root["openapi"]?.value == .string("3.1.0"))
        #expect(root["info"]?["title"]?.string == "Pets")
        #expect(root["info"]?["title"]?.position.description == "3:10")
        #expect(root["info"]?["tags"]?.sequence?.map(\.value) == [.string("a"), .string("b c")])
        #expect(root["info"]?["tags"]?.sequence?.map(\.position.description) == ["4:10", "4:13"])
        #expect(root["paths"]?.sequence?.map(\.value) == [.string("/pets"), .null])
        #expect(root["paths"]?.position.description == "6:3")
    }

    @Test func plainScalarsFollowTheCoreSchema() throws {
        let (node, diagnostics) = Self.read("[null, Null, ~, !!null , true, False, 12, -3, 0o17, 0x1F, 1.5, -.5e3, .inf, -.Inf, .nan, 1_000, 3.1.0, yes, '12', !!str 12, !!int \"7\", !custom 5]")
        #expect(diagnostics.isEmpty)
        let values = try #require(node?.sequence).map(\.value)
        #expect(values == [
            .null, .null, .null, .null, .bool(true), .bool(false), .number("12"), .number("-3"), .number("0o17"), .number("0x1F"),
            .number("1.5"), .number("-.5e3"), .number(".inf"), .number("-.Inf"), .number(".nan"), .string("1_000"), .string("3.1.0"),
            .string("yes"), .string("12"), .string("12"), .number("7"), .number("5"),
        ])
    }

    @Test func everyScalarStyle() throws {
        let text = """
        plain: a
          multi-line
          plain
        single: 'it''s'
        double: "tab\\tnew\\nline \\u00e9\\U0001F600 \\x41"
        literal: |
          line 1
           line 2

        folded: >-
          folded
          text

          kept
        keep: |+
          x

        indented: |2
            two more
        """
        let (node, diagnostics) = Self.read(text)
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        #expect(root["plain"]?.string == "a multi-line plain")
        #expect(root["single"]?.string == "it's")
        #expect(root["double"]?.string == "tab\tnew\nline é😀 A")
        #expect(root["literal"]?.string == "line 1\n line 2\n")
        #expect(root["folded"]?.string == "folded text\nkept")
        #expect(root["keep"]?.string == "x\n\n")
        #expect(root["indented"]?.string == "  two more\n")
    }

    @Test func anchorsAliasesAndMergeFreeReuse() throws {
        let (node, diagnostics) = Self.read("base: &b {x: 1}\nuse: *b\nlist: [&s str, *s]\n")
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        #expect(root["use"]?["x"]?.number == "1")
        #expect(root["use"]?.position.description == "2:6")
        #expect(root["list"]?.sequence?.map(\.string) == ["str", "str"])
    }

    @Test func aStreamOfSeveralDocuments() throws {
        let collector = DiagnosticCollector()
        let reader = YAMLDocumentReader(path: "api.yaml")
        let documents = reader.readStream(Array("%YAML 1.2\n---\na: 1\n...\n--- b\n---\n".utf8), diagnostics: collector)
        #expect(collector.diagnostics.isEmpty)
        #expect(documents?.map(\.value) == [.mapping([DocumentEntry(key: DocumentNode(.string("a"), at: DocumentPosition(line: 3, column: 1)), value: DocumentNode(.number("1"), at: DocumentPosition(line: 3, column: 4)))]), .string("b"), .null])
        #expect(reader.readStream(Array("# only a comment\n".utf8), diagnostics: collector)?.isEmpty == true)
        let (one, errors) = Self.read("a: 1\n---\nb: 2\n")
        #expect(one == nil)
        #expect(errors == ["api.yaml:2:1: error: the YAML stream holds more than one document; one is read (the second starts here)"])
        #expect(Self.read("# nothing\n").1 == ["api.yaml:1:1: error: invalid YAML: the stream holds no document"])
    }

    @Test func aQuotedScalarsLineAtColumnOneIsContentUnlessItReadsAsStructure() throws {
        let (node, diagnostics) = Self.read("a:\n  items:\n    example: \"-----BEGIN CERTIFICATE-----\nMIIFiTCCA3Gg\n-----END CERTIFICATE-----\"\n  next: 1\n")
        #expect(diagnostics.isEmpty)
        #expect(node?["a"]?["items"]?["example"]?.string == "-----BEGIN CERTIFICATE----- MIIFiTCCA3Gg -----END CERTIFICATE-----")
        #expect(node?["a"]?["next"]?.number == "1")
    }

    @Test func repeatedKeysAreEachReportedAndReadingGoesOn() {
        let (node, diagnostics) = Self.read("a: 1\nb: 2\na: 3\nc: {a: 1, a: 2}\n")
        #expect(node?.entries?.count == 4)
        #expect(diagnostics == [
            "api.yaml:3:1: error: duplicate key 'a' in one mapping; the first is at 1:1",
            "api.yaml:4:11: error: duplicate key 'a' in one mapping; the first is at 4:5",
        ])
    }

    @Test(arguments: [
        ("a: 'open", "api.yaml:1:4: error: invalid YAML: the quoted scalar that starts at 1:4 is not closed"),
        ("a: b: c", "api.yaml:1:5: error: invalid YAML: a mapping value ':' is not allowed here (a key on one line with another, or a multi-line implicit key?)"),
        ("a:\n\tb: 1", "api.yaml:2:1: error: invalid YAML: a tab character where YAML needs spaces for indentation"),
        ("[1, 2", "api.yaml:2:1: error: invalid YAML: the stream ends inside a flow collection"),
        ("a: *missing", "api.yaml:1:4: error: invalid YAML: the alias '*missing' names no anchor before it"),
        ("key: \"x\" # ok\nother: \"y\"# not", "api.yaml:2:11: error: invalid YAML: a comment needs a space before '#'"),
        ("a: 1\n- b", "api.yaml:2:1: error: invalid YAML: expected a key in the block mapping that starts at 1:1, found '-'"),
        ("x: !!int abc", "api.yaml:1:4: error: invalid YAML: '!!int' tags 'abc', which is no integer"),
        ("x: \"\\q\"", "api.yaml:1:5: error: invalid YAML: '\\q' is no escape in a double-quoted scalar"),
        ("a: 1\n\u{1}", "api.yaml:2:1: error: invalid YAML: the control character 0x1 is not allowed; escape it in a double-quoted scalar"),
        ("a:\n  b: \"open\n  c: 1\n", "api.yaml:3:3: error: invalid YAML: a line of the quoted scalar that starts at 2:6 is indented too little"),
        ("a:\n  b: \"open\n- c\n", "api.yaml:3:1: error: invalid YAML: a line of the quoted scalar that starts at 2:6 is indented too little"),
    ])
    func malformedTextIsOneLocatedError(text: String, expected: String) {
        let (node, diagnostics) = Self.read(text)
        #expect(node == nil)
        #expect(diagnostics == [expected])
    }

    @Test func invalidUTF8IsRefused() {
        let collector = DiagnosticCollector()
        let node = YAMLDocumentReader(path: "api.yaml").read(Array("a: b\nc: ".utf8) + [0xC3, 0x28], diagnostics: collector)
        #expect(node == nil)
        #expect(collector.diagnostics.map { "\($0.location!): \($0.message)" } == ["api.yaml:2:4: invalid YAML: the text is not valid UTF-8"])
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let depth = 100_000
        for (open, close) in [("[", "]"), ("{", "}")] {
            let (node, diagnostics) = Self.read(String(repeating: open, count: depth) + String(repeating: close, count: depth))
            #expect(node == nil)
            #expect(diagnostics == ["api.yaml:1:513: error: invalid YAML: the document nests deeper than 512 levels"])
        }
        let (blocks, blockDiagnostics) = Self.read(String(repeating: "- ", count: depth) + "x")
        #expect(blocks == nil)
        #expect(blockDiagnostics == ["api.yaml:1:1025: error: invalid YAML: the document nests deeper than 512 levels"])
        let (shallow, none) = Self.read(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        #expect(shallow != nil && none.isEmpty)
    }

    @Test func aBillionLaughsIsRefusedFromTheAliasExpansion() {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            lines.append("a\(level): &a\(level) [" + Array(repeating: previous, count: 10).joined(separator: ", ") + "]")
        }
        let (node, diagnostics) = Self.read(lines.joined(separator: "\n"))
        #expect(node == nil)
        #expect(diagnostics == ["api.yaml:6:45: error: invalid YAML: aliases expand to more than 1000000 nodes (is this a \"billion laughs\" document?)"])
        let limits = DocumentLimits(maximumBytes: 1000, maximumDepth: 10, maximumAliasExpansion: 15)
        let (small, smallDiagnostics) = Self.read("a: &a [1, 2, 3]\nb: [*a, *a, *a, *a]", limits: limits)
        #expect(small == nil)
        #expect(smallDiagnostics == ["api.yaml:2:17: error: invalid YAML: aliases expand to more than 15 nodes (is this a \"billion laughs\" document?)"])
        #expect(Self.read("a: &a [1, 2, 3]\nb: [*a, *a, *a]", limits: limits).0 != nil)
    }

    @Test func aDocumentOverTheSizeLimitIsRefusedFromItsSize() {
        let limits = DocumentLimits(maximumBytes: 8, maximumDepth: 10, maximumAliasExpansion: 10)
        let (node, diagnostics) = Self.read("[1, 2, 3, 4]", limits: limits)
        #expect(node == nil)
        #expect(diagnostics == ["api.yaml:1:1: error: the document is 12 bytes, over the 8 bytes that are read"])
    }

    @Test func aByteOrderMarkIsSkippedAndColumnsCountScalars() {
        let collector = DiagnosticCollector()
        let node = YAMLDocumentReader(path: "api.yaml").read([0xEF, 0xBB, 0xBF] + Array("é: [ü, x]".utf8), diagnostics: collector)
        #expect(collector.diagnostics.isEmpty)
        #expect(node?["é"]?.sequence?.map(\.position.description) == ["1:5", "1:8"])
    }

    @Test func theDocumentReaderDispatchesYAML() {
        let collector = DiagnosticCollector()
        let node = DocumentReader(path: "openapi.yaml").read(Array("openapi: 3.1.0\n".utf8), diagnostics: collector)
        #expect(node?["openapi"] != nil)
        #expect(collector.diagnostics.isEmpty)
    }

    /// OpenAI's description (3 MB of YAML) reads with no diagnostic, to the values it holds.
    @Test func theOpenAIDescriptionReads() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "corpus/real/openai/openapi.yaml")
        let bytes = try [UInt8](Data(contentsOf: file))
        let collector = DiagnosticCollector()
        let root = try #require(YAMLDocumentReader(path: "openapi.yaml").read(bytes, diagnostics: collector))
        #expect(collector.diagnostics.isEmpty)
        #expect(root["openapi"]?.string == "3.1.0")
        #expect(root["info"]?["title"]?.string == "OpenAI API")
        #expect(root["info"]?["description"]?.string == "The OpenAI REST API. Please see https://platform.openai.com/docs/api-reference for more details.")
        let listAssistants = try #require(root["paths"]?["/assistants"]?["get"])
        #expect(listAssistants.position.description == "60:7")
        #expect(listAssistants["operationId"]?.string == "listAssistants")
        #expect(listAssistants["deprecated"]?.bool == true)
        let limit = try #require(listAssistants["parameters"]?.sequence?.first)
        #expect(limit.position.description == "66:11")
        #expect(limit["description"]?.string == "A limit on the number of objects to be returned. Limit can range between 1 and 100, and the default is 20.\n")
        #expect(limit["schema"]?["default"]?.number == "20")
        #expect(limit["required"]?.bool == false)
        #expect(root.entries?.map { $0.key.string ?? "?" } == ["openapi", "info", "servers", "security", "tags", "paths", "webhooks", "components", "x-oaiMeta"])
        #expect(root["paths"]?.entries?.count ?? 0 > 100)
    }
}

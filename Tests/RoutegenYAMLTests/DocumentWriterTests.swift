import RoutegenCore
import RoutegenYAML
import Testing

/// The JSON and YAML writers: exact bytes, and every written document reads back as its tree.
@Suite("Writing JSON and YAML")
struct DocumentWriterTests {
    private static func string(_ text: String) -> DocumentNode { DocumentNode(.string(text)) }
    private static func map(_ entries: [(String, DocumentNode)]) -> DocumentNode {
        DocumentNode(.mapping(entries.map { DocumentEntry($0.0, $0.1) }))
    }
    private static func list(_ elements: [DocumentNode]) -> DocumentNode { DocumentNode(.sequence(elements)) }

    /// Every kind of value, nested every way, with empty collections and a string to escape.
    static let sample = map([
        ("openapi", string("3.1.0")),
        ("count", DocumentNode(.number("-2.5e3"))),
        ("flags", list([DocumentNode(.bool(true)), DocumentNode(.bool(false)), DocumentNode(.null)])),
        ("empty", list([])),
        ("none", map([])),
        ("text", string("a \"quote\", a \\ and\ta tab\n")),
        ("people", list([map([("name", string("Zoë")), ("tags", list([string("x")]))]), list([string("nested")])])),
    ])

    @Test func jsonIsIndentedByTwoAndEscapedAsRFC8259Says() {
        #expect(JSONDocumentWriter().text(of: Self.sample) == #"""
            {
              "openapi": "3.1.0",
              "count": -2.5e3,
              "flags": [
                true,
                false,
                null
              ],
              "empty": [],
              "none": {},
              "text": "a \"quote\", a \\ and\ta tab\n",
              "people": [
                {
                  "name": "Zoë",
                  "tags": [
                    "x"
                  ]
                },
                [
                  "nested"
                ]
              ]
            }

            """#)
        #expect(JSONDocumentWriter().text(of: Self.string("\u{0}\u{1F}\u{7F}é/")) == "\"\\u0000\\u001f\u{7F}é/\"\n")
    }

    @Test func yamlIsBlockStyleWithQuotesOnlyWhereNeeded() {
        #expect(YAMLDocumentWriter().text(of: Self.sample) == #"""
            openapi: "3.1.0"
            count: -2.5e3
            flags:
              - true
              - false
              - null
            empty: []
            none: {}
            text: "a \"quote\", a \\ and\ta tab\n"
            people:
              - name: Zoë
                tags:
                  - x
              - - nested

            """#)
    }

    @Test func yamlQuotesEveryStringAnotherReaderCouldTakeForSomethingElse() {
        let quoted = ["", "true", "False", "null", "~", "yes", "off", "1.0", "42", "0x1F", "-1", "+1", ".inf", ".5", "2024-01-01",
                      "a: b", "a #b", "ends:", " lead", "trail ", "- x", "? x", ": x", "#x", "&a", "*a", "!tag", "|", ">", "'q'",
                      "\"q\"", "%x", "@x", "`x", "{x}", "[x]", ",x", "<<", "=", "tab\there", "line\nbreak", "\u{85}", "\u{FEFF}x"]
        for text in quoted {
            #expect(YAMLDocumentWriter().text(of: Self.string(text)).hasPrefix("\""), "\(text.debugDescription) must be quoted")
        }
        let plain = ["Book", "/books/{id}", "application/json", "image/*", "text/csv; charset=utf-8", "a:b", "a#b", "x-routegen-type",
                     "$ref", "Zoë's café", "東京", "with \"quotes\" inside", "Name_1"]
        for text in plain {
            #expect(YAMLDocumentWriter().text(of: Self.string(text)) == text + "\n")
        }
    }

    @Test func yamlEscapesWhatItMustAndWritesLongKeysExplicitly() {
        #expect(YAMLDocumentWriter().text(of: Self.string("\u{0}\u{7}\u{7F}\u{85}\u{2028}\u{FEFF}é")) == "\"\\0\\x07\\x7F\\N\\L\\uFEFFé\"\n")
        let long = String(repeating: "k", count: 1001)
        #expect(YAMLDocumentWriter().text(of: Self.map([(long, Self.map([("a", Self.string("b"))]))])) == "? " + long + "\n:\n  a: b\n")
        #expect(YAMLDocumentWriter().text(of: Self.map([("200", Self.string("OK"))])) == "\"200\": OK\n")
    }

    @Test func everyWrittenJSONReadsBackAsTheSameTree() throws {
        for tree in Self.trees() {
            let collector = DiagnosticCollector()
            let read = try #require(JSONDocumentReader(path: "t.json").read(JSONDocumentWriter().bytes(of: tree), diagnostics: collector))
            #expect(collector.diagnostics.isEmpty)
            #expect(Self.withoutPositions(read) == tree)
        }
    }

    @Test func everyWrittenYAMLReadsBackAsTheSameTree() throws {
        for tree in Self.trees() {
            let collector = DiagnosticCollector()
            let text = YAMLDocumentWriter().text(of: tree)
            let read = try #require(YAMLDocumentReader(path: "t.yaml").read(Array(text.utf8), diagnostics: collector), "\(text)")
            #expect(collector.diagnostics.isEmpty, "\(text)")
            #expect(Self.withoutPositions(read) == tree, "\(text)")
        }
    }

    @Test func everyStringReadsBackFromYAMLAsItself() throws {
        // Every printable ASCII character at the start, the middle and the end of a string,
        // alone and beside a space, a colon and a hash; and each as a key too.
        var strings: [String] = []
        for value in 0x20...0x7E {
            let character = String(UnicodeScalar(UInt8(value)))
            strings += [character, character + "a", "a" + character, "a" + character + "b", character + " ", " " + character,
                        character + ":", ":" + character, character + " #", "# " + character, "a " + character + " b"]
        }
        strings += ["\u{85}", "\u{A0}", "\u{2028}x", "x\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{1F600}", "e\u{301}", "\r\n", "\n", "a\n", "\na", "  ", "\t"]
        var seen: Set<String> = []
        strings = strings.filter { seen.insert($0).inserted }   // keys of one mapping are distinct
        let tree = DocumentNode(.sequence(strings.map(Self.string)))
        let keys = DocumentNode(.mapping(strings.enumerated().map { DocumentEntry($0.element, DocumentNode(.number(String($0.offset)))) }))
        for document in [tree, keys] {
            let collector = DiagnosticCollector()
            let text = YAMLDocumentWriter().text(of: document)
            let read = try #require(YAMLDocumentReader(path: "t.yaml").read(Array(text.utf8), diagnostics: collector))
            #expect(collector.diagnostics.isEmpty)
            let readStrings = (Self.withoutPositions(read).sequence ?? read.entries?.map(\.key) ?? []).map(\.string)
            #expect(readStrings == strings)
        }
    }

    /// Trees of every shape, built from a fixed list of awkward strings and numbers.
    static func trees() -> [DocumentNode] {
        let strings = ["", "a", "true", "1", "a: b", "line\nbreak", "Zoë 東京 👩‍💻", "\u{1}\u{1F}\\\"", " x ", "- y", "#", "\u{85}\u{2028}"]
        let scalars = strings.map(string) + [DocumentNode(.number("0")), DocumentNode(.number("-1.5E+3")), DocumentNode(.bool(true)), DocumentNode(.null)]
        var trees = scalars
        for (index, scalar) in scalars.enumerated() {
            let key = strings[index % strings.count]
            trees.append(map([(key, scalar), ("k\(index)", list([scalar, map([]), list([])]))]))
            trees.append(list([map([(key, list([scalar]))]), list([list([scalar])]), scalar]))
        }
        trees.append(map(trees.enumerated().map { ("t\($0.offset)", $0.element) }))
        return trees
    }

    static func withoutPositions(_ node: DocumentNode) -> DocumentNode {
        switch node.value {
        case .sequence(let elements): list(elements.map(withoutPositions))
        case .mapping(let entries): DocumentNode(.mapping(entries.map { DocumentEntry(key: withoutPositions($0.key), value: withoutPositions($0.value)) }))
        default: DocumentNode(node.value)
        }
    }
}

import Foundation
import RoutegenCore
@testable import RoutegenYAML
import Testing

/// Reading in pieces on every core gives the tree of a single reading, positions and
/// diagnostics included, or declines and reads the whole: on the YAML test suite, on the corpus,
/// and on the texts made to fool a cut.
@Suite("A YAML document read in pieces")
struct YAMLPiecesTests {
    static let openAIFile = YAMLTestSuiteTests.suiteFolder.deletingLastPathComponent()
        .appending(path: "real/openai/openapi.yaml")

    /// What a reader gives: the node and every diagnostic, rendered to compare.
    static func reading(_ bytes: [UInt8], pieceBytes: Int) -> (node: DocumentNode?, diagnostics: [String]) {
        var reader = YAMLDocumentReader(path: "in.yaml", limits: DocumentLimits(maximumBytes: 1 << 26, maximumDepth: 40, maximumAliasExpansion: 100))
        reader.pieceBytes = pieceBytes
        let collector = DiagnosticCollector()
        let node = reader.read(bytes, diagnostics: collector)
        return (node, collector.diagnostics.map { "\($0)" })
    }

    static func expectSameReading(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        let whole = reading(bytes, pieceBytes: Int.max / 4)
        let pieces = reading(bytes, pieceBytes: 1)
        #expect(pieces.node == whole.node, sourceLocation: sourceLocation)
        #expect(pieces.diagnostics == whole.diagnostics, sourceLocation: sourceLocation)
    }

    static func pieces(_ text: String) -> DocumentNode? {
        YAMLPieces.read(Array(text.utf8), path: "in.yaml", limits: .standard, targetBytes: 1)
    }

    @Test func everySuiteCaseReadsTheSameInPieces() throws {
        var compared = 0
        for suiteCase in try YAMLTestSuiteTests.cases() {
            let bytes = try [UInt8](Data(contentsOf: suiteCase.folder.appending(path: "in.yaml")))
            let whole = Self.reading(bytes, pieceBytes: Int.max / 4)
            let pieces = Self.reading(bytes, pieceBytes: 1)
            #expect(pieces.node == whole.node, "\(suiteCase.id)")
            #expect(pieces.diagnostics == whole.diagnostics, "\(suiteCase.id)")
            compared += 1
        }
        #expect(compared >= 400)
    }

    @Test func openAIIsReadInPiecesToTheSameTree() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.openAIFile))
        let whole = Self.reading(bytes, pieceBytes: Int.max / 4)
        #expect(whole.diagnostics.isEmpty)
        for target in [1, 4096, 128 * 1024] {
            let pieces = YAMLPieces.read(bytes, path: "in.yaml", limits: DocumentLimits(maximumBytes: 1 << 26, maximumDepth: 40, maximumAliasExpansion: 100), targetBytes: target)
            #expect(pieces != nil, "the description is cut in pieces of \(target) bytes")
            #expect(pieces == whole.node, "pieces of \(target) bytes")
        }
        let plan = try #require(bytes.withUnsafeBufferPointer { YAMLPieces(bytes: $0, targetBytes: 128 * 1024) })
        #expect(plan.pieces.count >= 16, "paths and components are cut into their entries")
    }

    @Test func nestedMappingsAreCutAndPutBackWithTheirPositions() throws {
        let text = """
            # leading comment
            openapi: 3.1.0
            paths:
              /a:
                get: {summary: A}

              /b:
                get:
                  summary: |
                    b: not a key
                    c: nor this
            # a comment at column 0 inside
              /c: null
            components:
              schemas:
                A: {type: string}
                B:
                  type: object
            last: 1
            """
        let node = try #require(Self.pieces(text), "this document is cut")
        Self.expectSameReading(text)
        #expect(node["paths"]?["/b"]?["get"]?["summary"]?.string == "b: not a key\nc: nor this\n")
        #expect(node["components"]?["schemas"]?.position == DocumentPosition(line: 16, column: 5))
    }

    @Test func aQuotedScalarOverALineThatLooksLikeAKeyIsReadWhole() {
        let text = "a: \"one\nb: two\"\nc: 3\n"
        #expect(Self.pieces(text) == nil)
        Self.expectSameReading(text)
        let flow = "a: [1,\nb: 2]\nc: 3\n"
        #expect(Self.pieces(flow) == nil)
        Self.expectSameReading(flow)
    }

    @Test func anAliasToAnotherPieceIsReadWhole() {
        let text = "a: &x {k: v}\nb: *x\n"
        #expect(Self.pieces(text) == nil)
        Self.expectSameReading(text)
        // Within one piece an alias reads the same either way.
        Self.expectSameReading("a:\n  b: &x 1\n  c: *x\nd: 2\n")
    }

    @Test func aKeyRepeatedAcrossPiecesIsTheWholeReadingsError() {
        let text = "a: 1\nb: 2\na: 3\n"
        #expect(Self.pieces(text) == nil)
        Self.expectSameReading(text)
        Self.expectSameReading("p:\n  x: 1\n  y: 2\n  x: 3\n")
    }

    @Test func markersDirectivesAndTabsAreReadWhole() {
        for text in ["a: 1\n---\nb: 2\n", "%YAML 1.2\n---\na: 1\nb: 2\n", "a: 1\n...\n", "a:\n\t- 1\nb: 2\n", "- 1\n- 2\n", "  a: 1\nb: 2\n"] {
            #expect(Self.pieces(text) == nil, "\(text)")
            Self.expectSameReading(text)
        }
    }

    @Test func lineEndingsAndAMissingLastBreakReadTheSame() throws {
        let crlf = "a:\r\n  b: 1\r\n  c: 2\r\nd: 3"
        #expect(Self.pieces(crlf) != nil)
        Self.expectSameReading(crlf)
        Self.expectSameReading("\u{FEFF}a: 1\nb: é\n")
        // A carriage return alone breaks a line for YAML: found by the fuzzer.
        let lonelyReturn = "a:\n \r\r~b:\n   c: 1\nd: 2\n"
        #expect(Self.pieces(lonelyReturn) == nil)
        Self.expectSameReading(lonelyReturn)
        let fuzzed = try [UInt8](Data(contentsOf: YAMLTestSuiteTests.testsFolder.appending(path: "yaml-pieces-lone-carriage-return.yaml")))
        #expect(Self.reading(fuzzed, pieceBytes: 1).diagnostics == Self.reading(fuzzed, pieceBytes: Int.max / 4).diagnostics)
        #expect(Self.reading(fuzzed, pieceBytes: 1).node == Self.reading(fuzzed, pieceBytes: Int.max / 4).node)
    }

    @Test func depthAndErrorsCountTheLevelsAboveAPiece() {
        // 40 levels allowed: the pieces of `b`'s value sit three levels down.
        for levels in [37, 38] {
            var deep = "a:\n  b:\n"
            var indent = "    "
            for level in 0..<levels {
                deep += indent + "k\(level):\n"
                indent += "  "
            }
            deep += indent + "end: 1\nz: 1\n"
            Self.expectSameReading(deep)
            #expect(Self.reading(Array(deep.utf8), pieceBytes: 1).diagnostics.count == (levels == 37 ? 0 : 1))
        }
        Self.expectSameReading("a:\n  b: 1\n  c: [\nd: 1\n")
        Self.expectSameReading("a:\n  b: 1\n c: 2\nd: 1\n")
    }

    @Test func aliasExpansionIsCountedOverAllPieces() {
        // Each piece's aliases add 66 nodes, under the limit of 100; both together do not.
        let entry = "[&l [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], *l, *l, *l, *l, *l, *l]"
        let text = "a: \(entry)\nb: \(entry)\n"
        Self.expectSameReading(text)
        #expect(Self.reading(Array(text.utf8), pieceBytes: 1).node == nil)
        #expect(Self.reading(Array("a: \(entry)\nb: 1\n".utf8), pieceBytes: 1).node != nil)
    }

    /// The pieces check the characters in two halves; a bad one in either half, or a character
    /// of several bytes at the cut, reads as the whole reading does (its error at its place).
    @Test func badCharactersInEitherHalfAreTheWholeReadingsError() {
        let entries = (0..<40).map { "key\($0): value \($0)" }
        for bad in ["\u{07}", "\u{7F}", "\u{1B}"] {
            for line in [3, 30] {
                var lines = entries
                lines[line] = "key\(line): val\(bad)ue"
                Self.expectSameReading(lines.joined(separator: "\n") + "\n")
                #expect(Self.reading(Array((lines.joined(separator: "\n") + "\n").utf8), pieceBytes: 1).node == nil)
            }
        }
        var bytes = Array((entries.joined(separator: "\n") + "\n").utf8)
        bytes[bytes.count / 2 + 40] = 0xC3
        let whole = Self.reading(bytes, pieceBytes: Int.max / 4)
        let pieces = Self.reading(bytes, pieceBytes: 1)
        #expect(whole.diagnostics.first?.contains("not valid UTF-8") == true)
        #expect(pieces.diagnostics == whole.diagnostics)
        let wide = (0..<40).map { "key\($0): Zoë 東京 \($0)" }.joined(separator: "\n") + "\n"
        Self.expectSameReading(wide)
        #expect(Self.reading(Array(wide.utf8), pieceBytes: 1).node != nil)
    }
}

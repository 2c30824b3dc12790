import Foundation
@testable import RoutegenCore
import Testing

/// A large file is parsed in two halves on two cores, cut at a line where the parser's state
/// starts afresh. Cut at every such line, a file gives the items and diagnostics of one pass.
@Suite("Parsing in halves")
struct ParserHalvesTests {
    /// Continuation lines, type blocks, comments and documentation at the margin, a broken
    /// declaration line with members below it, a line the lexer cannot read, a route outside
    /// any group, and members after a route.
    static let tricky = """
        api Shop
        # A comment at the margin.

        group Items public
          list GET /items ?limit: Int ?limit: Int -> [Item]
            ?page: Int
            header X-Trace: String
        /// Documents nothing.

          show GET /items/{id: Int} -> Item
        model Item
          id: Int
          /// The name.
          name: String
          tags: [String]
        // Not a comment.
        model Broken {
          id: Int
        enum Color "unterminated
          red
        orphan GET /orphans -> Item
        group Orders auth
          create POST /orders body Order -> Order
            deprecated
          stray: Int
        enum Size
          small
          large
        patch OrderPatch of Order
          note
        union Pet tag kind
          cat: Cat
        """

    static func texts() throws -> [(name: String, text: String)] {
        var texts = [("tricky", tricky)]
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for name in ["Library", "Pizzeria", "Paging"] {
            texts.append((name, try String(contentsOf: root.appending(path: "Specs/\(name).routes"), encoding: .utf8)))
        }
        return texts
    }

    @Test func everyFreshStartGivesTheItemsAndDiagnosticsOfOnePass() throws {
        for (name, text) in try Self.texts() {
            let source = SourceText(text)
            let whole = DiagnosticCollector()
            var onePass = Parser(source: source, path: "api.routes", diagnostics: whole)
            let expected = onePass.parseFile(cutAt: nil)
            let lineCount = Lexer(source: source, path: "api.routes").lineCount
            var cuts = 0
            for line in 1..<lineCount {
                let probe = Parser(source: source, path: "api.routes", diagnostics: DiagnosticCollector())
                guard probe.firstFreshStart(from: line) == line else { continue }
                cuts += 1
                let halves = DiagnosticCollector()
                var parser = Parser(source: source, path: "api.routes", diagnostics: halves)
                #expect(parser.parseFile(cutAt: line) == expected, "\(name), cut at line \(line + 1)")
                #expect(halves.diagnostics == whole.diagnostics, "\(name), cut at line \(line + 1)")
            }
            #expect(cuts >= 5, "\(name) has \(cuts) fresh starts")
        }
    }

    @Test func aLineThatCarriesStateIsNeverACut() {
        let source = SourceText(Self.tricky)
        let parser = Parser(source: source, path: "api.routes", diagnostics: DiagnosticCollector())
        // Indented, a comment, documentation, a blank line and a line the lexer cannot read: none
        // starts afresh, so the next declaration line is the cut.
        // (Line indices count from 0.) From `  list` past its continuations, the documentation,
        // the blank line and the indented `show` to `model Item`.
        #expect(parser.firstFreshStart(from: 4) == 10)
        // Past `// Not a comment.` to `model Broken {`, a parse error, whose line still sets the state.
        #expect(parser.firstFreshStart(from: 15) == 16)
        // Past `enum Color "unterminated` (a lexing error) and its member to `orphan`.
        #expect(parser.firstFreshStart(from: 18) == 20)
    }
}

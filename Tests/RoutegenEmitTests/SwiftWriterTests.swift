import RoutegenEmit
import Testing

@Suite("SwiftWriter")
struct SwiftWriterTests {
    @Test func blockIndentsItsBodyByFourSpaces() {
        var writer = SwiftWriter()
        writer.block("enum A") { body in
            body.line("case b")
        }
        #expect(writer.output == "enum A {\n    case b\n}\n")
    }

    @Test func nestedBlocksIndentTwice() {
        var writer = SwiftWriter()
        writer.block("enum A") { outer in
            outer.block("enum B") { inner in inner.line("case c") }
        }
        #expect(writer.output == "enum A {\n    enum B {\n        case c\n    }\n}\n")
    }

    @Test func twoBlankRequestsWriteOneBlankLine() {
        var writer = SwiftWriter()
        writer.line("a")
        writer.blank()
        writer.blank()
        writer.line("b")
        #expect(writer.output == "a\n\nb\n")
    }

    @Test func noBlankLineRightAfterAnOpeningBrace() {
        var writer = SwiftWriter()
        writer.block("enum A") { body in
            body.blank()
            body.line("case b")
        }
        #expect(writer.output == "enum A {\n    case b\n}\n")
    }

    @Test func noBlankLineBeforeAClosingBrace() {
        var writer = SwiftWriter()
        writer.block("enum A") { body in
            body.line("case b")
            body.blank()
        }
        #expect(writer.output == "enum A {\n    case b\n}\n")
    }

    @Test func noBlankLineAtTheStartOrTheEnd() {
        var writer = SwiftWriter()
        writer.blank()
        writer.line("a")
        writer.blank()
        #expect(writer.output == "a\n")
    }

    @Test func wrappedWritesItsOwnBrackets() {
        var writer = SwiftWriter()
        writer.wrapped("f(", closing: ")") { body in body.line("x: 1") }
        #expect(writer.output == "f(\n    x: 1\n)\n")
    }

    @Test func docCommentWritesBareSlashesForEmptyLines() {
        var writer = SwiftWriter()
        writer.docComment(["Summary.", "", "Details."])
        #expect(writer.output == "/// Summary.\n///\n/// Details.\n")
    }

    @Test func sourceLocationIsWrittenAtColumnZeroWhateverTheIndentation() {
        var writer = SwiftWriter()
        writer.block("enum A") { body in
            body.sourceLocation(file: "Specs/A.routes", line: 7)
            body.line("static var b: Int { 1 }")
            body.endSourceLocation()
        }
        #expect(writer.output == "enum A {\n#sourceLocation(file: \"Specs/A.routes\", line: 7)\n    static var b: Int { 1 }\n#sourceLocation()\n}\n")
    }

    @Test func sourceLocationEscapesQuotesInThePath() {
        var writer = SwiftWriter()
        writer.sourceLocation(file: #"Specs/a"b.routes"#, line: 1)
        #expect(writer.output == "#sourceLocation(file: \"Specs/a\\\"b.routes\", line: 1)\n")
    }

    @Test func emptyWriterHasNoOutput() {
        #expect(SwiftWriter().output == "")
    }
}

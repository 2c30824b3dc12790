import RoutegenCore
import Testing

@Suite("One line index for lexer, renderer and rules")
struct SourceTextIndexTests {
    @Test func linesEndAtLFOrCRLFWithoutTheirBreak() {
        let text = SourceText("\u{FEFF}api A\r\ngroup B public\n  r GET / -> E\r\n")
        #expect(text.lineRanges.count == 4)
        #expect(text.contentLineCount == 3)
        #expect(text.line(1) == "api A")
        #expect(text.line(2) == "group B public")
        #expect(text.line(3) == "  r GET / -> E")
        #expect(text.line(4) == "")
        #expect(text.line(5) == nil)
        #expect(String(String.UnicodeScalarView(text.scalars(ofLine: 3))) == "  r GET / -> E")
        #expect(text.scalars(ofLine: 0).isEmpty)
    }

    @Test func aLoneCarriageReturnStaysInItsLine() {
        #expect(SourceText("a\rb\nc").line(1) == "a\rb")
        #expect(SourceText("a\rb\nc").contentLineCount == 2)
    }

    @Test func anEmptyTextHasOneEmptyLineAndNoContent() {
        let text = SourceText("")
        #expect(text.line(1) == "")
        #expect(text.contentLineCount == 0)
    }

    @Test func columnsCountScalars() {
        let text = SourceText("é東\u{1F600}x")
        #expect(text.scalars(ofLine: 1).count == 4)
        #expect(text.line(1) == "é東\u{1F600}x")
    }
}

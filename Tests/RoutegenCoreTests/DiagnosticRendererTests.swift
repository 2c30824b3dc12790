import RoutegenCore
import Testing

@Suite("Diagnostic renderer")
struct DiagnosticRendererTests {
    private func renderer(_ text: String) -> DiagnosticRenderer {
        var renderer = DiagnosticRenderer()
        renderer.addSource(text, path: "a.routes")
        return renderer
    }

    /// The bytes a description was read as give the same lines as its indexed text.
    @Test(arguments: ["api A\n\tr\tGET /r\n", "api A\r\ngroup G\r\n", "\u{FEFF}api A\n", "api A\n# café ☕︎\ngroup Bücher", "", "\n\n"])
    func linesFromUTF8BytesAreTheLinesOfTheText(text: String) {
        var fromBytes = DiagnosticRenderer()
        fromBytes.addSource(utf8: Array(text.utf8), path: "a.routes")
        let indexed = renderer(text)
        for line in 1...4 {
            for column in [1, 3, 8] {
                let diagnostic = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: line, column: column))
                #expect(fromBytes.render(diagnostic) == indexed.render(diagnostic), "line \(line), column \(column)")
            }
        }
    }

    /// A minified description is one line of megabytes: only the part around the column is
    /// printed, with `...` where text was left out, and the caret still under the column.
    @Test func aLongLineIsCutAroundTheColumn() {
        let line = String(repeating: "a", count: 100) + "é" + String(repeating: "b", count: 300)
        let middle = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 1, column: 102))
        let shown = "..." + String(repeating: "a", count: 59) + "é" + String(repeating: "b", count: 60) + "..."
        #expect(renderer(line).render(middle) == "a.routes:1:102: error: bad\n" + shown + "\n" + String(repeating: " ", count: 63) + "^\n")
        let start = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 1, column: 2))
        #expect(renderer(line).render(start) == "a.routes:1:2: error: bad\n" + String(repeating: "a", count: 100) + "é" + String(repeating: "b", count: 19) + "...\n ^\n")
        let end = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 1, column: 401))
        #expect(renderer(line).render(end) == "a.routes:1:401: error: bad\n..." + String(repeating: "b", count: 61) + "\n" + String(repeating: " ", count: 63) + "^\n")
        // An ASCII line (columns are byte offsets) is cut the same way, from the text or its bytes.
        let ascii = String(repeating: "a", count: 100) + "e" + String(repeating: "b", count: 300)
        var fromBytes = DiagnosticRenderer()
        fromBytes.addSource(utf8: Array(ascii.utf8), path: "a.routes")
        let asciiShown = "..." + String(repeating: "a", count: 59) + "e" + String(repeating: "b", count: 60) + "...\n" + String(repeating: " ", count: 63) + "^\n"
        #expect(renderer(ascii).render(middle) == "a.routes:1:102: error: bad\n" + asciiShown)
        #expect(fromBytes.render(middle) == "a.routes:1:102: error: bad\n" + asciiShown)
        var nonASCIIBytes = DiagnosticRenderer()
        nonASCIIBytes.addSource(utf8: Array(line.utf8), path: "a.routes")
        #expect(nonASCIIBytes.render(middle) == renderer(line).render(middle))
        // Up to 200 scalars, however many bytes, the line is printed whole.
        let wide = String(repeating: "é", count: 200)
        let whole = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 1, column: 200))
        #expect(renderer(wide).render(whole) == "a.routes:1:200: error: bad\n" + wide + "\n" + String(repeating: " ", count: 199) + "^\n")
    }

    @Test func caretKeepsTabsSoItLinesUpInAnyTabWidth() {
        let diagnostic = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 2, column: 4))
        #expect(renderer("api A\n\tr\tGET /r\n").render(diagnostic) == "a.routes:2:4: error: bad\n\tr\tGET /r\n\t \t^\n")
    }

    @Test func warningWithNoteAndFixIt() {
        let diagnostic = Diagnostic.warning("odd", at: SourceLocation(file: "a.routes", line: 1, column: 5), note: "why", fixIt: "B")
        #expect(renderer("api A\n").render(diagnostic) == "a.routes:1:5: warning: odd\napi A\n    ^\n    B\nnote: why\n")
    }

    @Test func crlfSourceLineIsPrintedWithoutItsCarriageReturn() {
        let diagnostic = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 2, column: 1))
        #expect(renderer("api A\r\ngroup G\r\n").render(diagnostic) == "a.routes:2:1: error: bad\ngroup G\n^\n")
    }

    @Test func columnPastTheEndOfTheLineStillGetsACaret() {
        let diagnostic = Diagnostic.error("missing", at: SourceLocation(file: "a.routes", line: 1, column: 7))
        #expect(renderer("api A\n").render(diagnostic) == "a.routes:1:7: error: missing\napi A\n      ^\n")
    }

    @Test func byteOrderMarkIsNotPartOfTheFirstLine() {
        let diagnostic = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 1, column: 5))
        #expect(renderer("\u{FEFF}api A\n").render(diagnostic) == "a.routes:1:5: error: bad\napi A\n    ^\n")
    }

    @Test func lastLineWithoutNewlineAndNonASCIILinesArePrintedWhole() {
        let text = "api A\n# café ☕︎\ngroup Bücher"
        let onLast = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 3, column: 7))
        #expect(renderer(text).render(onLast) == "a.routes:3:7: error: bad\ngroup Bücher\n      ^\n")
        let onMiddle = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 2, column: 8))
        #expect(renderer(text).render(onMiddle) == "a.routes:2:8: error: bad\n# café ☕︎\n       ^\n")
    }

    @Test func lineOutOfRangeGetsNoSourceLine() {
        let past = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 3, column: 1))
        #expect(renderer("api A\n").render(past) == "a.routes:3:1: error: bad\n")
        let zero = Diagnostic.error("bad", at: SourceLocation(file: "a.routes", line: 0, column: 1))
        #expect(renderer("api A\n").render(zero) == "a.routes:0:1: error: bad\n")
    }

    @Test func diagnosticWithoutLocationIsOneLine() {
        #expect(DiagnosticRenderer().render(.error("'x': no such file or folder", at: nil)) == "error: 'x': no such file or folder\n")
    }

    @Test func unknownFileGetsNoSourceLine() {
        let diagnostic = Diagnostic.error("bad", at: SourceLocation(file: "other.routes", line: 1, column: 1))
        #expect(renderer("api A\n").render(diagnostic) == "other.routes:1:1: error: bad\n")
    }

    @Test func summaryCountsErrorsAndWarnings() {
        func summary(errors: Int, warnings: Int, notes: Int = 0) -> String? {
            let collector = DiagnosticCollector()
            let here = SourceLocation(file: "a.routes", line: 1, column: 1)
            for _ in 0..<errors { collector.emit(.error("e", at: here)) }
            for _ in 0..<warnings { collector.emit(.warning("w", at: here)) }
            for _ in 0..<notes { collector.emit(Diagnostic(severity: .note, message: "n", location: nil)) }
            return collector.counts.summary
        }
        #expect(summary(errors: 2, warnings: 1) == "2 errors, 1 warning")
        #expect(summary(errors: 1, warnings: 0, notes: 2) == "1 error")
        #expect(summary(errors: 0, warnings: 3) == "3 warnings")
        #expect(summary(errors: 0, warnings: 0, notes: 1) == nil)
    }
}

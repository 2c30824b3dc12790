/// Splits each line of a route file (`SourceText`) into tokens.
///
/// It works on the text's one array of Unicode scalars, so columns are scalar counts and every
/// step is linear in the file. Accepts a UTF-8 BOM, CRLF or LF line endings, and tabs in indentation.
struct Lexer {
    /// One physical line after lexing.
    struct Line {
        /// The 1-based line number.
        var number: Int
        /// The indentation width: a space counts 1, a tab moves to the next multiple of 4.
        var indentation: Int
        /// The tokens, comment excluded.
        var tokens: [SyntaxToken]
        /// The `# ...` comment ending the line, if any.
        var comment: SyntaxComment?
        /// The content after the indentation, for `#`, `//` and `///` lines only (empty otherwise).
        var content: String
        /// How many scalars follow the indentation, trailing whitespace excluded; 0 for a blank line.
        var contentLength: Int
        /// The column where the content starts.
        var contentColumn: Int
        /// A problem the lexer found (an unclosed string or `{`); tokens stop before it.
        var error: Diagnostic?
        /// For each path token, where its segments start: the positions of its `/` outside
        /// braces, found while lexing it, so the path parser splits segments without a second scan.
        var pathSlashes: [PathSlashes] = []
    }

    /// The top-level `/` positions of one path token, by the position where the token starts.
    struct PathSlashes {
        /// The absolute scalar position of the token's first `/`.
        var tokenStart: Int
        /// The absolute positions of its `/` outside braces, in order; the first is `tokenStart`.
        var positions: [Int]
    }

    let path: String
    private let scalars: [Unicode.Scalar]
    private let lineRanges: [Range<Int>]

    init(source: SourceText, path: String) {
        self.path = path
        self.scalars = source.scalars
        self.lineRanges = source.lineRanges
        self.lineCount = source.contentLineCount
    }

    /// The number of lines that hold text.
    let lineCount: Int

    /// Lexes the line at 0-based `index`.
    func line(at index: Int) -> Line {
        let range = lineRanges[index]
        let number = index + 1
        var position = range.lowerBound
        var width = 0
        while position < range.upperBound, scalars[position] == " " || scalars[position] == "\t" {
            width = scalars[position] == "\t" ? (width / 4 + 1) * 4 : width + 1
            position += 1
        }
        var contentEnd = range.upperBound
        while contentEnd > position, Self.isSpace(scalars[contentEnd - 1]) { contentEnd -= 1 }
        let contentColumn = position - range.lowerBound + 1
        var line = Line(number: number, indentation: width, tokens: [], comment: nil, content: "", contentLength: contentEnd - position, contentColumn: contentColumn, error: nil)
        var pathSlashes: [PathSlashes] = []
        // Whole-line comments and docs are not tokenized: their text is free.
        if position < contentEnd,
           scalars[position] == "#" || (scalars[position] == "/" && position + 1 < contentEnd && scalars[position + 1] == "/") {
            line.content = Self.string(scalars[position..<contentEnd])
            return line
        }
        let lexed = tokenize(position..<contentEnd, lineStart: range.lowerBound, lineNumber: number, pathSlashes: &pathSlashes)
        line.tokens = lexed.tokens
        line.comment = lexed.comment
        line.error = lexed.error
        line.pathSlashes = pathSlashes
        return line
    }

    /// Tokenizes `range` of a line that starts at scalar `lineStart`. Also used on the inside of
    /// a path parameter's braces, so positions stay exact there too. Each path token's top-level
    /// `/` positions are appended to `pathSlashes`.
    func tokenize(_ range: Range<Int>, lineStart: Int, lineNumber: Int, pathSlashes: inout [PathSlashes]) -> (tokens: [SyntaxToken], comment: SyntaxComment?, error: Diagnostic?) {
        var tokens: [SyntaxToken] = []
        tokens.reserveCapacity(16)
        var position = range.lowerBound
        var sawSpace = true
        func location(_ index: Int) -> SourceLocation {
            SourceLocation(file: path, line: lineNumber, column: index - lineStart + 1)
        }
        func add(_ kind: SyntaxToken.Kind, from start: Int, to end: Int) {
            tokens.append(SyntaxToken(kind: kind, text: Self.string(scalars[start..<end]), location: location(start), isPrecededBySpace: sawSpace))
            sawSpace = false
        }

        while position < range.upperBound {
            let scalar = scalars[position]
            if Self.isSpace(scalar) {
                sawSpace = true
                position += 1
                continue
            }
            let start = position
            switch scalar {
            case "#":
                var end = range.upperBound
                while end > start, Self.isSpace(scalars[end - 1]) { end -= 1 }
                return (tokens, SyntaxComment(text: Self.string(scalars[start..<end]), location: location(start)), nil)
            case "\"":
                guard let end = endOfString(startingAt: start, before: range.upperBound) else {
                    return (tokens, nil, .error("unclosed string; end it with '\"'", at: location(start)))
                }
                position = end
                add(.string, from: start, to: position)
            case "/":
                let scanned = scanPath(startingAt: start, before: range.upperBound)
                if let openBrace = scanned.unclosedBrace {
                    return (tokens, nil, .error("unclosed '{' in path; close the parameter with '}'", at: location(openBrace)))
                }
                position = scanned.end
                pathSlashes.append(PathSlashes(tokenStart: start, positions: scanned.slashes))
                add(.path, from: start, to: position)
            case "-" where position + 1 < range.upperBound && scalars[position + 1] == ">":
                position += 2
                add(.arrow, from: start, to: position)
            default:
                if let kind = Self.punctuation(scalar) {
                    position += 1
                    add(kind, from: start, to: position)
                } else {
                    while position < range.upperBound, Self.isWordScalar(at: position, in: scalars, end: range.upperBound) {
                        position += 1
                    }
                    add(.word, from: start, to: position)
                }
            }
        }
        return (tokens, nil, nil)
    }

    /// Where the string literal that opens at `start` ends (after its closing quote); nil when
    /// the line ends first.
    private func endOfString(startingAt start: Int, before end: Int) -> Int? {
        var position = start + 1
        while position < end {
            if scalars[position] == "\\" {
                position += 2
                continue
            }
            if scalars[position] == "\"" { return position + 1 }
            position += 1
        }
        return nil
    }

    /// Where the path token that starts at `start` ends (a space or `?` outside braces), the
    /// positions of its `/` outside braces, and the `{` left open when the line ends inside one.
    private func scanPath(startingAt start: Int, before end: Int) -> (end: Int, slashes: [Int], unclosedBrace: Int?) {
        var position = start
        var depth = 0
        var openBrace = start
        var slashes: [Int] = []
        while position < end {
            let current = scalars[position]
            if depth == 0 && (Self.isSpace(current) || current == "?") { break }
            if current == "/" && depth == 0 { slashes.append(position) }
            if current == "{" {
                if depth == 0 { openBrace = position }
                depth += 1
            } else if current == "}" && depth > 0 {
                depth -= 1
            }
            position += 1
        }
        return (position, slashes, depth > 0 ? openBrace : nil)
    }

    private static func punctuation(_ scalar: Unicode.Scalar) -> SyntaxToken.Kind? {
        switch scalar {
        case "?": .questionMark
        case ":": .colon
        case "=": .equals
        case "<": .leftAngle
        case ">": .rightAngle
        case "[": .leftBracket
        case "]": .rightBracket
        case ",": .comma
        case "{", "}": .unexpected
        default: nil
        }
    }

    private static func isWordScalar(at index: Int, in scalars: [Unicode.Scalar], end: Int) -> Bool {
        let scalar = scalars[index]
        if isSpace(scalar) || scalar == "#" || scalar == "\"" || punctuation(scalar) != nil { return false }
        if scalar == "-" && index + 1 < end && scalars[index + 1] == ">" { return false }
        return true
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
    }

    /// The text of `slice`.
    static func string(_ slice: ArraySlice<Unicode.Scalar>) -> String {
        SourceText.string(slice)
    }

    /// The scalars of a token's text with their offsets, for parsing a path token's inside.
    func scalarRange(of token: SyntaxToken, lineIndex: Int) -> (range: Range<Int>, lineStart: Int) {
        let lineStart = lineRanges[lineIndex].lowerBound
        let start = lineStart + token.location.column - 1
        return (start..<(start + token.text.unicodeScalars.count), lineStart)
    }

    /// The scalar at absolute `index`.
    subscript(index: Int) -> Unicode.Scalar { scalars[index] }

    /// The scalars at absolute `range`.
    subscript(range: Range<Int>) -> ArraySlice<Unicode.Scalar> { scalars[range] }
}

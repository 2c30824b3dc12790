/// Parses a path token (`/books/{id: ID<Book>}/cover`) into segments, checking each one:
/// no empty segment, no `.` or `..`, parameters with a name and a type (a whole segment, or
/// with literal text around them: `{sid: String}.json`, never two side by side),
/// and only characters RFC 3986 allows in a segment (anything non-ASCII is allowed too:
/// the output percent-encodes it). One `/` after the last segment (`/books/`) is a trailing
/// slash, kept and sent as written; `//` anywhere is an empty segment.
struct PathParser {
    let lexer: Lexer
    let line: Lexer.Line
    let lineIndex: Int

    /// The segments of `token`, split where the lexer found its `/` outside braces.
    func parse(_ token: SyntaxToken) throws(ParseFailure) -> PathSyntax {
        let (range, lineStart) = lexer.scalarRange(of: token, lineIndex: lineIndex)
        // The closure holds the file and line, not the parser: capturing `self` copied the lexer
        // and the line (a dozen references retained and released) into every call's context.
        let file = lexer.path, lineNumber = lineIndex + 1
        let location = { (index: Int) -> SourceLocation in
            SourceLocation(file: file, line: lineNumber, column: index - lineStart + 1)
        }
        // The path `/` alone has no segments.
        if range.count == 1 { return PathSyntax(segments: [], location: token.location) }
        let slashes = line.pathSlashes.first { $0.tokenStart == range.lowerBound }?.positions ?? [range.lowerBound]

        var segments: [PathSyntax.Segment] = []
        var hasTrailingSlash = false
        for (index, slash) in slashes.enumerated() {
            let segmentStart = slash + 1
            let segmentEnd = index + 1 < slashes.count ? slashes[index + 1] : range.upperBound
            if segmentStart == segmentEnd {
                // Nothing after the last '/': a trailing slash (the path `/` returned above).
                if segmentEnd == range.upperBound && !segments.isEmpty {
                    hasTrailingSlash = true
                    break
                }
                throw ParseFailure("empty path segment in '\(token.text)'; remove the extra '/'", at: location(segmentStart))
            }
            segments.append(try segment(segmentStart..<segmentEnd, path: token.text, lineStart: lineStart, location: location))
        }
        return PathSyntax(segments: segments, hasTrailingSlash: hasTrailingSlash, location: token.location)
    }

    private func segment(
        _ range: Range<Int>,
        path: String,
        lineStart: Int,
        location: (Int) -> SourceLocation
    ) throws(ParseFailure) -> PathSyntax.Segment {
        // Split into literal runs and `{...}` parameters; a segment that is one parameter is a
        // `.parameter`, one without braces a `.literal`, anything else `.joined`.
        var pieces: [PathSyntax.Segment] = []
        var index = range.lowerBound
        var previousWasParameter = false
        while index < range.upperBound {
            if lexer[index] == "{" {
                guard let close = (index..<range.upperBound).first(where: { lexer[$0] == "}" }),
                      !lexer[(index + 1)..<close].contains("{")
                else { throw ParseFailure("unmatched '{' in path '\(path)'", at: location(index)) }
                if previousWasParameter {
                    throw ParseFailure(
                        "two path parameters side by side in segment '\(Lexer.string(lexer[range]))'; a server cannot tell where one ends, so put literal text between them, such as '.'",
                        at: location(index)
                    )
                }
                pieces.append(try parameter(index..<(close + 1), lineStart: lineStart, location: location))
                previousWasParameter = true
                index = close + 1
                continue
            }
            var end = index
            while end < range.upperBound && lexer[end] != "{" { end += 1 }
            pieces.append(try literal(index..<end, path: path, location: location))
            previousWasParameter = false
            index = end
        }
        if pieces.count == 1 {
            if case .literal(let text, _) = pieces[0], text == "." || text == ".." {
                throw ParseFailure("path segment '\(text)' is not allowed; servers and clients resolve it away", at: location(range.lowerBound))
            }
            return pieces[0]
        }
        return .joined(pieces: pieces, location: location(range.lowerBound))
    }

    /// Literal text within a segment: only characters a segment allows, no `%`, no `}`.
    private func literal(_ range: Range<Int>, path: String, location: (Int) -> SourceLocation) throws(ParseFailure) -> PathSyntax.Segment {
        for index in range {
            let scalar = lexer[index]
            if scalar == "}" {
                throw ParseFailure("unmatched '\(scalar)' in path '\(path)'", at: location(index))
            }
            if scalar == "%" {
                throw ParseFailure("'%' is not allowed in a path; write the character itself, the output percent-encodes it", at: location(index))
            }
            if !Self.isAllowedInSegment(scalar) {
                throw ParseFailure("character '\(scalar)' is not allowed in a path segment", at: location(index))
            }
        }
        return .literal(text: Lexer.string(lexer[range]), location: location(range.lowerBound))
    }

    private func parameter(_ range: Range<Int>, lineStart: Int, location: (Int) -> SourceLocation) throws(ParseFailure) -> PathSyntax.Segment {
        let open = location(range.lowerBound)
        let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
        var nestedPaths: [Lexer.PathSlashes] = []
        let lexed = lexer.tokenize(inner, lineStart: lineStart, lineNumber: lineIndex + 1, pathSlashes: &nestedPaths)
        if let error = lexed.error { throw ParseFailure(error.message, at: error.location ?? open) }
        if let comment = lexed.comment {
            throw ParseFailure("character '#' is not allowed in a path segment", at: comment.location)
        }
        var cursor = TokenCursor(lexed.tokens, endLocation: location(range.upperBound - 1))
        guard let name = cursor.take(.word) else {
            throw ParseFailure("path parameter has no name; write '{name: Type}'", at: cursor.currentLocation)
        }
        guard cursor.take(.colon) != nil, !cursor.isAtEnd else {
            throw ParseFailure("path parameter '\(name.text)' has no type; write '{\(name.text): Type}'", at: name.location)
        }
        let type = try TypeParser.parse(&cursor)
        var style: [SyntaxToken] = []
        if let word = cursor.current, word.kind == .word, ParameterStyle.pathWords.contains(word.text) {
            style.append(word)
            cursor.index += 1
            if let explode = cursor.current, explode.isWord(ParameterStyle.explodeWord) {
                style.append(explode)
                cursor.index += 1
            }
        }
        if let extra = cursor.current {
            if extra.kind == .equals {
                throw ParseFailure("path parameter '\(name.text)' cannot have a default value; a path segment is always sent", at: extra.location)
            }
            throw ParseFailure("unexpected '\(extra.text)' in path parameter '\(name.text)'; write '{\(name.text): Type}', with 'label' or 'matrix' (and 'explode') after the type for those styles", at: extra.location)
        }
        return .parameter(name: name, type: type, style: style, location: open)
    }

    /// RFC 3986 `pchar` without `%` (unreserved, sub-delims, `:`, `@`), plus any non-ASCII scalar.
    private static func isAllowedInSegment(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value > 0x7F { return !scalar.properties.isWhitespace }
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        case "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@": return true
        default: return false
        }
    }
}

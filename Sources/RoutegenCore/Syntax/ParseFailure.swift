/// A syntax error that stops the parsing of one line; the parser reports it and goes on
/// with the next line.
struct ParseFailure: Error {
    /// What to report.
    var diagnostic: Diagnostic
    /// Whether the broken line is a route (even if not indented), so its group is not taken as broken.
    var isRouteLine = false
    /// Whether the broken line is a type declaration, so the lines below it are read as its members.
    var isTypeLine = false

    init(_ message: String, at location: SourceLocation, note: String? = nil, fixIt: String? = nil) {
        diagnostic = .error(message, at: location, note: note, fixIt: fixIt)
    }
}

/// Reads the tokens of one line front to back.
struct TokenCursor {
    let tokens: [SyntaxToken]
    var index: Int
    /// Where the line ends, for problems about something missing at its end.
    let endLocation: SourceLocation

    init(_ tokens: [SyntaxToken], startingAt index: Int = 0, endLocation: SourceLocation) {
        self.tokens = tokens
        self.index = index
        self.endLocation = endLocation
    }

    var isAtEnd: Bool { index >= tokens.count }
    var current: SyntaxToken? { index < tokens.count ? tokens[index] : nil }
    var currentLocation: SourceLocation { current?.location ?? endLocation }

    func peek(_ offset: Int) -> SyntaxToken? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    mutating func advance() -> SyntaxToken {
        defer { index += 1 }
        return tokens[index]
    }

    /// Consumes the current token when it has `kind`.
    mutating func take(_ kind: SyntaxToken.Kind) -> SyntaxToken? {
        guard let token = current, token.kind == kind else { return nil }
        index += 1
        return token
    }
}

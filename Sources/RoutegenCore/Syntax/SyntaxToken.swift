/// One token of a route file with its exact text and position.
public struct SyntaxToken: Hashable, Sendable {
    /// What sort of token it is.
    public enum Kind: Hashable, Sendable {
        /// A run of name-like characters: `book`, `GET`, `Int`, `merge-patch`, `image/*`, `-1`, `0.5`.
        case word
        /// A path, from its `/` to the next space outside braces: `/books/{id: ID<Book>}`.
        case path
        /// A double-quoted string, quotes and escapes as written: `"text/csv"`.
        case string
        /// `?`
        case questionMark
        /// `:`
        case colon
        /// `=`
        case equals
        /// `->`
        case arrow
        /// `<`
        case leftAngle
        /// `>`
        case rightAngle
        /// `[`
        case leftBracket
        /// `]`
        case rightBracket
        /// `,`
        case comma
        /// Any other character that cannot start a token (`{`, `}` outside a path).
        case unexpected
    }

    /// What sort of token it is.
    public var kind: Kind
    /// The token's text exactly as written.
    public var text: String
    /// Where its first character stands.
    public var location: SourceLocation
    /// Whether whitespace separates it from the token before it on the line; `Int?` differs from `Int ?page`.
    public var isPrecededBySpace: Bool

    /// Creates a token.
    public init(kind: Kind, text: String, location: SourceLocation, isPrecededBySpace: Bool) {
        self.kind = kind
        self.text = text
        self.location = location
        self.isPrecededBySpace = isPrecededBySpace
    }

    /// Whether this is the word `text`.
    func isWord(_ word: String) -> Bool { kind == .word && text == word }
}

/// A `# text` comment, on its own line or at the end of one.
public struct SyntaxComment: Hashable, Sendable {
    /// The comment from `#` on, trailing whitespace removed.
    public var text: String
    /// Where the `#` stands.
    public var location: SourceLocation

    /// Creates a comment.
    public init(text: String, location: SourceLocation) {
        self.text = text
        self.location = location
    }

    /// The rule ids of a `# routegen:disable rule-id[, rule-id]` comment; nil for any other comment.
    public var disabledRules: [String]? {
        let body = text.drop { $0 == "#" }.drop { $0 == " " || $0 == "\t" }
        let marker = "routegen:disable"
        guard body.hasPrefix(marker) else { return nil }
        let rest = body.dropFirst(marker.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return rest.split { $0 == "," || $0 == " " || $0 == "\t" }.map(String.init)
    }
}

/// A route's path as written: `/books/{id: ID<Book>}/cover`.
public struct PathSyntax: Hashable, Sendable {
    /// One segment between slashes.
    public enum Segment: Hashable, Sendable {
        /// Literal text, as written.
        case literal(text: String, location: SourceLocation)
        /// `{name: Type}`, `{ids: [Int] matrix explode}`: the style's words after the type.
        case parameter(name: SyntaxToken, type: TypeSyntax, style: [SyntaxToken], location: SourceLocation)
        /// Parameters with literal text around them in one segment (`{sid: String}.json`): its
        /// pieces in order, each a `.literal` or a `.parameter`, never two parameters side by side.
        indirect case joined(pieces: [Segment], location: SourceLocation)

        /// The segment's pieces: those of a `.joined` segment, or the segment itself.
        public var pieces: [Segment] {
            if case .joined(let pieces, _) = self { return pieces }
            return [self]
        }

        /// The segment in canonical spelling, without its `/`.
        public var canonicalText: String {
            switch self {
            case .literal(let text, _): text
            case .parameter(let name, let type, let style, _): "{" + name.text + ": " + type.canonicalText + style.map { " " + $0.text }.joined() + "}"
            case .joined(let pieces, _): pieces.map(\.canonicalText).joined()
            }
        }
    }

    /// The segments in order; the path `/` has none.
    public var segments: [Segment]
    /// Whether a `/` follows the last segment (`/books/`); always false for the path `/`.
    public var hasTrailingSlash: Bool
    /// Where the leading `/` stands.
    public var location: SourceLocation

    /// Creates a path.
    public init(segments: [Segment], hasTrailingSlash: Bool = false, location: SourceLocation) {
        self.segments = segments
        self.hasTrailingSlash = hasTrailingSlash
        self.location = location
    }

    /// The path in canonical spelling: `/books/{id: ID<Book>}`, `/books/` with its trailing slash.
    public var canonicalText: String {
        guard !segments.isEmpty else { return "/" }
        return segments.map { "/" + $0.canonicalText }.joined() + (hasTrailingSlash ? "/" : "")
    }
}

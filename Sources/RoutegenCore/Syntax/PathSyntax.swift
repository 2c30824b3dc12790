/// A route's path as written: `/books/{id: ID<Book>}/cover`.
public struct PathSyntax: Hashable, Sendable {
    /// One segment between slashes.
    public enum Segment: Hashable, Sendable {
        /// Literal text, as written.
        case literal(text: String, location: SourceLocation)
        /// `{name: Type}`.
        case parameter(name: SyntaxToken, type: TypeSyntax, location: SourceLocation)
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
        return segments.map { segment in
            switch segment {
            case .literal(let text, _): "/" + text
            case .parameter(let name, let type, _): "/{" + name.text + ": " + type.canonicalText + "}"
            }
        }.joined() + (hasTrailingSlash ? "/" : "")
    }
}

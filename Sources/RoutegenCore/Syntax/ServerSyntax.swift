/// `server NAME URL`: a server the API is reached at, on its own line after `api`.
///
/// Its variables are the indented lines below it (`ServerVariableSyntax`), separate items of
/// the file, as a type's members are, so comments and documentation among them keep their place.
public struct ServerSyntax: Hashable, Sendable {
    /// The `server` keyword.
    public var keyword: SyntaxToken
    /// The server's name.
    public var name: SyntaxToken
    /// The URL as written (`https://{region}.api.example.com/v1`): one token made of the
    /// tokens it was lexed into, which touch, at the location of the first.
    public var url: SyntaxToken
    /// A `# ...` comment at the end of the line.
    public var comment: SyntaxComment?

    /// Creates a server line.
    public init(keyword: SyntaxToken, name: SyntaxToken, url: SyntaxToken, comment: SyntaxComment?) {
        self.keyword = keyword
        self.name = name
        self.url = url
        self.comment = comment
    }

    /// `server production https://api.example.com/v1` in canonical spelling.
    public var canonicalText: String { "server " + name.text + " " + url.text }
}

/// `name = "default" [in "a", "b"]`: a variable of the server line above, indented under it.
public struct ServerVariableSyntax: Hashable, Sendable {
    /// The variable's name, as the URL writes it between braces.
    public var name: SyntaxToken
    /// The default value, a string token as written.
    public var defaultValue: SyntaxToken
    /// The `in` keyword, when the variable lists its allowed values.
    public var inKeyword: SyntaxToken?
    /// The allowed values, string tokens as written, in order.
    public var allowedValues: [SyntaxToken]
    /// A `# ...` comment at the end of the line.
    public var comment: SyntaxComment?

    /// Creates a variable line.
    public init(name: SyntaxToken, defaultValue: SyntaxToken, inKeyword: SyntaxToken? = nil, allowedValues: [SyntaxToken] = [], comment: SyntaxComment? = nil) {
        self.name = name
        self.defaultValue = defaultValue
        self.inKeyword = inKeyword
        self.allowedValues = allowedValues
        self.comment = comment
    }

    /// What follows the name in canonical spelling: `= "us" in "us", "eu"`.
    public var canonicalValueText: String {
        "= " + defaultValue.text + (allowedValues.isEmpty ? "" : " in " + allowedValues.map(\.text).joined(separator: ", "))
    }
}

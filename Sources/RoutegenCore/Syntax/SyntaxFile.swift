/// A route file as written: every line in order, comments and docs included, each part
/// with its position. The formatter prints it back; the resolver turns it into an `APIModel`.
///
/// The tree is flat on purpose: a group's routes are the route items that follow its
/// `group` item, and a type's members the member items that follow its declaration, so
/// comments and blank lines between them keep their exact place.
public struct SyntaxFile: Hashable, Sendable {
    /// The path the file was read from, as given.
    public var path: String
    /// The file's lines, grouped into items, in file order.
    public var items: [SyntaxItem]

    /// Creates a file.
    public init(path: String, items: [SyntaxItem]) {
        self.path = path
        self.items = items
    }
}

/// One item of a route file: a line, or a route with its continuation lines.
public enum SyntaxItem: Hashable, Sendable {
    /// An empty (or whitespace-only) line; the number is its line.
    case blank(line: Int)
    /// A `# text` line; `isIndented` says whether it stood inside a group's block.
    case comment(SyntaxComment, isIndented: Bool)
    /// A `/// text` line.
    case documentation(DocumentationSyntax)
    /// `api Name`.
    case api(DeclarationSyntax)
    /// `import Module`.
    case importDeclaration(DeclarationSyntax)
    /// `external Type`: a type the target's own code declares, which the file names.
    case external(DeclarationSyntax)
    /// `errors Type` on its own line after `api`: the error body of every route of the API.
    case errors(ErrorsSyntax, comment: SyntaxComment?)
    /// `auth [name =] bearer|basic|header Name [prefix "text"]|query name`: a credential scheme.
    case authScheme(AuthSchemeSyntax)
    /// `server NAME URL`: a server the API is reached at.
    case server(ServerSyntax)
    /// An indented line under a `server` line: `name = "default" [in "a", "b"]`.
    case serverVariable(ServerVariableSyntax)
    /// `group Name auth [scheme]|public`.
    case group(GroupSyntax)
    /// A route line and its continuation lines.
    case route(RouteSyntax)
    /// `model`, `enum`, `patch` or `union`: the head of a type declared in the file.
    case typeDeclaration(TypeDeclarationSyntax)
    /// An indented line under a type declaration: a field, a case or a variant.
    case member(MemberSyntax)
    /// A line that could not be parsed; its error has been reported. `isIndented` tells a
    /// broken declaration from a broken route, so the resolver does not report follow-on errors.
    case invalid(line: Int, isIndented: Bool)
}

/// A `/// text` line.
public struct DocumentationSyntax: Hashable, Sendable {
    /// Everything after `///`, as written (trailing whitespace removed).
    public var rawText: String
    /// Where the `///` stands.
    public var location: SourceLocation
    /// Whether the line was indented (documenting a route rather than a group).
    public var isIndented: Bool

    /// Creates a documentation line.
    public init(rawText: String, location: SourceLocation, isIndented: Bool) {
        self.rawText = rawText
        self.location = location
        self.isIndented = isIndented
    }

    /// The documentation text: `rawText` without one leading space.
    public var text: String {
        rawText.hasPrefix(" ") ? String(rawText.dropFirst()) : rawText
    }
}

/// `api Name` or `import Module`: a keyword and a name.
public struct DeclarationSyntax: Hashable, Sendable {
    /// The `api`, `import` or `external` keyword.
    public var keyword: SyntaxToken
    /// The name.
    public var name: SyntaxToken
    /// A `# ...` comment at the end of the line.
    public var comment: SyntaxComment?

    /// Creates a declaration.
    public init(keyword: SyntaxToken, name: SyntaxToken, comment: SyntaxComment?) {
        self.keyword = keyword
        self.name = name
        self.comment = comment
    }
}

/// `group Name auth|public`.
public struct GroupSyntax: Hashable, Sendable {
    /// The `group` keyword.
    public var keyword: SyntaxToken
    /// The group's name.
    public var name: SyntaxToken
    /// The access word, when written (the resolver reports a missing or wrong one).
    public var access: SyntaxToken?
    /// The scheme name after `auth` (`group Places auth key`), when written.
    public var scheme: SyntaxToken?
    /// The schemes the group's routes also accept, after `or` (`auth key or basic`), in order.
    public var alternatives: [SyntaxToken] = []
    /// A `# ...` comment at the end of the line.
    public var comment: SyntaxComment?
    /// `errors Type` after the access: the error body of the group's routes.
    public var errors: ErrorsSyntax?

    /// Creates a group line.
    public init(keyword: SyntaxToken, name: SyntaxToken, access: SyntaxToken?, scheme: SyntaxToken? = nil, comment: SyntaxComment?, errors: ErrorsSyntax? = nil) {
        self.keyword = keyword
        self.name = name
        self.access = access
        self.scheme = scheme
        self.comment = comment
        self.errors = errors
    }
}

/// `errors Type`: the JSON body a non-2xx response carries, on the API, a group or a route.
public struct ErrorsSyntax: Hashable, Sendable {
    /// The `errors` keyword.
    public var keyword: SyntaxToken
    /// The body's type.
    public var type: TypeSyntax

    /// Creates a clause.
    public init(keyword: SyntaxToken, type: TypeSyntax) {
        self.keyword = keyword
        self.type = type
    }

    /// `errors ProblemDetails` in canonical spelling.
    public var canonicalText: String { "errors " + type.canonicalText }
}

/// `auth [name =] bearer|basic|header Name [prefix "text"]|query name`: how the routes that
/// need authentication carry the credential.
public struct AuthSchemeSyntax: Hashable, Sendable {
    /// The `auth` keyword.
    public var keyword: SyntaxToken
    /// The scheme's name before `=`, when written.
    public var name: SyntaxToken?
    /// `bearer`, `basic`, `header` or `query`.
    public var kind: SyntaxToken
    /// The header field's or the query item's name.
    public var argument: SyntaxToken?
    /// The quoted text after `prefix`.
    public var prefix: SyntaxToken?
    /// A `# ...` comment at the end of the line.
    public var comment: SyntaxComment?

    /// Creates a scheme line.
    public init(keyword: SyntaxToken, name: SyntaxToken?, kind: SyntaxToken, argument: SyntaxToken?, prefix: SyntaxToken?, comment: SyntaxComment?) {
        self.keyword = keyword
        self.name = name
        self.kind = kind
        self.argument = argument
        self.prefix = prefix
        self.comment = comment
    }

    /// The words a scheme may be.
    public static let kinds = ["bearer", "basic", "header", "query"]

    /// The line in canonical spelling: `auth key = query key`.
    public var canonicalText: String {
        var text = "auth " + (name.map { $0.text + " = " } ?? "") + kind.text
        if let argument { text += " " + argument.text }
        if let prefix { text += " prefix " + prefix.text }
        return text
    }
}

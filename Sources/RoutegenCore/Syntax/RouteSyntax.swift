/// A route line and its continuation lines, as written.
public struct RouteSyntax: Hashable, Sendable {
    /// The route's name token.
    public var name: SyntaxToken
    /// The method token, as written (the resolver checks its case).
    public var method: SyntaxToken
    /// The path.
    public var path: PathSyntax
    /// Every clause after the path, in written order.
    public var clauses: [RouteClauseSyntax]
    /// One entry per physical line: the route line first, then each continuation line.
    public var lines: [RouteLineSyntax]
    /// How deep the route line is indented (a tab counts up to the next multiple of 4).
    public var indentation: Int

    /// Creates a route.
    public init(name: SyntaxToken, method: SyntaxToken, path: PathSyntax, clauses: [RouteClauseSyntax], lines: [RouteLineSyntax], indentation: Int) {
        self.name = name
        self.method = method
        self.path = path
        self.clauses = clauses
        self.lines = lines
        self.indentation = indentation
    }
}

/// One physical line of a route: which clauses it holds and its trailing comment.
public struct RouteLineSyntax: Hashable, Sendable {
    /// The 1-based line number.
    public var line: Int
    /// Indices into `RouteSyntax.clauses` of the clauses written on this line.
    public var clauseIndices: [Int]
    /// A `# ...` comment at the end of the line.
    public var comment: SyntaxComment?

    /// Creates a route line.
    public init(line: Int, clauseIndices: [Int], comment: SyntaxComment?) {
        self.line = line
        self.clauseIndices = clauseIndices
        self.comment = comment
    }
}

/// A clause of a route line after its path.
public enum RouteClauseSyntax: Hashable, Sendable {
    /// `?name: Type [deep] [= default]`; the name may carry brackets (`filter[status]`).
    case query(ParameterSyntax)
    /// `header Name: Type [= default]` or `cookie name: Type [= default]`; the token is the
    /// `header` or `cookie` keyword, which says where the parameter travels.
    case header(keyword: SyntaxToken, ParameterSyntax)
    /// `body [merge-patch|form] Type` or `body raw "media/type"`.
    case body(BodySyntax)
    /// `accept media/type` (or a quoted media type); the first token is the keyword.
    case accept(keyword: SyntaxToken, mediaType: SyntaxToken)
    /// `-> Type`, or `-> events Type` / `-> lines Type` for a streamed response; the first token is the arrow.
    case response(arrow: SyntaxToken, stream: SyntaxToken?, type: TypeSyntax)
    /// `auth`, `public`, `deprecated`, or a word that is no known flag (the resolver reports it).
    case flag(SyntaxToken)
    /// `auth name [or other ...]`: the route needs authentication with the scheme `name`, or
    /// with one of the alternatives, in the order written.
    case authScheme(keyword: SyntaxToken, name: SyntaxToken, alternatives: [SyntaxToken])
    /// `paginate ...`: how the response's next page is found.
    case paginate(PaginateSyntax)
    /// `errors Type`: the route's error body, overriding its group's and the API's.
    case errors(ErrorsSyntax)
    /// `status 201`: the status a success answers with, when it is not 200 (204 for `-> Empty`).
    case status(keyword: SyntaxToken, code: SyntaxToken)
    /// `server uploads`: the route is sent to that declared server, not the base URL.
    case server(keyword: SyntaxToken, name: SyntaxToken)

    /// Where the clause starts.
    public var location: SourceLocation {
        switch self {
        case .query(let parameter): parameter.marker.location
        case .header(let keyword, _): keyword.location
        case .body(let body): body.keyword.location
        case .accept(let keyword, _): keyword.location
        case .response(let arrow, _, _): arrow.location
        case .flag(let token): token.location
        case .authScheme(let keyword, _, _): keyword.location
        case .paginate(let paginate): paginate.keyword.location
        case .errors(let errors): errors.keyword.location
        case .status(let keyword, _): keyword.location
        case .server(let keyword, _): keyword.location
        }
    }

    /// The canonical order of clause kinds on one line: query, header, body, accept, response,
    /// status, errors, paginate, server, flags.
    public var canonicalRank: Int {
        switch self {
        case .query: 0
        case .header: 1
        case .body: 2
        case .accept: 3
        case .response: 4
        case .status: 5
        case .errors: 5
        case .paginate: 6
        case .server: 7
        case .flag, .authScheme: 8
        }
    }

    /// The clause in canonical spelling: `?limit: Int = 20`, `body merge-patch BookPatch`.
    public var canonicalText: String {
        switch self {
        case .query(let parameter):
            "?" + parameter.canonicalText
        case .header(let keyword, let parameter):
            keyword.text + " " + parameter.canonicalText
        case .body(let body):
            body.canonicalText
        case .accept(_, let mediaType):
            "accept " + mediaType.text
        case .response(_, let stream, let type):
            "-> " + (stream.map { $0.text + " " } ?? "") + type.canonicalText
        case .flag(let token):
            token.text
        case .authScheme(let keyword, let name, let alternatives):
            keyword.text + " " + ([name] + alternatives).map(\.text).joined(separator: " or ")
        case .paginate(let paginate):
            paginate.canonicalText
        case .errors(let errors):
            errors.canonicalText
        case .status(let keyword, let code):
            keyword.text + " " + code.text
        case .server(let keyword, let name):
            keyword.text + " " + name.text
        }
    }
}

/// `name: Type [= default]` of a query or header parameter.
public struct ParameterSyntax: Hashable, Sendable {
    /// The `?` of a query parameter, or the name itself for a header.
    public var marker: SyntaxToken
    /// The wire name.
    public var name: SyntaxToken
    /// The type.
    public var type: TypeSyntax
    /// The default value token (a word or a string), when written.
    public var defaultValue: SyntaxToken?
    /// Text after the default that starts with a lone `-` (`= 20 - incident_summary`, as some
    /// converters write a described default): ignored with a warning, kept for the formatter.
    public var ignoredTokens: [SyntaxToken]
    /// The style's words after a query parameter's type (`deep`, `comma`, ...); empty for none.
    public var style: [SyntaxToken]
    /// `minimum 1`, `max-length 20`, `example 20` after the rest: what the value must be.
    public var constraints: [ConstraintSyntax] = []

    /// Creates a parameter.
    public init(marker: SyntaxToken, name: SyntaxToken, type: TypeSyntax, defaultValue: SyntaxToken?, ignoredTokens: [SyntaxToken] = [], style: [SyntaxToken] = []) {
        self.marker = marker
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.ignoredTokens = ignoredTokens
        self.style = style
    }

    /// `name: Type deep = default` in canonical spelling.
    var canonicalText: String {
        var text = name.text + ": " + type.canonicalText + style.map { " " + $0.text }.joined() + (defaultValue.map { " = " + $0.text } ?? "")
        for token in ignoredTokens {
            text += (token.isPrecededBySpace ? " " : "") + token.text
        }
        if !constraints.isEmpty { text += " " + ConstraintSyntax.canonicalText(constraints) }
        return text
    }
}

/// A `body ...` clause.
public struct BodySyntax: Hashable, Sendable {
    /// How the body is encoded.
    public enum Content: Hashable, Sendable {
        /// `body Type`.
        case json(TypeSyntax)
        /// `body merge-patch Type`; the token is the `merge-patch` word.
        case mergePatch(keyword: SyntaxToken, TypeSyntax)
        /// `body form Type`.
        case form(keyword: SyntaxToken, TypeSyntax)
        /// `body multipart Type`: the model's fields are the parts.
        case multipart(keyword: SyntaxToken, TypeSyntax)
        /// `body raw "media/type"`; the second token is the string.
        case raw(keyword: SyntaxToken, mediaType: SyntaxToken)
    }

    /// The `body` keyword.
    public var keyword: SyntaxToken
    /// What follows it.
    public var content: Content

    /// Creates a body clause.
    public init(keyword: SyntaxToken, content: Content) {
        self.keyword = keyword
        self.content = content
    }

    /// `body merge-patch BookPatch` in canonical spelling.
    var canonicalText: String {
        switch content {
        case .json(let type): "body " + type.canonicalText
        case .mergePatch(_, let type): "body merge-patch " + type.canonicalText
        case .form(_, let type): "body form " + type.canonicalText
        case .multipart(_, let type): "body multipart " + type.canonicalText
        case .raw(_, let mediaType): "body raw " + mediaType.text
        }
    }
}

/// `paginate next -> ?cursor`, `paginate next_page_uri -> link`, `paginate link`,
/// `paginate page ?page each items`, `paginate offset ?offset [while more] each items`,
/// each optionally ending `each items` (the field that holds a page's items).
public struct PaginateSyntax: Hashable, Sendable {
    /// How the next page is named.
    public enum Form: Hashable, Sendable {
        /// `field -> ?parameter`: a cursor in the body, sent back as a query parameter.
        case cursor(field: SyntaxToken, parameter: SyntaxToken)
        /// `field -> link`: the next page's URL or path in the body.
        case bodyLink(field: SyntaxToken)
        /// `link`: the `Link` header's `rel="next"`.
        case linkHeader(SyntaxToken)
        /// `page ?parameter`: page numbers.
        case pageNumber(parameter: SyntaxToken)
        /// `offset ?parameter [while field]`: an item offset, with an optional has-more flag.
        case offset(parameter: SyntaxToken, hasMore: SyntaxToken?)
    }

    /// The `paginate` keyword.
    public var keyword: SyntaxToken
    /// How the next page is named.
    public var form: Form
    /// `each items`: the field that holds a page's items.
    public var items: SyntaxToken?

    /// Creates a clause.
    public init(keyword: SyntaxToken, form: Form, items: SyntaxToken?) {
        self.keyword = keyword
        self.form = form
        self.items = items
    }

    /// The clause in canonical spelling.
    public var canonicalText: String {
        var text = "paginate "
        switch form {
        case .cursor(let field, let parameter): text += field.text + " -> ?" + parameter.text
        case .bodyLink(let field): text += field.text + " -> link"
        case .linkHeader: text += "link"
        case .pageNumber(let parameter): text += "page ?" + parameter.text
        case .offset(let parameter, let hasMore): text += "offset ?" + parameter.text + (hasMore.map { " while " + $0.text } ?? "")
        }
        if let items { text += " each " + items.text }
        return text
    }
}

/// One endpoint: a route line (and its continuation lines) after resolution.
///
/// Immutable: the resolver builds it once from a `Definition`, and every later stage reads it.
/// Its fields are the definition's, read through the route (`route.name`, `route.spans.path`).
@dynamicMemberLookup
public struct Route: Hashable, Sendable {
    /// What a route says, field by field.
    public struct Definition: Hashable, Sendable {
        /// The route's name (`book`), a Swift identifier, possibly a keyword that the emitter escapes.
        public var name: String
        /// The name of the group it belongs to.
        public var groupName: String
        /// The `///` lines above the route.
        public var documentation: [String]
        /// The HTTP method token, upper case (`GET`, `PURGE`).
        public var method: String
        /// The path's segments in order; the path `/` has none.
        public var path: [PathComponent]
        /// Whether the path ends with a `/` after its last segment (`/books/`), sent as written;
        /// always false for the path `/`.
        public var hasTrailingSlash: Bool
        /// `?name: Type` parameters in the order written.
        public var queryParameters: [Parameter]
        /// `header Name: Type` parameters in the order written.
        public var headerParameters: [Parameter]
        /// `cookie name: Type` parameters in the order written, sent in one `Cookie` header.
        public var cookieParameters: [Parameter] = []
        /// The request body, if any.
        public var body: RequestBodySpec?
        /// The `accept` media type; nil means `application/json`.
        public var accept: String?
        /// The response type after `->`.
        public var response: TypeReference
        /// The effective access: the route's own flag, or its group's.
        public var access: Access
        /// How an authenticated route carries its credential (the route's `auth name`, its group's
        /// scheme, or the API's default); nil for a public route.
        public var authScheme: AuthSchemeSpec?
        /// The schemes the route also accepts (`auth key or basic`), in order after `authScheme`:
        /// a client sends the first one it has a credential for; empty for one scheme.
        public var alternativeAuthSchemes: [AuthSchemeSpec] = []
        /// Whether the route is flagged `deprecated`.
        public var isDeprecated: Bool
        /// Lint rule ids switched off on this route by `# routegen:disable rule-id`.
        public var disabledRules: [String]
        /// How the next page is found (`paginate ...`), when the route pages.
        public var pagination: PaginationSpec?
        /// The JSON body of a non-2xx response (`errors ProblemDetails`): the route's own, else
        /// its group's, else the API's; nil when none is declared.
        public var errorBody: TypeReference? = nil
        /// `status 201`: the status a success answers with; nil for the usual one (`successStatus`).
        public var declaredSuccessStatus: Int? = nil

        /// The status a success answers with: the declared one, else 204 for `-> Empty` and 200.
        public var successStatus: Int { declaredSuccessStatus ?? (response.isEmpty ? 204 : 200) }
        /// How the response streams (`-> events T`, `-> lines T`); nil for one value. A streamed
        /// route's `response` is `EventStream<T>` and its `accept` the format's media type unless written.
        public var streaming: ResponseStreaming? = nil
        /// `server uploads`: the declared server the route is sent to instead of the base URL;
        /// nil for the base URL.
        public var server: ServerSpec? = nil
        /// Where each part of the route line stands.
        public var spans: RouteSpans

        /// Creates a definition.
        public init(
            name: String,
            groupName: String,
            documentation: [String] = [],
            method: String,
            path: [PathComponent],
            hasTrailingSlash: Bool = false,
            queryParameters: [Parameter] = [],
            headerParameters: [Parameter] = [],
            body: RequestBodySpec? = nil,
            accept: String? = nil,
            response: TypeReference,
            access: Access,
            authScheme: AuthSchemeSpec? = nil,
            isDeprecated: Bool = false,
            disabledRules: [String] = [],
            pagination: PaginationSpec? = nil,
            spans: RouteSpans
        ) {
            self.name = name
            self.groupName = groupName
            self.documentation = documentation
            self.method = method
            self.path = path
            self.hasTrailingSlash = hasTrailingSlash
            self.queryParameters = queryParameters
            self.headerParameters = headerParameters
            self.body = body
            self.accept = accept
            self.response = response
            self.access = access
            self.authScheme = access == .authenticated ? authScheme ?? .defaultBearer : nil
            self.isDeprecated = isDeprecated
            self.disabledRules = disabledRules
            self.pagination = pagination
            self.spans = spans
        }
    }

    /// The definition, behind one reference. Emitting copies a route dozens of times, and
    /// copying twenty fields retained twenty objects, five of them the route file's path, which
    /// every concurrent emit job shares: the threads contended on its reference count (15 % more
    /// CPU for a 1,000-route API than with a short, inline path). A copy retains one object.
    /// The path texts are made here, once: every emitter and lint rule asks for them, often
    /// several times per route (a 1,000-route API built them 36,000 times, 27 M instructions).
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let definition: Definition
        let pathTemplate: String
        let pathShape: String
        /// Made once: every emitter asks for them, several times a route.
        let pathParameters: [Parameter]

        init(_ definition: Definition) {
            self.definition = definition
            pathTemplate = Self.pathText(definition, parameterName: true)
            pathShape = Self.pathText(definition, parameterName: false)
            pathParameters = definition.path.flatMap(\.parameters)
        }

        /// The path written into one string, with or without the parameters' names.
        private static func pathText(_ definition: Definition, parameterName: Bool) -> String {
            let path = definition.path
            guard !path.isEmpty else { return "/" }
            var text = ""
            for component in path {
                text.append("/")
                text.append(component.text(parameterName: parameterName))
            }
            if definition.hasTrailingSlash { text.append("/") }
            return text
        }
    }

    @usableFromInline let storage: Storage

    /// Creates a route from what it says.
    public init(_ definition: Definition) {
        storage = Storage(definition)
    }

    /// Everything the route says, to build a changed copy: `Route(changed)`.
    public var definition: Definition { storage.definition }

    /// Every scheme the route accepts, in the order a client tries them: `authScheme`, then the
    /// alternatives; empty for a public route.
    public var authSchemes: [AuthSchemeSpec] {
        (storage.definition.authScheme.map { [$0] } ?? []) + storage.definition.alternativeAuthSchemes
    }

    /// A field of the definition: `route.name`, `route.spans.path`.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<Definition, Value>) -> Value {
        storage.definition[keyPath: keyPath]
    }

    public static func == (lhs: Route, rhs: Route) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.definition == rhs.storage.definition
    }

    public func hash(into hasher: inout Hasher) {
        storage.definition.hash(into: &hasher)
    }

    /// Where the route stands: the start of its line, its name.
    public var location: SourceLocation { storage.definition.spans.name }

    /// The type of one element of a streamed response (`T` of `-> events T`); nil when the route does not stream.
    public var streamElement: TypeReference? {
        guard storage.definition.streaming != nil, case .named(_, let arguments) = storage.definition.response else { return nil }
        return arguments.first
    }

    /// The `accept` media type, `application/json` when the route names none.
    public var acceptedMediaType: String { storage.definition.accept ?? MediaType.json }

    /// The path parameters in path order.
    public var pathParameters: [Parameter] { storage.pathParameters }

    /// Path, query and header parameters in the order the generated function takes them.
    public var parameters: [Parameter] {
        pathParameters + storage.definition.queryParameters + storage.definition.headerParameters + storage.definition.cookieParameters
    }

    /// The path as an API reference shows it: `/books/{id}`, `/books/` with a trailing slash.
    public var pathTemplate: String { storage.pathTemplate }

    /// The path with parameter names erased: `/books/{}`; two routes with one method and
    /// one shape cannot be told apart by a server. A trailing slash is part of the shape:
    /// `/books` and `/books/` are different URLs.
    public var pathShape: String { storage.pathShape }

    /// Whether the route's own line says `auth` or `public`.
    public var hasExplicitAccess: Bool { storage.definition.spans.accessFlag != nil }
}

/// Where the parts of a route line stand in the route file.
public struct RouteSpans: Hashable, Sendable {
    /// The route's name: the start of the route line.
    public var name: SourceLocation
    /// The method.
    public var method: SourceLocation
    /// The path's leading `/`.
    public var path: SourceLocation
    /// The response type after `->`.
    public var response: SourceLocation
    /// The `accept` media type, when there is one.
    public var accept: SourceLocation?
    /// The route's own `auth` or `public` flag; nil when it inherits its group's.
    public var accessFlag: SourceLocation?

    /// Creates the spans of a route line.
    public init(name: SourceLocation, method: SourceLocation, path: SourceLocation, response: SourceLocation, accept: SourceLocation? = nil, accessFlag: SourceLocation? = nil) {
        self.name = name
        self.method = method
        self.path = path
        self.response = response
        self.accept = accept
        self.accessFlag = accessFlag
    }
}

/// One segment of a route's path.
public enum PathComponent: Hashable, Sendable {
    /// Text written in the route file, sent as is (percent-encoded where RFC 3986 requires).
    case literal(String, location: SourceLocation)
    /// `{name: Type}`: a value encoded as exactly one segment.
    case parameter(Parameter)
    /// Parameters with literal text around them, all encoded into one segment
    /// (`{sid: String}.json`): its pieces in order, each a `.literal` or a `.parameter`.
    indirect case joined([PathComponent], location: SourceLocation)

    /// Where the segment's text starts.
    public var location: SourceLocation {
        switch self {
        case .literal(_, let location): location
        case .parameter(let parameter): parameter.location
        case .joined(_, let location): location
        }
    }

    /// The segment's pieces: those of a `.joined` segment, or the segment itself.
    public var pieces: [PathComponent] {
        if case .joined(let pieces, _) = self { return pieces }
        return [self]
    }

    /// The segment's parameters in order: one for `.parameter`, those of a `.joined` segment.
    public var parameters: [Parameter] {
        switch self {
        case .literal: []
        case .parameter(let parameter): [parameter]
        case .joined(let pieces, _): pieces.flatMap(\.parameters)
        }
    }

    /// The segment as `pathTemplate` shows it (`{sid}.json`), or with names erased (`{}.json`).
    public func text(parameterName: Bool) -> String {
        switch self {
        case .literal(let literal, _): literal
        case .parameter(let parameter): parameterName ? "{" + parameter.name + "}" : "{}"
        case .joined(let pieces, _): pieces.map { $0.text(parameterName: parameterName) }.joined()
        }
    }
}

/// One endpoint: a route line (and its continuation lines) after resolution.
public struct Route: Hashable, Sendable {
    /// The route's name (`book`), a Swift identifier, possibly a keyword that the emitter escapes.
    public var name: String
    /// The name of the group it belongs to.
    public var groupName: String
    /// Where the route's name stands: the start of the route line.
    public var location: SourceLocation
    /// The `///` lines above the route.
    public var documentation: [String]
    /// The HTTP method token, upper case (`GET`, `PURGE`).
    public var method: String
    /// Where the method stands.
    public var methodLocation: SourceLocation
    /// The path's segments in order; the path `/` has none.
    public var path: [PathComponent]
    /// Whether the path ends with a `/` after its last segment (`/books/`), sent as written;
    /// always false for the path `/`.
    public var hasTrailingSlash: Bool
    /// Where the path starts (its leading `/`).
    public var pathLocation: SourceLocation
    /// `?name: Type` parameters in the order written.
    public var queryParameters: [Parameter]
    /// `header Name: Type` parameters in the order written.
    public var headerParameters: [Parameter]
    /// The request body, if any.
    public var body: RequestBodySpec?
    /// The `accept` media type; nil means `application/json`.
    public var accept: String?
    /// Where the `accept` media type stands, when there is one.
    public var acceptLocation: SourceLocation?
    /// The response type after `->`.
    public var response: TypeReference
    /// Where the response type stands.
    public var responseLocation: SourceLocation
    /// The effective access: the route's own flag, or its group's.
    public var access: Access
    /// Where the route's own `auth` or `public` flag stands; nil when it inherits its group's.
    public var accessFlagLocation: SourceLocation?
    /// Whether the route is flagged `deprecated`.
    public var isDeprecated: Bool
    /// Lint rule ids switched off on this route by `# routegen:disable rule-id`.
    public var disabledRules: [String]

    /// Creates a route.
    public init(
        name: String,
        groupName: String,
        location: SourceLocation,
        documentation: [String] = [],
        method: String,
        methodLocation: SourceLocation,
        path: [PathComponent],
        hasTrailingSlash: Bool = false,
        pathLocation: SourceLocation,
        queryParameters: [Parameter] = [],
        headerParameters: [Parameter] = [],
        body: RequestBodySpec? = nil,
        accept: String? = nil,
        acceptLocation: SourceLocation? = nil,
        response: TypeReference,
        responseLocation: SourceLocation,
        access: Access,
        accessFlagLocation: SourceLocation? = nil,
        isDeprecated: Bool = false,
        disabledRules: [String] = []
    ) {
        self.name = name
        self.groupName = groupName
        self.location = location
        self.documentation = documentation
        self.method = method
        self.methodLocation = methodLocation
        self.path = path
        self.hasTrailingSlash = hasTrailingSlash
        self.pathLocation = pathLocation
        self.queryParameters = queryParameters
        self.headerParameters = headerParameters
        self.body = body
        self.accept = accept
        self.acceptLocation = acceptLocation
        self.response = response
        self.responseLocation = responseLocation
        self.access = access
        self.accessFlagLocation = accessFlagLocation
        self.isDeprecated = isDeprecated
        self.disabledRules = disabledRules
    }

    /// The path parameters in path order.
    public var pathParameters: [Parameter] {
        path.compactMap { component in
            if case .parameter(let parameter) = component { return parameter }
            return nil
        }
    }

    /// Path, query and header parameters in the order the generated function takes them.
    public var parameters: [Parameter] { pathParameters + queryParameters + headerParameters }

    /// The path as an API reference shows it: `/books/{id}`, `/books/` with a trailing slash.
    public var pathTemplate: String { pathText(parameterName: true) }

    /// The path with parameter names erased: `/books/{}`; two routes with one method and
    /// one shape cannot be told apart by a server. A trailing slash is part of the shape:
    /// `/books` and `/books/` are different URLs.
    public var pathShape: String { pathText(parameterName: false) }

    /// The path written into one string: every emitter and lint rule asks for it, often per route.
    private func pathText(parameterName: Bool) -> String {
        guard !path.isEmpty else { return "/" }
        var text = ""
        for component in path {
            text.append("/")
            switch component {
            case .literal(let literal, _):
                text.append(literal)
            case .parameter(let parameter):
                text.append("{")
                if parameterName { text.append(parameter.name) }
                text.append("}")
            }
        }
        if hasTrailingSlash { text.append("/") }
        return text
    }

    /// Whether the route's own line says `auth` or `public`.
    public var hasExplicitAccess: Bool { accessFlagLocation != nil }
}

/// One segment of a route's path.
public enum PathComponent: Hashable, Sendable {
    /// Text written in the route file, sent as is (percent-encoded where RFC 3986 requires).
    case literal(String, location: SourceLocation)
    /// `{name: Type}`: a value encoded as exactly one segment.
    case parameter(Parameter)

    /// Where the segment's text starts.
    public var location: SourceLocation {
        switch self {
        case .literal(_, let location): location
        case .parameter(let parameter): parameter.location
        }
    }
}

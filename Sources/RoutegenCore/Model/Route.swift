/// One endpoint: a route line (and its continuation lines) after resolution.
public struct Route: Hashable, Sendable {
    /// The route's name (`book`), a Swift identifier, possibly a keyword that the emitter escapes.
    public var name: String {
        get { storage.fields.name }
        set { makeUnique(); storage.fields.name = newValue }
    }
    /// The name of the group it belongs to.
    public var groupName: String {
        get { storage.fields.groupName }
        set { makeUnique(); storage.fields.groupName = newValue }
    }
    /// Where the route's name stands: the start of the route line.
    public var location: SourceLocation {
        get { storage.fields.location }
        set { makeUnique(); storage.fields.location = newValue }
    }
    /// The `///` lines above the route.
    public var documentation: [String] {
        get { storage.fields.documentation }
        set { makeUnique(); storage.fields.documentation = newValue }
    }
    /// The HTTP method token, upper case (`GET`, `PURGE`).
    public var method: String {
        get { storage.fields.method }
        set { makeUnique(); storage.fields.method = newValue }
    }
    /// Where the method stands.
    public var methodLocation: SourceLocation {
        get { storage.fields.methodLocation }
        set { makeUnique(); storage.fields.methodLocation = newValue }
    }
    /// The path's segments in order; the path `/` has none.
    public var path: [PathComponent] {
        get { storage.fields.path }
        set { makeUnique(); storage.fields.path = newValue }
    }
    /// Whether the path ends with a `/` after its last segment (`/books/`), sent as written;
    /// always false for the path `/`.
    public var hasTrailingSlash: Bool {
        get { storage.fields.hasTrailingSlash }
        set { makeUnique(); storage.fields.hasTrailingSlash = newValue }
    }
    /// Where the path starts (its leading `/`).
    public var pathLocation: SourceLocation {
        get { storage.fields.pathLocation }
        set { makeUnique(); storage.fields.pathLocation = newValue }
    }
    /// `?name: Type` parameters in the order written.
    public var queryParameters: [Parameter] {
        get { storage.fields.queryParameters }
        set { makeUnique(); storage.fields.queryParameters = newValue }
    }
    /// `header Name: Type` parameters in the order written.
    public var headerParameters: [Parameter] {
        get { storage.fields.headerParameters }
        set { makeUnique(); storage.fields.headerParameters = newValue }
    }
    /// The request body, if any.
    public var body: RequestBodySpec? {
        get { storage.fields.body }
        set { makeUnique(); storage.fields.body = newValue }
    }
    /// The `accept` media type; nil means `application/json`.
    public var accept: String? {
        get { storage.fields.accept }
        set { makeUnique(); storage.fields.accept = newValue }
    }
    /// Where the `accept` media type stands, when there is one.
    public var acceptLocation: SourceLocation? {
        get { storage.fields.acceptLocation }
        set { makeUnique(); storage.fields.acceptLocation = newValue }
    }
    /// The response type after `->`.
    public var response: TypeReference {
        get { storage.fields.response }
        set { makeUnique(); storage.fields.response = newValue }
    }
    /// Where the response type stands.
    public var responseLocation: SourceLocation {
        get { storage.fields.responseLocation }
        set { makeUnique(); storage.fields.responseLocation = newValue }
    }
    /// The effective access: the route's own flag, or its group's.
    public var access: Access {
        get { storage.fields.access }
        set { makeUnique(); storage.fields.access = newValue }
    }
    /// Where the route's own `auth` or `public` flag stands; nil when it inherits its group's.
    public var accessFlagLocation: SourceLocation? {
        get { storage.fields.accessFlagLocation }
        set { makeUnique(); storage.fields.accessFlagLocation = newValue }
    }
    /// Whether the route is flagged `deprecated`.
    public var isDeprecated: Bool {
        get { storage.fields.isDeprecated }
        set { makeUnique(); storage.fields.isDeprecated = newValue }
    }
    /// Lint rule ids switched off on this route by `# routegen:disable rule-id`.
    public var disabledRules: [String] {
        get { storage.fields.disabledRules }
        set { makeUnique(); storage.fields.disabledRules = newValue }
    }

    /// The fields, behind one reference. Emitting copies a route dozens of times, and copying
    /// twenty fields retained twenty objects, five of them the route file's path, which every
    /// concurrent emit job shares: the threads contended on its reference count (15 % more CPU
    /// for a 1,000-route API than with a short, inline path). A copy now retains one object; a
    /// change copies the fields first when the storage is shared (copy on write).
    private var storage: Storage

    /// The route's fields. They change only after `makeUnique()` made this the sole reference,
    /// so a storage shared between copies, and between threads, is never written.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Hashable, Sendable {
        var name: String
        var groupName: String
        var location: SourceLocation
        var documentation: [String]
        var method: String
        var methodLocation: SourceLocation
        var path: [PathComponent]
        var hasTrailingSlash: Bool
        var pathLocation: SourceLocation
        var queryParameters: [Parameter]
        var headerParameters: [Parameter]
        var body: RequestBodySpec?
        var accept: String?
        var acceptLocation: SourceLocation?
        var response: TypeReference
        var responseLocation: SourceLocation
        var access: Access
        var accessFlagLocation: SourceLocation?
        var isDeprecated: Bool
        var disabledRules: [String]
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    public static func == (lhs: Route, rhs: Route) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }

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
        storage = Storage(Fields(
            name: name,
            groupName: groupName,
            location: location,
            documentation: documentation,
            method: method,
            methodLocation: methodLocation,
            path: path,
            hasTrailingSlash: hasTrailingSlash,
            pathLocation: pathLocation,
            queryParameters: queryParameters,
            headerParameters: headerParameters,
            body: body,
            accept: accept,
            acceptLocation: acceptLocation,
            response: response,
            responseLocation: responseLocation,
            access: access,
            accessFlagLocation: accessFlagLocation,
            isDeprecated: isDeprecated,
            disabledRules: disabledRules
        ))
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

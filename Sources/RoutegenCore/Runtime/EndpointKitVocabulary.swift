/// What EndpointKit offers generated code, as the generator must know it: the value types it
/// turns into text itself, the methods it lets carry a body, the media types it sets and the
/// names of its products.
///
/// This is the one copy of that knowledge in the generator (which never links the runtime);
/// `EndpointKitVocabularyTests` checks every entry against EndpointKit itself. A new runtime
/// type (a model, a file part, a JSON value) is added here, and every stage reads it from here.
public enum EndpointKitVocabulary {
    /// The product the generated route-audit tests import.
    public static let auditModule = "EndpointKitAudit"
    /// The runtime module every generated file imports.
    public static let runtimeModule = "EndpointKit"

    /// The methods `HTTPMethod` names as static members (`.get`), in the order API references
    /// list them; any other token is written `HTTPMethod(rawValue: "PURGE")`.
    public static let standardMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// The standard methods that never carry a body (`HTTPMethod.allowsBody` is false).
    public static let methodsWithoutBody = ["GET", "HEAD", "OPTIONS"]

    /// `HTTPMethod(rawValue:).allowsBody`: false for the body-less standard methods; any other
    /// token may carry a body.
    public static func methodAllowsBody(_ method: String) -> Bool {
        !methodsWithoutBody.contains(method)
    }

    /// Whether `HTTPMethod` has a static member for the method.
    public static func isStandardMethod(_ method: String) -> Bool {
        standardMethods.contains(method)
    }

    /// Foundation's bytes: a response of this type is the body as it came, not decoded, and
    /// `body raw` sends one.
    public static let dataType = "Data"
    /// `Data` with its module, as a route file may also write it.
    public static let qualifiedDataType = "Foundation." + dataType

    /// EndpointKit's type of no content: a response of this type has no body to decode.
    public static let emptyType = "Empty"
    /// `Empty` with its module, as a route file may also write it.
    public static let qualifiedEmptyType = runtimeModule + "." + emptyType

    /// The types whose values are no JSON value: no content, raw bytes, a file part.
    public static let nonJSONTypes: Set<String> = [emptyType, dataType, filePartType]

    /// EndpointKit's streamed response, `EventStream<T>`: what `-> events T` and `-> lines T` return.
    public static let eventStreamType = "EventStream"

    /// EndpointKit's free-form JSON value, for untyped objects.
    public static let jsonValueType = "JSONValue"

    /// EndpointKit's file in a multipart body: a model field of this type is a file part.
    public static let filePartType = "FilePart"

    /// The expression of a `FilePart` the audit samples send: small, fixed, a text file.
    public static let filePartSample = #"FilePart(data: Data("audit-file".utf8), filename: "audit.txt", contentType: "text/plain")"#

    /// The function that builds a multipart body from a model: `.multipart(body)`.
    public static let multipartBodyFunction = "multipart"

    /// The `Endpoint` modifier that sends a route to a server of its own: `.withServer(LibraryServers.uploads)`.
    public static let withServerFunction = "withServer"

    /// The function that fills in a server URL's variables, qualified so that no declared type
    /// hides it: `EndpointKit.ServerURL.url("https://{region}.example.com", values: ["region": "eu"])`.
    public static let serverURLFunction = runtimeModule + ".ServerURL.url"

    /// The storage of a field through which its model holds itself, qualified so that no declared
    /// type hides it: `private var _parent: EndpointKit.Indirect<Item?>`.
    public static let indirectType = runtimeModule + ".Indirect"

    /// The types a route file may name without an `import`: the scalars, and the Swift,
    /// Foundation and EndpointKit types generated code uses, each with its module and how many
    /// generic arguments it takes. Any other name must be declared in the file or come from an
    /// imported module.
    public static let knownTypes: [(name: String, module: String, arity: Int)] =
        ScalarKind.spellings.filter { $0.kind != .identifier }.map { ($0.name, $0.module, 0) }
        + [(dataType, "Foundation", 0), ("URL", "Foundation", 0), ("Decimal", "Foundation", 0),
           (emptyType, runtimeModule, 0), (jsonValueType, runtimeModule, 0), ("ID", runtimeModule, 1),
           (filePartType, runtimeModule, 0),
           ("Array", "Swift", 1), ("Optional", "Swift", 1), ("Dictionary", "Swift", 2)]

    /// Names the generated code relies on (protocols it conforms to, runtime types it calls): a
    /// declared type of that name would hide them from every generated file of the module.
    public static let namesGeneratedCodeUses: Set<String> = [
        "Codable", "Decodable", "Encodable", "Decoder", "Encoder", "CodingKey", "Equatable", "Hashable", "Hasher",
        "Sendable", "CaseIterable", "RawRepresentable", "Error", "Never", "Void",
        "Endpoint", "HTTPClient", "HTTPMethod", "PathSegment", "RequestBody", "PatchField", "EndpointValue", "QueryValue",
        "RouteAuditSample", "JSONCoding", eventStreamType, "Pagination", "PageSequence", "ItemSequence", "URLQueryItem", "APIError",
        filePartType, authSchemeType,
    ]

    /// Swift Testing's public type names. The generated audit tests import Testing beside the
    /// API's module, where a declared type of one of these names (PagerDuty's `Tag`) would be
    /// ambiguous; the audit files name the API's type for it (`private typealias Tag = API.Tag`).
    public static let testingTypeNames: Set<String> = [
        "Attachable", "AttachableWrapper", "Attachment", "Bug", "Comment", "ConditionTrait", "Confirmation",
        "Expectation", "ExpectationFailedError", "Issue", "ParallelizationTrait", "SourceLocation", "Suite",
        "SuiteTrait", "Tag", "Test", "TestScoping", "TestTrait", "TimeLimitTrait", "Trait",
    ]

    /// The key of a route's sample in the preview client: `endpointRoute(of:)`, and for a stream
    /// its media type after a space (`POST /chat/completions text/event-stream`), since a stream
    /// and a route of one value may share a method and path. `PreviewClient` builds the same key.
    public static func previewKey(of route: Route) -> String {
        endpointRoute(of: route) + (route.streaming != nil ? " " + route.acceptedMediaType : "")
    }

    /// `Endpoint.route` of a route's endpoints: the method, then the path with each value as
    /// `{value}` and literal text split at `/` (`GET /books/{value}/cover`), a trailing slash
    /// kept after a non-empty path; for a path with a joined segment, its `joinedPathTemplate`.
    /// The generated preview client answers by it.
    public static func endpointRoute(of route: Route) -> String {
        if let template = joinedPathTemplate(of: route) { return route.method + " " + template }
        // Written into one string: the preview client asks for every route's.
        var text = route.method + " "
        var hasSegments = false
        for component in route.path {
            switch component {
            case .literal(let literal, _):
                for segment in literal.split(separator: "/") {
                    text += "/"
                    text += segment
                    hasSegments = true
                }
            case .parameter, .joined:
                text += "/"
                text += valueTemplate(component)
                hasSegments = true
            }
        }
        if !hasSegments || route.hasTrailingSlash { text += "/" }
        return text
    }

    /// What `Endpoint.withPathTemplate(_:)` is given for a route with a joined segment
    /// (`/Calls/{value}.json`), whose `Endpoint.route` the path alone cannot show; nil for every other route.
    public static func joinedPathTemplate(of route: Route) -> String? {
        guard route.path.contains(where: { if case .joined = $0 { true } else { false } }) else { return nil }
        return route.path.map { "/" + valueTemplate($0) }.joined() + (route.hasTrailingSlash ? "/" : "")
    }

    /// The segment as `Endpoint.route` shows it: each value `{value}`.
    private static func valueTemplate(_ component: PathComponent) -> String {
        switch component {
        case .literal(let text, _): text
        case .parameter: "{value}"
        case .joined(let pieces, _): pieces.map(valueTemplate).joined()
        }
    }

    /// EndpointKit's credential scheme value, `AuthScheme(name:placement:)`.
    public static let authSchemeType = "AuthScheme"

    /// The `AuthScheme` generated code passes for `scheme`:
    /// `AuthScheme(name: "key", placement: .query(name: "key"))`.
    public static func authSchemeExpression(_ scheme: AuthSchemeSpec) -> String {
        let placement = switch scheme.placement {
        case .bearer: ".bearer"
        case .basic: ".basic"
        case .header(let name, let prefix):
            ".header(name: " + SwiftNaming.stringLiteral(name) + (prefix.isEmpty ? "" : ", prefix: " + SwiftNaming.stringLiteral(prefix)) + ")"
        case .query(let name): ".query(name: " + SwiftNaming.stringLiteral(name) + ")"
        }
        return authSchemeType + "(name: " + SwiftNaming.stringLiteral(scheme.runtimeName) + ", placement: " + placement + ")"
    }

    /// The value of `Endpoint`'s `auth:` argument for a route carrying `scheme`: `nil` for a
    /// public route, `.bearer` for the default bearer scheme, `authSchemeExpression` for any other.
    public static func authArgumentExpression(_ scheme: AuthSchemeSpec?) -> String {
        guard let scheme else { return "nil" }
        return scheme.isDefaultBearer ? ".bearer" : authSchemeExpression(scheme)
    }

    /// The token `EndpointKitAudit`'s `AuditCredentialProvider` (and `AuditTokenProvider`) hands out.
    public static let auditToken = "audit-token"
    /// `AuditCredentialProvider`'s Basic pair as sent: `Basic base64("audit-user:audit-password")`.
    public static let auditBasicAuthorization = "Basic YXVkaXQtdXNlcjphdWRpdC1wYXNzd29yZA=="

    /// Where the audit credential stands on a request of a route with `scheme`, and its exact
    /// text: `(isHeader: true, name: "X-Vault-Token", value: "audit-token")`.
    public static func auditCredential(for scheme: AuthSchemeSpec) -> (isHeader: Bool, name: String, value: String) {
        switch scheme.placement {
        case .bearer: (true, "Authorization", "Bearer " + auditToken)
        case .basic: (true, "Authorization", auditBasicAuthorization)
        case .header(let name, let prefix): (true, name, prefix + auditToken)
        case .query(let name): (false, name, auditToken)
        }
    }

    /// How many generic arguments a known type takes, by its plain or module-qualified name.
    public static func knownTypeArity(_ name: String) -> Int? {
        knownTypeArityByName[name]
    }

    /// The module a known type comes from (`Foundation` for `Date` and `Foundation.Date`), nil
    /// for a name not in `knownTypes`. The standard library's types say `Swift`.
    public static func module(ofKnownType name: String) -> String? {
        knownTypeModuleByName[name]
    }

    private static let knownTypeModuleByName: [String: String] = {
        var byName: [String: String] = [:]
        for known in knownTypes {
            byName[known.name] = known.module
            byName[known.module + "." + known.name] = known.module
        }
        return byName
    }()

    private static let knownTypeArityByName: [String: Int] = {
        var byName: [String: Int] = [:]
        for known in knownTypes {
            byName[known.name] = known.arity
            byName[known.module + "." + known.name] = known.arity
        }
        return byName
    }()
}

/// The media types EndpointKit sets on requests.
public enum MediaType {
    /// A JSON body and the default `Accept`.
    public static let json = "application/json"
    /// A JSON merge patch body (RFC 7396).
    public static let mergePatch = "application/merge-patch+json"
    /// A form body.
    public static let form = "application/x-www-form-urlencoded"
    /// A multipart body's media type, before its `; boundary=...` parameter.
    public static let multipart = "multipart/form-data"
}

/// A value type EndpointKit turns into one piece of text itself (`EndpointValue`), as a route
/// file may name it: so the generator passes it as it is, samples it for the audit tests and
/// checks its default value.
public enum ScalarKind: Hashable, Sendable {
    /// `String` or `Substring`: free text.
    case text
    /// One of Swift's fixed-width integer types.
    case integer(IntegerType)
    /// `Double` or `Float` (`Float64`, `Float32`).
    case floatingPoint
    /// `Bool`: `true` or `false`.
    case boolean
    /// Foundation's `Date`: ISO 8601 in UTC.
    case date
    /// Foundation's `UUID`: upper-case `uuidString`.
    case uuid
    /// EndpointKit's `ID<Entity>`: its raw text.
    case identifier

    /// Every spelling a route file may use for a scalar, with the module it comes from, so a
    /// module-qualified spelling (`Swift.String`, `Foundation.Date`) is known too.
    public static let spellings: [(name: String, module: String, kind: ScalarKind)] =
        [("String", "Swift", .text), ("Substring", "Swift", .text), ("Bool", "Swift", .boolean),
         ("Double", "Swift", .floatingPoint), ("Float", "Swift", .floatingPoint),
         ("Float64", "Swift", .floatingPoint), ("Float32", "Swift", .floatingPoint)]
        + IntegerType.allCases.map { ($0.rawValue, "Swift", .integer($0)) }
        + [("Date", "Foundation", .date), ("UUID", "Foundation", .uuid)]

    /// The kind of a named scalar type, or nil when EndpointKit does not convert it itself
    /// (a model, an optional, an array). `ID` counts with exactly one generic argument.
    public init?(_ type: TypeReference) {
        guard case .named(let name, let arguments) = type else { return nil }
        if name == "ID" || name == EndpointKitVocabulary.runtimeModule + ".ID" {
            guard arguments.count == 1 else { return nil }
            self = .identifier
            return
        }
        guard arguments.isEmpty, let kind = Self.kindByName[name] else { return nil }
        self = kind
    }

    /// Whether values are free text on the wire (`String`, `ID<Entity>`), where hostile text applies.
    public var isText: Bool { self == .text || self == .identifier }

    private static let kindByName: [String: ScalarKind] = {
        var byName: [String: ScalarKind] = [:]
        for spelling in spellings {
            byName[spelling.name] = spelling.kind
            byName[spelling.module + "." + spelling.name] = spelling.kind
        }
        return byName
    }()
}

/// Swift's fixed-width integer types, with the values each holds.
public enum IntegerType: String, Hashable, Sendable, CaseIterable {
    case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"

    /// The values the type holds, as far as an `Int64` reaches (`UInt64` stops at `Int64.max`).
    public var range: ClosedRange<Int64> {
        switch self {
        case .int, .int64: Int64.min...Int64.max
        case .int32: Int64(Int32.min)...Int64(Int32.max)
        case .int16: Int64(Int16.min)...Int64(Int16.max)
        case .int8: Int64(Int8.min)...Int64(Int8.max)
        case .uint, .uint64: 0...Int64.max
        case .uint32: 0...Int64(UInt32.max)
        case .uint16: 0...Int64(UInt16.max)
        case .uint8: 0...Int64(UInt8.max)
        }
    }
}

extension TypeReference {
    /// The scalar kind of the type itself, or of the one element or wrapped type of `[T]` or
    /// `T?`: what EndpointKit converts without help. Nil for models and deeper nesting.
    public var scalarKind: ScalarKind? {
        switch self {
        case .named: ScalarKind(self)
        case .optional(let inner), .array(let inner): ScalarKind(inner)
        }
    }

    /// Whether the values are free text on the wire (`String`, `ID<Entity>`), through any
    /// number of `?` and `[]`: where hostile text samples apply.
    public var isText: Bool {
        switch self {
        case .named: ScalarKind(self)?.isText == true
        case .optional(let inner), .array(let inner): inner.isText
        }
    }
}

import RoutegenCore
import RoutegenLint

/// One route as the surface listing shows it: the facts a reviewer checks, as text.
public struct SurfaceEntry: Hashable, Sendable, Encodable {
    /// The API's name (`Library`).
    public var api: String
    /// The HTTP method (`GET`).
    public var method: String
    /// The path template (`/books/{id}`).
    public var path: String
    /// `auth`, `public`, or `auth` and the credential scheme when it is not the default bearer
    /// token: `auth (header X-Vault-Token)`, `auth (key = query key)`.
    public var access: String
    /// The body as the route file writes it after `body` (`merge-patch BookPatch`, `raw "image/png"`), `-` for none.
    public var body: String
    /// The response type (`[Book]`, `Empty`).
    public var response: String
    /// The error body type, the route's own or inherited (`Problem`), `-` for none.
    public var errors: String
    /// How the next page is found, as written after `paginate` (`next -> ?cursor each items`), `-` for none.
    public var paginate: String
    /// `group.name` (`Books.book`).
    public var route: String
    /// The route's own server (`uploads`), which it is sent to instead of the base URL; nil for
    /// the base URL. A listing shows the column only when some route has one.
    public var server: String?

    /// The entry of `route` in the API named `api`.
    public init(route: Route, api: String) {
        self.api = api
        method = route.method
        path = route.pathTemplate
        access = route.authScheme.map { scheme in
            if scheme.isDefaultBearer, route.alternativeAuthSchemes.isEmpty { return route.access.rawValue }
            return route.access.rawValue + " (" + route.authSchemes.map(\.displayText).joined(separator: " or ") + ")"
        } ?? route.access.rawValue
        if let body = route.body {
            switch body.kind {
            case .json(let type): self.body = type.description
            case .mergePatch(let type), .form(let type), .multipart(let type): self.body = body.kindName + " " + type.description
            case .raw(let mediaType): self.body = "raw " + SwiftNaming.stringLiteral(mediaType)
            }
        } else {
            self.body = "-"
        }
        response = route.response.description
        errors = route.errorBody?.description ?? "-"
        paginate = route.pagination?.summary ?? "-"
        self.route = RouteKey(route).description
        server = route.server?.name
    }

    /// The surface order: path template, then method (GET, HEAD, POST, PUT, PATCH, DELETE,
    /// OPTIONS, then other methods alphabetically), then `group.name`, then API name. Text
    /// compares by Unicode scalar values, so `/books` < `/books/{id}` < `/books/{id}/cover`.
    public static func precedes(_ lhs: SurfaceEntry, _ rhs: SurfaceEntry) -> Bool {
        if lhs.path != rhs.path { return TextOrder.precedes(lhs.path, rhs.path) }
        if lhs.method != rhs.method {
            let left = methodRank(lhs.method), right = methodRank(rhs.method)
            if left != right { return left < right }
            return TextOrder.precedes(lhs.method, rhs.method)
        }
        if lhs.route != rhs.route { return TextOrder.precedes(lhs.route, rhs.route) }
        return TextOrder.precedes(lhs.api, rhs.api)
    }

    /// Where a method sorts among the standard ones; every other method sorts after them.
    static func methodRank(_ method: String) -> Int {
        EndpointKitVocabulary.standardMethods.firstIndex(of: method) ?? EndpointKitVocabulary.standardMethods.count
    }
}

import RoutegenCore

/// A Parameter, Request Body or Response Object as an operation names it: the object, or the
/// `$ref` that stands for it resolved once and leading nowhere, with the warning its use gives.
enum Referable<Object: Sendable>: Sendable {
    case object(Object)
    /// The reference leads nowhere; `warning` says why (nil when `$ref` is no text).
    case unresolved(warning: String?, position: DocumentPosition)

    /// The object, when there is one.
    var object: Object? {
        if case .object(let object) = self { return object }
        return nil
    }
}

/// One operation of `paths` (OpenAPI's Operation Object), with what its path item gives it.
struct OperationObject: Sendable {
    /// The path as written (`/files/{id}`, Box's `/files/{id}#get_shared_link`).
    let template: String
    /// `GET`, or a method an export lists under `x-routegen-methods` (`PURGE`).
    let method: String
    /// Where the method's key stands.
    let position: DocumentPosition
    /// The path item's parameters, then the operation's (which replace those of the same name
    /// and place), each resolved.
    let parameters: [Referable<ParameterObject>]
    /// `requestBody`.
    let requestBody: Referable<RequestBodyObject>?
    /// Where `requestBody` stands.
    let requestBodyPosition: DocumentPosition?
    /// `responses`, sorted by status code (upper-cased: `4XX`, `DEFAULT`).
    let responses: [ResponseEntry]
    /// Where `responses` stands.
    let responsesPosition: DocumentPosition?
    let operationID: String?
    let summary: String?
    let description: String?
    /// The first of `tags`, when it is text.
    let firstTag: String?
    /// Every tag that is text, in order.
    let tags: [String]
    let isDeprecated: Bool
    /// `security`, when the operation has its own.
    let security: SecurityRequirements?
    /// The names of `callbacks` and where the first stands.
    let callbacks: Located<[String]>?
    /// `servers` of the operation, then of its path item.
    let servers: [ServerObject]
    let pathServers: [ServerObject]
    /// What routegen's and the vendors' extensions say of the operation.
    let extensions: OperationExtensions
    /// The operation as read, for comparing a variant's payload with its route's.
    let node: DocumentNode
}

/// One entry of `responses`: its status code, where its key stands, and the response.
struct ResponseEntry: Sendable {
    /// The code, upper-cased: `200`, `4XX`, `DEFAULT`.
    let code: String
    let keyPosition: DocumentPosition
    /// The reference the entry is, when it is one (`#/components/responses/NotFound`).
    let referenceText: String?
    let response: Referable<ResponseObject>

    /// Whether the code is a 2xx status.
    var isSuccess: Bool { code.count == 3 && code.hasPrefix("2") }
}

/// A Response Object.
struct ResponseObject: Sendable {
    let position: DocumentPosition
    /// `content`, in the order written.
    let content: [MediaTypeObject]
    /// The content as read, for comparing two responses' content.
    let contentNode: DocumentNode?
    /// `headers`, in the order written.
    let headers: [HeaderObject]
    /// The names of `links` and where the first stands.
    let links: Located<[String]>?
}

/// A Request Body Object.
struct RequestBodyObject: Sendable {
    let position: DocumentPosition
    /// `required`, when it is a boolean.
    let required: Bool?
    let content: [MediaTypeObject]
    /// The body as read, for comparing two bodies.
    let node: DocumentNode
}

/// One entry of `content`: a media type and its schema.
struct MediaTypeObject: Sendable {
    /// The media type as written; nil for a key that is no text.
    let mediaType: String?
    let keyPosition: DocumentPosition
    let schema: SchemaObject?
    /// `itemSchema` (OpenAPI 3.2's schema of one item of a sequential media type).
    let itemSchema: SchemaObject?
}

/// A Header Object of a response.
struct HeaderObject: Sendable {
    let name: String?
    let keyPosition: DocumentPosition
    let schema: SchemaObject?
    let isRequired: Bool
    let description: String?
}

/// A Parameter Object, its style and explode resolved.
struct ParameterObject: Sendable {
    /// Where a parameter goes.
    enum Location: Hashable, Sendable {
        case path, query, header, cookie
        /// A place OpenAPI does not know, as written.
        case other(String)
        /// No `in`, or one that is no text.
        case missing
    }

    let name: String?
    let location: Location
    let position: DocumentPosition
    let isRequired: Bool
    let schema: SchemaObject?
    /// Whether the parameter describes its value by `content` rather than `schema`.
    let hasContent: Bool
    /// `style` as written, else the location's default (`form` for query and cookie, `simple`
    /// for path and header).
    let style: String
    /// `explode` as written, else its default (true for `form`, false for every other style).
    let explode: Bool
    let description: String?
    /// An export's `x-routegen-optional`.
    let routegenOptional: Bool?

    /// The key that a later declaration of the same parameter replaces: `in` and `name`.
    var key: String {
        let place = switch location {
        case .path: "path"
        case .query: "query"
        case .header: "header"
        case .cookie: "cookie"
        case .other(let text): text
        case .missing: ""
        }
        return place + ":" + (name ?? "")
    }
}

/// A list of security requirements: each alternative's scheme names, and where the list stands.
struct SecurityRequirements: Sendable {
    /// Each requirement's scheme names; nil when `security` is no list.
    let alternatives: [[String]]?
    let position: DocumentPosition
}

/// A Server Object.
struct ServerObject: Sendable {
    /// A server variable: its default and the values it allows (a number or boolean as its text).
    struct Variable: Sendable {
        let name: String
        let defaultValue: String?
        let allowed: [String]
        let description: String?
        /// Where the variable's key stands.
        let position: DocumentPosition
    }

    let url: String?
    let description: String?
    let variables: [Variable]
    /// `x-routegen-name` (an export's), else `x-name`: the server's name in the route file.
    let extensionName: String?
    let position: DocumentPosition
}

/// What routegen's own extensions (an export's) and the vendors' paging extensions say of an operation.
struct OperationExtensions: Sendable {
    var name: String?
    var group: String?
    var access: String?
    var errors: String?
    /// `x-routegen-paginate` and where it stands.
    var paginate: Located<String?>?
    var disabledRules: [String] = []
    var streamRoute: String?
    var accept: String?
    /// A vendor's paging extension (`x-ms-pageable`, ...): its key, where it stands, and the plan it reads as.
    var vendorPaging: VendorPaging?
}

/// A vendor's paging extension, read: the plan it says, none, or why the route cannot page so.
struct VendorPaging: Sendable {
    let key: String
    let position: DocumentPosition
    let plan: Result<PagingPlan?, PagingRefusal>
}

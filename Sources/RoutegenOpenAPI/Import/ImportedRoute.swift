import RoutegenCore
import RoutegenYAML

/// One piece of a path segment.
enum SegmentPiece: Hashable {
    case literal(String)
    /// A parameter: its name, its type, its default when that could stand as literal text, and
    /// its style (`label`, `matrix`) when not `simple`.
    case parameter(String, ImportedType, String?, ParameterStyle?)
}

/// A query, header or cookie parameter of an imported route: `?limit: Int = 20`,
/// `header X-Key: String?`, `cookie session: String`.
struct ImportedParameter: Hashable {
    enum Place: Hashable {
        case query
        case header
        case cookie

        /// The clause's keyword: `header` or `cookie`; nil for a query's `?`.
        var keyword: String? {
            switch self {
            case .query: nil
            case .header: "header"
            case .cookie: "cookie"
            }
        }
    }

    var place: Place
    /// The wire name.
    var name: String
    /// The type, without the optional mark the parameter adds.
    var type: ImportedType
    /// Whether a `?` follows the type.
    var isOptional: Bool
    /// How the value is spelled (`deep`, `comma`, ...); nil for the place's usual spelling.
    var style: ParameterStyle?
    /// `deep`: a dictionary sent as `name[key]=value` items.
    var isDeep: Bool { style == .deep }
    /// The default's literal text (`20`, `"asc"`).
    var defaultValue: String?
    /// `maximum 100`, `example 20`: what the value must be, in canonical order.
    var constraints: [ImportedConstraint] = []

    /// The type with its optional mark and style: `Int?`, `[String: String]? deep`.
    var typeText: String {
        type.text + (isOptional ? "?" : "") + (style.map { " " + $0.words.joined(separator: " ") } ?? "")
    }

    /// The clause: `?limit: Int = 20`, `header X-Key: String?`.
    var clause: String {
        (place.keyword.map { $0 + " " } ?? "?") + name + ": " + typeText + (defaultValue.map { " = " + $0 } ?? "")
    }

    /// The parameter as an optional one, for a variant merged into the route of its method and
    /// path; a parameter that can already be left out (optional, defaulted, a list, `deep`) stays.
    var asOptional: ImportedParameter {
        guard !isOptional, !type.text.hasSuffix("?"), !type.text.hasSuffix("]"), defaultValue == nil, style == nil else { return self }
        var copy = self
        copy.isOptional = true
        return copy
    }
}

/// A `body` clause of an imported route.
enum ImportedBody: Hashable {
    /// `body Type`, optional when an export says the body may be left out.
    case json(ImportedType)
    /// `body merge-patch Type`.
    case mergePatch(ImportedType)
    /// `body form Model`.
    case form(ImportedType)
    /// `body multipart Model`.
    case multipart(ImportedType)
    /// `body raw "media/type"`.
    case raw(mediaType: String)

    /// The clause: `body merge-patch BookPatch`, `body raw "text/csv"`.
    var clause: String {
        switch self {
        case .json(let type): "body " + type.text
        case .mergePatch(let type): "body merge-patch " + type.text
        case .form(let type): "body form " + type.text
        case .multipart(let type): "body multipart " + type.text
        case .raw(let mediaType): "body raw " + StringLiteral.quoted(mediaType)
        }
    }

    /// The body's type; nil for raw bytes.
    var type: ImportedType? {
        switch self {
        case .json(let type), .mergePatch(let type), .form(let type), .multipart(let type): type
        case .raw: nil
        }
    }
}

/// How an imported route's list pages: a plan read from a description's extensions or fields,
/// or the clause an export writes (`x-routegen-paginate`), read once.
enum ImportedPagination {
    case plan(PagingPlan)
    case written(PaginateSyntax)
}

/// A parameter a variant (`#fragment` or `?query` path) brings to the route of its method and
/// path when merged into it: its wire name, Swift label, and itself as an optional parameter.
struct VariantParameter {
    var wireName: String
    var label: String
    var optional: ImportedParameter
}

/// A route of the import as its parts, built into route syntax once (`RouteFileSyntax.appendRoute`).
struct ImportedRoute {
    var group: String
    var name: String
    var method: String
    var segments: [[SegmentPiece]]
    var hasTrailingSlash: Bool
    /// Query parameters, then header and cookie parameters, each in the description's order.
    var queries: [ImportedParameter]
    var headers: [ImportedParameter]
    var body: ImportedBody?
    /// The media type the route accepts, when not JSON.
    var accept: String?
    /// The query and header parameters, for merging a variant into the route of its method and path.
    var parameters: [VariantParameter] = []
    /// `#fragment` or `?query` of a path written as a variant of another (Box's
    /// `/files/{id}#get_shared_link`, OpenAI's `/responses?beta=true`), with its `#` or `?`.
    var variant: String?
    var response: ImportedType
    /// `status 201`: the success status when it is not the usual one (200, 204 for `Empty`).
    var status: Int?
    /// How the response streams (`-> events T`); `response` is then the element type.
    var streaming: ResponseStreaming?
    /// A stream the operation answers beside its JSON (OpenAI's `stream: true`): it becomes a
    /// second route, `<name>Stream`, whose response is this element type.
    var alsoStreams: (streaming: ResponseStreaming, element: ImportedType)?
    /// The stream route's name, when an export says it (`x-routegen-stream-route`).
    var streamRouteName: String?
    /// False for the stream route `streamRoute` adds, which is no operation of its own.
    var isOwnOperation = true
    var errorType: ImportedType?
    var access: RouteAccess
    /// Whether the route line says `auth` or `public` itself (`x-routegen-access` in an export).
    var isAccessExplicit = false
    /// How the list pages (`paginate ...`).
    var pagination: ImportedPagination?
    /// Whether `pagination` was read from the response's fields, not said by an extension.
    var isPagingInferred = false
    /// Lint rules turned off for the route (`# routegen:disable ...` at the end of the line).
    var disabledRules: [String] = []
    /// `server NAME`: the declared server the route is sent to instead of the base URL.
    var server: String?
    /// For a variant merged into another route: its body or response the route does not keep.
    var payloadNotes: [String]?
    var isDeprecated: Bool
    var documentation: [String]
    var position: DocumentPosition

    /// The second route of an operation that answers JSON or a stream: `<name>Stream`, the same
    /// request, the stream's element type; nil when the operation has no such choice.
    var streamRoute: ImportedRoute? {
        guard let alsoStreams else { return nil }
        var route = self
        route.name = streamRouteName ?? name + "Stream"
        route.response = alsoStreams.element
        route.streaming = alsoStreams.streaming
        route.alsoStreams = nil
        route.isOwnOperation = false
        route.accept = nil
        route.pagination = nil
        route.isPagingInferred = false
        route.documentation = documentation.isEmpty ? [] : documentation + ["", "Streamed: each \(alsoStreams.streaming == .events ? "event" : "line") is one `\(alsoStreams.element.text)`."]
        return route
    }

    var pathText: String {
        if segments.isEmpty { return "/" }
        let body = segments.map { pieces in
            pieces.map { piece in
                switch piece {
                case .literal(let text): text
                case .parameter(let name, let type, _, let style): "{" + name + ": " + type.text + (style.map { " " + $0.words.joined(separator: " ") } ?? "") + "}"
                }
            }.joined()
        }.joined(separator: "/")
        return "/" + body + (hasTrailingSlash ? "/" : "")
    }

    var shapeKey: String {
        let body = segments.map { pieces in
            pieces.map { piece in
                if case .literal(let text) = piece { return text }
                return "{}"
            }.joined()
        }.joined(separator: "/")
        return method + " /" + body + (hasTrailingSlash ? "/" : "") + (streaming.map { " accept " + $0.mediaType } ?? "")
    }

    /// Every type the line names: its path, query and header parameters', its body's, its
    /// response's and its error body's.
    var types: [ImportedType] {
        var types = segments.joined().compactMap { piece -> ImportedType? in
            if case .parameter(_, let type, _, _) = piece { return type }
            return nil
        }
        types += (queries + headers).map(\.type)
        if let body { types += body.type.map { [$0] } ?? [] }
        return types + [response] + (errorType.map { [$0] } ?? [])
    }

    /// A media type as an `accept` clause writes it: quoted when it has parameters.
    static func mediaTypeText(_ mediaType: String) -> String {
        mediaType.contains(";") || mediaType.contains(" ") ? StringLiteral.quoted(mediaType) : mediaType
    }

    func withLiteral(_ text: String, atSegment index: Int) -> ImportedRoute {
        var copy = self
        copy.segments[index] = [.literal(text)]
        return copy
    }

    /// `public`, `auth` or `auth scheme` on the route line, or nil when the group's access is the route's.
    func accessClause(groupAccess: GroupAccess) -> (word: String, schemes: [String])? {
        switch (access, groupAccess.access) {
        case (.open, .auth): ("public", [])
        case (.open, .open) where isAccessExplicit: ("public", [])
        case (.auth(let schemes), .auth(let groupSchemes)) where schemes != groupSchemes || isAccessExplicit: ("auth", schemes)
        case (.auth(let schemes), .open): ("auth", schemes)
        default: nil
        }
    }
}

extension ImportedRoute {
    /// Takes in a variant of this route (same method and path, a `#fragment` in the
    /// description): its parameters this route lacks join as optional ones; a body or response of
    /// its own is warned about, since the route keeps its own.
    mutating func merge(_ variant: ImportedRoute, session: ImportSession) {
        let added = addParameters(of: variant)
        var notes: [String] = []
        if !added.isEmpty { notes.append("its parameters \(added.joined(separator: ", ")) join as optional ones") }
        if let payloadNotes = variant.payloadNotes {
            notes += payloadNotes
        } else {
            if variant.body != body { notes.append("its body '\(variant.body?.clause ?? "none")' is not imported, the route sends '\(body?.clause ?? "none")'") }
            if variant.response != response { notes.append("it answers '\(variant.response.text)', the route '\(response.text)'") }
        }
        let what = notes.isEmpty ? "it adds nothing the route lacks" : notes.joined(separator: "; ")
        session.warn("operation '\(variant.name)' is a variant '\(variant.variant ?? "")' of route '\(name)' (\(method) \(pathText)); merged into it: \(what)", at: variant.position)
        if documentation.isEmpty { documentation = variant.documentation }
    }

    /// Adds the variant's parameters whose labels this route lacks, as optional ones; their
    /// quoted wire names.
    private mutating func addParameters(of variant: ImportedRoute) -> [String] {
        let labels = Set(parameters.map(\.label)).union(segments.flatMap { $0 }.compactMap { piece -> String? in
            if case .parameter(let name, _, _, _) = piece { return SwiftNaming.lowerCamelCase(name) }
            return nil
        })
        var added: [String] = []
        for parameter in variant.parameters where !labels.contains(parameter.label) {
            switch parameter.optional.place {
            case .query: queries.append(parameter.optional)
            case .header, .cookie: headers.append(parameter.optional)
            }
            parameters.append(parameter)
            added.append("'" + parameter.wireName + "'")
        }
        return added
    }
}

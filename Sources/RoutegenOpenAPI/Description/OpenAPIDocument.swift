import RoutegenCore

/// A description read once into typed values (`DescriptionReader`): its operations with their
/// parameters, bodies and responses, its schemas, tags, security and servers, each `$ref`
/// resolved and every part's position kept. The importer reads these, never the tree.
struct OpenAPIDocument: Sendable {
    /// `info.title`.
    let title: String?
    /// Whether the document says it is a routegen export (`x-routegen-export`).
    let isExport: Bool
    /// `x-routegen-api` and `x-routegen-imports` (the texts among them).
    let routegenAPIName: String?
    let routegenImports: [String]
    /// `x-routegen-externals`: the route file's `external` types.
    let routegenExternals: [String]
    /// `tags`, in the order written.
    let tags: [TagObject]
    /// Every operation of `paths`, in the order written.
    let operations: [OperationObject]
    /// What reading `paths` and `webhooks` found that no operation shows, in order.
    let pathWarnings: [Located<String>]
    /// The document's own `security`.
    let security: SecurityRequirements?
    /// `components/securitySchemes` in the order written.
    let securitySchemes: [SecuritySchemeObject]
    /// `servers`.
    let servers: [ServerObject]
    /// Every schema, by component and by reference.
    let schemas: SchemaTable
    /// Where the document and its `openapi` field stand.
    let position: DocumentPosition
    let versionPosition: DocumentPosition?
}

extension OpenAPIDocument {
    /// The same document with only `operations`.
    func keeping(_ operations: [OperationObject]) -> OpenAPIDocument {
        OpenAPIDocument(
            title: title, isExport: isExport, routegenAPIName: routegenAPIName, routegenImports: routegenImports, routegenExternals: routegenExternals,
            tags: tags, operations: operations, pathWarnings: pathWarnings, security: security, securitySchemes: securitySchemes,
            servers: servers, schemas: schemas, position: position, versionPosition: versionPosition
        )
    }
}

/// A Tag Object, with what an export says of its group.
struct TagObject: Sendable {
    let name: String
    let description: String?
    /// `x-routegen-access`, `x-routegen-errors`.
    let routegenAccess: String?
    let routegenErrors: String?
}

/// One entry of `components/securitySchemes` (a `$ref` followed).
struct SecuritySchemeObject: Sendable {
    let key: String
    /// `type`, `scheme`, `name` and `in`, as written.
    let type: String?
    let scheme: String?
    let name: String?
    let location: String?
    /// routegen's `x-routegen-prefix`, `x-routegen-unnamed`, `x-routegen-implicit`.
    let prefix: String?
    let isUnnamed: Bool
    let isImplicit: Bool
    let position: DocumentPosition
}

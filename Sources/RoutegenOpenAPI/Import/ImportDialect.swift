import RoutegenCore

/// How a description says what the route file holds: a foreign description in OpenAPI's own
/// terms, or an export (`x-routegen-export`), whose names, documentation, types and optional
/// parts are written as `routegen export` writes them (docs/openapi.md), so the model survives
/// the trip. Every difference between the two is one of these decisions, passed in with the
/// document; nothing else asks which kind it is.
struct ImportDialect: Sendable {
    /// Names stand as written when they are identifiers: the API's title, tags, components,
    /// operation ids and security scheme keys (a foreign description's are made UpperCamelCase
    /// or lowerCamelCase first).
    let keepsNamesAsWritten: Bool
    /// Documentation is every line of a `description` (a foreign description gives its first
    /// line, or its `title` or `summary`).
    let keepsEveryDocumentationLine: Bool
    /// Every component schema is a declaration, whether a route reaches it or not.
    let declaresEveryComponent: Bool
    /// A schema that requests send and responses answer, with `readOnly` or `writeOnly`
    /// properties, is two declarations (`X`, `XInput`).
    let splitsByDirection: Bool
    /// A model is one declaration whether a multipart or a JSON body holds it (its `FilePart`
    /// fields say `contentMediaType`).
    let readsMultipartAsJSON: Bool
    /// `format: int32`, `float` and `uri` are `Int32`, `Float` and `URL` (else `Int`, `Double`, `String`).
    let keepsNumberWidthsAndURL: Bool
    /// A string with `contentMediaType` is bytes: `Data` in a body or response, `FilePart` in a field.
    let readsContentMediaTypeAsBytes: Bool
    /// Array items and dictionary values may be null (`[Int?]`), as the route file said.
    let keepsNullableElements: Bool
    /// An object whose `properties` is empty is a model without fields.
    let readsEmptyPropertiesAsModel: Bool
    /// An open schema (`{}`, an object without properties) is warned about as it becomes `JSONValue`.
    let warnsAboutOpenSchemas: Bool
    /// A field's `deprecated` and `description` are the field's flag and documentation.
    let readsFieldFacts: Bool
    /// A name `required` lists that no property describes becomes a `JSONValue` field, and a
    /// `readOnly` field required in a request is warned about.
    let readsUndescribedRequired: Bool
    /// `x-routegen-cases`, `-variants` and `-by-shape` keep an enum's and a union's cases as written,
    /// a union of one variant stays one, and `[:]` is a dictionary's default.
    let keepsWrittenMembers: Bool
    /// `x-routegen-optional` says which parameters are optional types, and a header's default is kept.
    let readsParameterOptionality: Bool
    /// `required: false` on a body makes it an optional type, and form and multipart bodies are
    /// the types they name.
    let readsBodiesAsWritten: Bool
    /// A response's one content names the route's `accept`, and a nullable response is `T?`.
    let readsResponsesAsWritten: Bool
    /// A list's paging is inferred from its response's fields when no extension says it.
    let infersPaging: Bool
    /// The API's `errors` line is kept only when every route has the same error body.
    let keepsAPIErrorsOnlyWhenUniform: Bool
    /// Every declared security scheme is an `auth` line, used or not, and the unnamed one is
    /// marked (`x-routegen-unnamed`, `x-routegen-implicit`).
    let declaresEverySecurityScheme: Bool
    /// An operation's own `servers` is its route's `server` clause even when it names the API's
    /// default (a foreign description repeats the root's servers on its operations; an export
    /// writes them only for a route that names its server).
    let keepsEveryOperationServer: Bool

    /// A description as a vendor writes it.
    static let foreign = ImportDialect(
        keepsNamesAsWritten: false, keepsEveryDocumentationLine: false, declaresEveryComponent: false, splitsByDirection: true,
        readsMultipartAsJSON: false, keepsNumberWidthsAndURL: false, readsContentMediaTypeAsBytes: false, keepsNullableElements: false,
        readsEmptyPropertiesAsModel: false, warnsAboutOpenSchemas: true, readsFieldFacts: false, readsUndescribedRequired: true,
        keepsWrittenMembers: false, readsParameterOptionality: false, readsBodiesAsWritten: false, readsResponsesAsWritten: false,
        infersPaging: true, keepsAPIErrorsOnlyWhenUniform: false, declaresEverySecurityScheme: false,
        keepsEveryOperationServer: false
    )

    /// A document `routegen export` wrote.
    static let export = ImportDialect(
        keepsNamesAsWritten: true, keepsEveryDocumentationLine: true, declaresEveryComponent: true, splitsByDirection: false,
        readsMultipartAsJSON: true, keepsNumberWidthsAndURL: true, readsContentMediaTypeAsBytes: true, keepsNullableElements: true,
        readsEmptyPropertiesAsModel: true, warnsAboutOpenSchemas: false, readsFieldFacts: true, readsUndescribedRequired: false,
        keepsWrittenMembers: true, readsParameterOptionality: true, readsBodiesAsWritten: true, readsResponsesAsWritten: true,
        infersPaging: false, keepsAPIErrorsOnlyWhenUniform: true, declaresEverySecurityScheme: true,
        keepsEveryOperationServer: true
    )

    /// The dialect of `document`.
    static func of(_ document: OpenAPIDocument) -> ImportDialect {
        document.isExport ? .export : .foreign
    }

}

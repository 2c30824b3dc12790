import RoutegenCore

/// Decides how a path, query or header argument is turned into text, and emits the small
/// `<Api>ArgumentText` helper for types EndpointKit does not know.
///
/// Arguments of the types EndpointKit converts itself (`String`, the integer types,
/// `Double`, `Float`, `Bool`, `Date`, `UUID`, `ID<T>`, and optionals and arrays of them) are
/// passed as they are. Any other type (a model enum or struct from the imported modules) goes
/// through the helper, which at run time uses the value's own `EndpointValue`/`QueryValue`
/// conformance when it has one, else its JSON from `JSONCoding` (a JSON string without its
/// quotes; `null` sends nothing), else its description. So every route file compiles, whatever
/// its argument types, and types that know their text keep it. The helper holds only the
/// functions the routes call, and is left out when none does.
enum ArgumentTextEmitter {
    /// The helper's type name: `LibraryArgumentText`.
    static func typeName(api: String) -> String {
        api + "ArgumentText"
    }

    /// A function of the helper that generated endpoints call.
    enum Helper: String, CaseIterable, Sendable {
        case query, optionalQuery, arrayQuery, path
    }

    /// The helper function a path argument of `type` goes through; nil when EndpointKit converts it.
    static func pathHelper(_ type: TypeReference) -> Helper? {
        ScalarKind(type.nonOptional) == nil ? .path : nil
    }

    /// The helper function a query or header argument of `type` goes through; nil when it is
    /// passed as it is.
    static func queryHelper(_ type: TypeReference) -> Helper? {
        guard type.scalarKind == nil else { return nil }
        switch type {
        case .optional: return .optionalQuery
        case .array: return .arrayQuery
        case .named: return .query
        }
    }

    /// The expression for a path segment: `.value(id)` or `LibraryArgumentText.path(kind)`.
    static func pathSegment(_ label: String, type: TypeReference, api: String) -> String {
        guard let helper = pathHelper(type) else { return ".value(" + label + ")" }
        return typeName(api: api) + "." + helper.rawValue + "(" + label + ")"
    }

    /// The value in a query or header pair: `limit`, or `LibraryArgumentText.query(filter)`.
    static func queryValue(_ label: String, type: TypeReference, api: String) -> String {
        guard let helper = queryHelper(type) else { return label }
        return typeName(api: api) + "." + helper.rawValue + "(" + label + ")"
    }

    /// The helper functions the endpoints of `api` call: none for most APIs, whose arguments are
    /// all of types EndpointKit knows, and then the helper is not emitted at all.
    static func helpersUsed(by api: APIModel) -> Set<Helper> {
        var helpers: Set<Helper> = []
        for route in api.routes {
            for parameter in route.pathParameters {
                // A styled or array path value goes through the query helper, as its texts.
                let helper = parameter.style == nil && !parameter.type.isArray ? pathHelper(parameter.type) : queryHelper(parameter.type)
                if let helper { helpers.insert(helper) }
            }
            for parameter in route.queryParameters + route.headerParameters + route.cookieParameters {
                if let helper = queryHelper(parameter.type) { helpers.insert(helper) }
            }
        }
        return helpers
    }

    /// Writes the helper with the functions in `helpers` (and those they call), internal whatever
    /// the access level: generated code is its only caller. Each function costs compile time in
    /// every build of the API, so the ones no route calls are left out.
    static func write(api: String, helpers: Set<Helper>, into writer: inout SwiftWriter) {
        let name = typeName(api: api)
        writer.docComment([
            "Turns route arguments of types EndpointKit does not know into text: the value's own",
            "`EndpointValue`/`QueryValue` text when it has one, else its JSON (a JSON string without",
            "quotes, nothing for `null`), else its description.",
        ])
        writer.block(TopLevel.nonisolated + " enum " + name) { body in
            // optionalQuery and arrayQuery call query.
            if !helpers.isDisjoint(with: [.query, .optionalQuery, .arrayQuery]) {
                body.docComment(["One argument as query or header texts."])
                body.block("static func query(_ value: any Sendable) -> any QueryValue") { function in
                    function.line("if let known = value as? any QueryValue { return known }")
                    function.line("return texts(of: value)")
                }
                body.blank()
            }
            if helpers.contains(.optionalQuery) {
                body.docComment(["An optional argument: nothing when nil."])
                body.block("static func optionalQuery<Wrapped: Sendable>(_ value: Wrapped?) -> any QueryValue") { function in
                    function.line("guard let value else { return [String]() }")
                    function.line("return query(value)")
                }
                body.blank()
            }
            if helpers.contains(.arrayQuery) {
                body.docComment(["An array argument: the texts of each element in order, one query item each."])
                body.block("static func arrayQuery<Element: Sendable>(_ values: [Element]) -> any QueryValue") { function in
                    function.line("values.flatMap { query($0).queryTexts }")
                }
                body.blank()
            }
            if helpers.contains(.path) {
                body.docComment(["One argument as a single path segment."])
                body.block("static func path(_ value: any Sendable) -> PathSegment") { function in
                    function.line("let known = value as? any EndpointValue")
                    function.line("let text: String = known?.endpointText ?? texts(of: value).first ?? \"\"")
                    function.line("return .value(text)")
                }
                body.blank()
            }
            body.block("private static func texts(of value: any Sendable) -> [String]") { function in
                function.line("guard let encodable = value as? any Encodable else { return [String(describing: value)] }")
                function.line("guard let data = try? JSONCoding.encoder.encode(encodable) else { return [] }")
                function.line("if let text = try? JSONCoding.decoder.decode(String.self, from: data) { return [text] }")
                function.line("let json = String(decoding: data, as: UTF8.self)")
                function.line("return json == \"null\" ? [] : [json]")
            }
        }
    }
}

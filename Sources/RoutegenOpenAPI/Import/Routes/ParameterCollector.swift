import RoutegenCore

/// An operation's query and header parameters, each wire name and Swift label once (the path's
/// and the body's taken first); the headers a route sends itself (`Accept`, `Content-Type`,
/// `Authorization`) set aside, a fixed `Accept` kept as the route's `accept`.
struct ParameterCollector {
    let table: DeclarationTable

    private var dialect: ImportDialect { table.dialect }

    /// The parameters collected so far, with the wire names and Swift labels taken.
    struct Collected {
        var labels: Set<String> = []
        var wireNames: Set<String> = []
        var queries: [ImportedParameter] = []
        var headers: [ImportedParameter] = []
        var variantParameters: [VariantParameter] = []
        /// A fixed `Accept` header parameter's media type: the route's `accept`.
        var acceptHeader: String?

        init(pathNames: [String]) {
            for name in pathNames { take(name, label: SwiftNaming.lowerCamelCase(name)) }
        }

        func isTaken(_ name: String, label: String) -> Bool {
            wireNames.contains(name) || labels.contains(label)
        }

        mutating func take(label: String) {
            labels.insert(label)
        }

        mutating func take(_ name: String, label: String) {
            labels.insert(label)
            wireNames.insert(name)
        }

        mutating func add(_ parameter: ImportedParameter, label: String) {
            switch parameter.place {
            case .query: queries.append(parameter)
            case .header: headers.append(parameter)
            }
            variantParameters.append(VariantParameter(wireName: parameter.name, label: label, optional: parameter.asOptional))
            take(parameter.name, label: label)
        }
    }

    func collect(_ parameters: [ParameterObject], into collected: inout Collected, bodyMediaType: String?, typeHint: String) {
        for parameter in parameters {
            guard let name = parameter.name else { continue }
            let label = SwiftNaming.lowerCamelCase(name)
            switch parameter.location {
            case .path, .missing:
                continue
            case .query:
                guard RouteText.isQueryName(name) else {
                    table.warn("query parameter name '\(name)' is not one a route can send (letters, digits, '_', '-', '.', and brackets); left out", at: parameter.position)
                    continue
                }
                guard !collected.isTaken(name, label: label) else {
                    table.warn("query parameter '\(name)' has the name or Swift label of another parameter of this operation; left out", at: parameter.position)
                    continue
                }
                if let query = query(parameter, name: name, typeHint: typeHint) { collected.add(query, label: label) }
            case .header:
                guard !isRouteOwnHeader(parameter, name: name, into: &collected, bodyMediaType: bodyMediaType) else { continue }
                guard HTTPSyntax.isToken(name), RouteText.isWireName(name) else {
                    table.warn("header parameter name '\(name)' is not one a route can send; left out", at: parameter.position)
                    continue
                }
                guard !collected.isTaken(name, label: label) else {
                    table.warn("header parameter '\(name)' has the name or Swift label of another parameter of this operation; left out", at: parameter.position)
                    continue
                }
                collected.add(header(parameter, name: name, typeHint: typeHint), label: label)
            case .cookie:
                table.warn("cookie parameter '\(name)' is not something a route sends; left out", at: parameter.position)
            case .other(let place):
                table.warn("parameter '\(name)' is in '\(place)', which is not a place OpenAPI knows; left out", at: parameter.position)
            }
        }
    }

    /// Whether a header parameter is one the route sends itself (`Accept`, `Content-Type`,
    /// `Authorization`), warning when it says something the route does not; a fixed `Accept`
    /// becomes the route's `accept`.
    private func isRouteOwnHeader(_ parameter: ParameterObject, name: String, into collected: inout Collected, bodyMediaType: String?) -> Bool {
        switch name.lowercased() {
        case "accept":
            // A fixed Accept (PagerDuty's versioned media type) is the route's `accept`.
            if let value = Self.fixedValue(parameter), BodyBuilder.isMediaType(value) {
                collected.acceptHeader = value
            } else {
                table.warn("header parameter 'Accept' has no one value to send; left out (the route sends its own Accept)", at: parameter.position)
            }
            return true
        case "content-type":
            let value = Self.fixedValue(parameter)
            if let bodyMediaType, value?.lowercased() != bodyMediaType.lowercased() {
                table.warn("header parameter 'Content-Type' is set by the route from its body; left out", at: parameter.position)
            }
            return true
        case "authorization":
            table.warn("header parameter 'Authorization' is the credential, which the route's 'auth' sends; left out", at: parameter.position)
            return true
        default:
            return false
        }
    }

    /// The one value a parameter can have: its default, or its only enum value.
    private static func fixedValue(_ parameter: ParameterObject) -> String? {
        if let value = parameter.schema?.defaultValue?.string { return value }
        if let values = parameter.schema?.enumeration?.values, values.count == 1 { return values[0].string }
        return nil
    }

    /// The items of a query written into the path, after the declared query parameters.
    func collectFixedQueryItems(_ items: [(name: String, value: String)], into collected: inout Collected, operation: OperationObject) {
        for item in items {
            let label = SwiftNaming.lowerCamelCase(item.name)
            guard !collected.isTaken(item.name, label: label) else {
                table.warn("the query item '\(item.name)' of path '\(operation.template)' has the name or Swift label of another parameter of this operation; left out", at: operation.position)
                continue
            }
            // Standing alone, the route sends the value by default; merged into the route
            // of its method and path, the item joins as an optional parameter, so that route
            // does not start sending it.
            collected.queries.append(ImportedParameter(place: .query, name: item.name, type: .builtin("String"), isOptional: false, defaultValue: StringLiteral.quoted(item.value)))
            let optional = ImportedParameter(place: .query, name: item.name, type: .builtin("String"), isOptional: true)
            collected.variantParameters.append(VariantParameter(wireName: item.name, label: label, optional: optional))
            collected.take(item.name, label: label)
        }
    }

    private func query(_ parameter: ParameterObject, name: String, typeHint: String) -> ImportedParameter? {
        guard let schema = parameter.schema else {
            table.warn("query parameter '\(name)' has no 'schema' (a 'content' parameter is not supported); left out", at: parameter.position)
            return nil
        }
        let conversion = SchemaConversion(table: table)
        let converted = conversion.convert(schema, hint: typeHint + SwiftNaming.upperCamelCase(name))
        let enums = table.enumNames
        let required = parameter.isRequired
        // An export says which parameters are optional types (`x-routegen-optional`); `required`
        // alone cannot tell `?ids: [Int]` from `?ids: [Int]?`, or `?n: Int = 3` from `?n: Int? = 3`.
        let writtenOptional: Bool? = dialect.readsParameterOptionality ? parameter.routegenOptional == true : nil
        var query = ImportedParameter(place: .query, name: name, type: converted.type, isOptional: false)
        switch converted.type {
        case .array(let element) where element.isScalar(enums: enums):
            query.isOptional = writtenOptional == true
        case .dictionary(let value) where value.isScalar(enums: enums) && parameter.style == "deepObject":
            query.isOptional = writtenOptional ?? !required
            query.isDeep = true
        case let type where type.isScalar(enums: enums):
            if !required, !converted.isNullable, let value = schema.defaultValue, let literal = ScalarConverter(conversion: conversion).defaultLiteral(value, for: type),
               ["Int", "Int64", "Double", "Bool", "String"].contains(type.text) || dialect.readsParameterOptionality {
                query.isOptional = writtenOptional == true
                query.defaultValue = literal
            } else {
                query.isOptional = writtenOptional ?? !required
            }
        default:
            table.warn("query parameter '\(name)' is '\(converted.type.text)', which a query item cannot hold\(converted.type.declaredByValue != nil ? " (an object is sent as 'deepObject' only with '[String: Value]')" : ""); left out", at: schema.position)
            return nil
        }
        if !query.isDeep { query.constraints = ConstraintReader(conversion: conversion).constraints(of: schema, type: converted.type, subject: "query parameter '\(name)'") }
        return query
    }

    private func header(_ parameter: ParameterObject, name: String, typeHint: String) -> ImportedParameter {
        let required = parameter.isRequired
        let optional = dialect.readsParameterOptionality ? parameter.routegenOptional == true : !required
        var header = ImportedParameter(place: .header, name: name, type: .builtin("String"), isOptional: optional)
        guard let schema = parameter.schema else { return header }
        let conversion = SchemaConversion(table: table)
        let converted = conversion.convert(schema, hint: typeHint + SwiftNaming.upperCamelCase(name))
        var type = converted.type
        if !type.isScalar(enums: table.enumNames) {
            table.warn("header parameter '\(name)' is '\(type.text)', which a header route parameter cannot be; imported as 'String'", at: schema.position)
            type = .builtin("String")
        }
        header.type = type
        header.constraints = ConstraintReader(conversion: conversion).constraints(of: schema, type: type, subject: "header parameter '\(name)'")
        if dialect.readsParameterOptionality, !required, let value = schema.defaultValue, let literal = ScalarConverter(conversion: conversion).defaultLiteral(value, for: type) {
            header.defaultValue = literal
        }
        return header
    }
}

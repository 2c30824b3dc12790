import RoutegenCore

/// An operation's query, header and cookie parameters, each wire name and Swift label once (the path's
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
            case .header, .cookie: headers.append(parameter)
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
                if let query = query(parameter, name: name, typeHint: typeHint) {
                    collected.add(query, label: label)
                } else if let fields = spreadFields(parameter, name: name, typeHint: typeHint) {
                    for field in fields {
                        let fieldLabel = SwiftNaming.lowerCamelCase(field.name)
                        guard RouteText.isQueryName(field.name), !collected.isTaken(field.name, label: fieldLabel) else {
                            table.warn("field '\(field.name)' of query parameter '\(name)' has the name or Swift label of another parameter of this operation, or one a route cannot send; left out", at: parameter.position)
                            continue
                        }
                        collected.add(field, label: fieldLabel)
                    }
                }
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
                collected.add(header(parameter, name: name, typeHint: typeHint, place: .header), label: label)
            case .cookie:
                guard RouteText.isWireName(name) else {
                    table.warn("cookie parameter name '\(name)' is not one a route can send (letters, digits, '_', '-', '.'); left out", at: parameter.position)
                    continue
                }
                guard !collected.isTaken(name, label: label) else {
                    table.warn("cookie parameter '\(name)' has the name or Swift label of another parameter of this operation; left out", at: parameter.position)
                    continue
                }
                collected.add(header(parameter, name: name, typeHint: typeHint, place: .cookie), label: label)
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

    /// A query parameter that is an object of scalar fields in `form` style, exploded (OpenAPI's
    /// default for the query): on the wire it is its fields, each `field=value`, so it is imported
    /// as one query parameter per field, required where the object is and the field is. Nil
    /// (the warning given by `query`) for any other parameter `query` refused.
    private func spreadFields(_ parameter: ParameterObject, name: String, typeHint: String) -> [ImportedParameter]? {
        guard let schema = parameter.schema else { return nil }
        let converted = SchemaConversion(table: table).convert(schema, hint: typeHint + SwiftNaming.upperCamelCase(name))
        guard isSpreadable(converted.type, parameter: parameter), case .declared(let model) = converted.type else { return nil }
        return table.allFields(of: model).map { field in
            var query = ImportedParameter(place: .query, name: field.wireName, type: field.type, isOptional: false)
            if case .array = field.type {} else { query.isOptional = !parameter.isRequired || field.isOptional || field.isRequiredNullable }
            return query
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
        let reading = StyleReading.query(parameter, type: converted.type)
        if let warning = reading.warning { table.warn(warning, at: parameter.position) }
        let constraints = ConstraintReader(conversion: conversion).constraints(of: schema, type: converted.type, subject: "query parameter '\(name)'")
        switch converted.type {
        case .array(let element) where element.isScalar(enums: enums):
            query.isOptional = writtenOptional == true
            query.style = reading.style
        case .dictionary(let value) where value.isScalar(enums: enums) && reading.style != nil:
            query.isOptional = writtenOptional ?? !required
            query.style = reading.style
        case let type where type.isScalar(enums: enums):
            if !required, !converted.isNullable, let value = schema.defaultValue,
               let literal = ConstraintReader(conversion: conversion).defaultLiteral(value, for: type, constraints: constraints, subject: "query parameter '\(name)'"),
               ["Int", "Int64", "Double", "Bool", "String"].contains(type.text) || dialect.readsParameterOptionality {
                query.isOptional = writtenOptional == true
                query.defaultValue = literal
            } else {
                query.isOptional = writtenOptional ?? !required
            }
        default:
            if !isSpreadable(converted.type, parameter: parameter) {
                table.warn("query parameter '\(name)' is '\(converted.type.text)', which a query item cannot hold\(converted.type.declaredByValue != nil ? " (an object is sent only as '[String: Value]', in 'deepObject' or 'form' style, or as its fields when they are values, in exploded 'form' style)" : ""); left out", at: schema.position)
            }
            return nil
        }
        if query.style == nil || query.type.nonOptional.isArrayType { query.constraints = constraints }
        return query
    }

    /// Whether `spreadFields` imports the parameter as its fields: a model of values, exploded `form`.
    private func isSpreadable(_ type: ImportedType, parameter: ParameterObject) -> Bool {
        guard parameter.style == "form", parameter.explode, case .declared(let model) = type, table.isModel(model) else { return false }
        let fields = table.allFields(of: model)
        let enums = table.enumNames
        return !fields.isEmpty && fields.allSatisfy { field in
            if case .array(let element) = field.type { return element.isScalar(enums: enums) }
            return field.type.isScalar(enums: enums)
        }
    }

    /// A header or cookie parameter: one scalar value, or an array of them.
    private func header(_ parameter: ParameterObject, name: String, typeHint: String, place: ImportedParameter.Place) -> ImportedParameter {
        let required = parameter.isRequired
        let optional = dialect.readsParameterOptionality ? parameter.routegenOptional == true : !required
        var header = ImportedParameter(place: place, name: name, type: .builtin("String"), isOptional: optional)
        guard let schema = parameter.schema else { return header }
        let conversion = SchemaConversion(table: table)
        let converted = conversion.convert(schema, hint: typeHint + SwiftNaming.upperCamelCase(name))
        var type = converted.type
        let what = place == .cookie ? "cookie" : "header"
        if case .array(let element) = type, element.isScalar(enums: table.enumNames) {
            // An array is optional to pass: left out, it sends nothing.
            header.isOptional = dialect.readsParameterOptionality ? parameter.routegenOptional == true : false
        } else if !type.isScalar(enums: table.enumNames) {
            table.warn("\(what) parameter '\(name)' is '\(type.text)', which a \(what) route parameter cannot be; imported as 'String'", at: schema.position)
            type = .builtin("String")
        }
        if let warning = StyleReading.headerOrCookie(parameter, type: type, isCookie: place == .cookie).warning {
            table.warn(warning, at: parameter.position)
        }
        header.type = type
        header.constraints = ConstraintReader(conversion: conversion).constraints(of: schema, type: type, subject: "\(what) parameter '\(name)'")
        if dialect.readsParameterOptionality, !required, let value = schema.defaultValue,
           let literal = ConstraintReader(conversion: conversion).defaultLiteral(value, for: type, constraints: header.constraints, subject: "\(what) parameter '\(name)'") {
            header.defaultValue = literal
        }
        return header
    }
}

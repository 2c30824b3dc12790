import RoutegenCore

/// An operation's path as route segments: literal text, and parameters typed by their schemas
/// (one text each; a default that could stand as literal text kept for a path of the same shape).
struct PathBuilder {
    let table: DeclarationTable

    private static let literalCharacters = Set("-._~!$&'()*+,;=:@".unicodeScalars)

    /// A path as route segments, with the parameter names it uses in order.
    struct BuiltPath {
        var segments: [[SegmentPiece]] = []
        var hasTrailingSlash = false
        var usedNames: [String] = []
    }

    /// The path of `template`; nil (with a warning) when a route cannot have it.
    func path(_ operation: OperationObject, template: String, parameters: [ParameterObject], typeHint: String) -> BuiltPath? {
        guard template.hasPrefix("/") else {
            table.warn("path '\(template)' does not start with '/'; its operations are not imported", at: operation.position)
            return nil
        }
        var pathParameters: [String: ParameterObject] = [:]
        for parameter in parameters where parameter.location == .path {
            if let name = parameter.name { pathParameters[name] = parameter }
        }
        var raw = template.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var path = BuiltPath()
        if raw.count > 1, raw.last == "" {
            path.hasTrailingSlash = true
            raw.removeLast()
        }
        if raw == [""] { raw = [] }
        for segment in raw {
            if segment.isEmpty || segment == "." || segment == ".." {
                table.warn("path '\(template)' has an empty, '.' or '..' segment, which a route cannot send; not imported", at: operation.position)
                return nil
            }
            guard let pieces = segmentPieces(segment, of: template, path: &path, pathParameters: pathParameters, typeHint: typeHint, operation: operation) else { return nil }
            path.segments.append(pieces)
        }
        return path
    }

    /// One segment's literal text and parameters; nil (with a warning) when a route cannot have it.
    private func segmentPieces(_ segment: String, of template: String, path: inout BuiltPath, pathParameters: [String: ParameterObject], typeHint: String, operation: OperationObject) -> [SegmentPiece]? {
        var pieces: [SegmentPiece] = []
        var rest = Substring(segment)
        while !rest.isEmpty {
            guard rest.first == "{" else {
                let end = rest.firstIndex(of: "{") ?? rest.endIndex
                let literal = String(rest[..<end])
                if let bad = literal.unicodeScalars.first(where: { $0.isASCII && !($0.properties.isAlphabetic || ("0"..."9").contains($0) || Self.literalCharacters.contains($0)) }) {
                    table.warn("path '\(template)' holds '\(bad)', which a route path cannot; not imported", at: operation.position)
                    return nil
                }
                pieces.append(.literal(literal))
                rest = rest[end...]
                continue
            }
            guard let close = rest.firstIndex(of: "}") else {
                table.warn("path '\(template)' has an unclosed '{'; not imported", at: operation.position)
                return nil
            }
            let name = String(rest[rest.index(after: rest.startIndex)..<close])
            if case .parameter? = pieces.last {
                table.warn("path '\(template)' has two parameters side by side in one segment, which a server cannot tell apart; not imported", at: operation.position)
                return nil
            }
            guard RouteText.isWireName(name) else {
                table.warn("path parameter name '\(name)' is not one a route can have (letters, digits, '_', '-', '.'); not imported", at: operation.position)
                return nil
            }
            guard !path.usedNames.contains(name) else {
                table.warn("path '\(template)' names parameter '\(name)' twice; not imported", at: operation.position)
                return nil
            }
            path.usedNames.append(name)
            pieces.append(pathParameter(name, parameter: pathParameters[name], typeHint: typeHint, operation: operation))
            rest = rest[rest.index(after: close)...]
        }
        return pieces
    }

    private func pathParameter(_ name: String, parameter: ParameterObject?, typeHint: String, operation: OperationObject) -> SegmentPiece {
        guard let parameter else {
            table.warn("path parameter '\(name)' of '\(operation.template)' is not declared; imported as 'String'", at: operation.position)
            return .parameter(name, .builtin("String"), nil, nil)
        }
        guard let schema = parameter.schema else {
            return .parameter(name, .builtin("String"), nil, nil)
        }
        let converted = SchemaConversion(table: table).convert(schema, hint: typeHint + SwiftNaming.upperCamelCase(name))
        var type = converted.type
        let isScalarArray = if case .array(let element) = type, element.isScalar(enums: table.enumNames) { true } else { false }
        if !type.isScalar(enums: table.enumNames) && !isScalarArray {
            table.warn("path parameter '\(name)' is '\(type.text)', which is neither one value nor an array of values; imported as 'String'", at: schema.position)
            type = .builtin("String")
        }
        let reading = StyleReading.path(parameter, type: type)
        if let warning = reading.warning { table.warn(warning, at: parameter.position) }
        var literal: String?
        if let text = schema.defaultValue?.string, !text.isEmpty,
           text.unicodeScalars.allSatisfy({ !$0.isASCII || $0.properties.isAlphabetic || ("0"..."9").contains($0) || Self.literalCharacters.contains($0) }),
           text != ".", text != ".." {
            literal = text
        }
        return .parameter(name, type, isScalarArray ? nil : literal, reading.style)
    }
}

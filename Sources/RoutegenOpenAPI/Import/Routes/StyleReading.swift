import RoutegenCore

/// A parameter's OpenAPI `style` and `explode` as the route file's style word, for the value's
/// converted type; what no word says is a warning, never a silent change of what is sent.
struct StyleReading {
    /// The style word, nil for the place's usual spelling.
    var style: ParameterStyle?
    /// Why the description's style is not what the route sends, when it is not.
    var warning: String?

    /// A query parameter: `form` (exploded: a repeated name, or a dictionary's keys as names;
    /// not exploded: `comma`), `spaceDelimited`, `pipeDelimited`, `deepObject`.
    static func query(_ parameter: ParameterObject, type: ImportedType) -> StyleReading {
        let name = parameter.name ?? ""
        switch (parameter.style, type.nonOptional) {
        case (_, .builtin), (_, .declared), (_, .written):
            return StyleReading()
        case ("form", .array):
            return StyleReading(style: parameter.explode ? nil : .comma)
        case ("form", .dictionary):
            return StyleReading(style: parameter.explode ? .spread : .comma)
        case ("spaceDelimited", .array), ("pipeDelimited", .array):
            // Exploded, both are the repeated name `form` sends (OpenAPI 3.1's table).
            guard !parameter.explode else { return StyleReading() }
            return StyleReading(style: parameter.style == "spaceDelimited" ? .space : .pipe)
        case ("deepObject", .dictionary):
            return StyleReading(style: .deep)
        case ("deepObject", .array):
            return StyleReading(warning: "query parameter '\(name)' is an array in 'deepObject' style, which OpenAPI defines for objects only; sent as a repeated name")
        default:
            return StyleReading(warning: "query parameter '\(name)' has style '\(parameter.style)', which is not a query style for its type; sent as a repeated name")
        }
    }

    /// A path parameter: `simple`, `label` or `matrix`, each with or without `explode`.
    static func path(_ parameter: ParameterObject, type: ImportedType) -> StyleReading {
        let isArray = if case .array = type.nonOptional { true } else { false }
        switch parameter.style {
        case "simple": return StyleReading()
        case "label": return StyleReading(style: .label(explode: isArray && parameter.explode))
        case "matrix": return StyleReading(style: .matrix(explode: isArray && parameter.explode))
        default:
            return StyleReading(warning: "path parameter '\(parameter.name ?? "")' has style '\(parameter.style)', which OpenAPI does not define for a path; sent in 'simple' style")
        }
    }

    /// A header or cookie parameter: `simple` for a header, `form` for a cookie; an exploded
    /// cookie array has no cookie spelling and is sent joined.
    static func headerOrCookie(_ parameter: ParameterObject, type: ImportedType, isCookie: Bool) -> StyleReading {
        let expected = isCookie ? "form" : "simple"
        let what = isCookie ? "cookie" : "header"
        if parameter.style != expected {
            return StyleReading(warning: "\(what) parameter '\(parameter.name ?? "")' has style '\(parameter.style)'; sent in '\(expected)' style")
        }
        if isCookie, parameter.explode, case .array = type.nonOptional {
            return StyleReading(warning: "cookie parameter '\(parameter.name ?? "")' is an exploded array, which has no cookie spelling; sent as one cookie, its values joined by ','")
        }
        return StyleReading()
    }
}

extension ImportedType {
    /// The type without an optional mark.
    var nonOptional: ImportedType {
        if case .optional(let wrapped) = self { return wrapped.nonOptional }
        return self
    }
}

extension ImportedType {
    /// Whether it is an array.
    var isArrayType: Bool {
        if case .array = self { return true }
        return false
    }
}

import RoutegenCore

/// The values a parameter's text holds on the wire, read as its style writes them (OpenAPI's
/// `simple`, `label`, `matrix`, the delimited query styles, cookies): what `serve` checks each
/// value of. Nil when the text is not in the style's shape (a `label` value without its `.`).
enum StyledValues {
    /// The values of a path segment (percent-decoded) for `parameter`.
    static func path(_ segment: String, _ parameter: Parameter) -> [String]? {
        let isArray = parameter.type.nonOptional.isArray
        switch parameter.style {
        case .label(let explode)?:
            guard segment.hasPrefix(".") else { return nil }
            return split(String(segment.dropFirst()), by: explode ? "." : ",", isArray: isArray)
        case .matrix(let explode)?:
            let prefix = ";" + parameter.name + "="
            guard segment.hasPrefix(prefix) else { return nil }
            return split(String(segment.dropFirst(prefix.count)), by: explode ? prefix : ",", isArray: isArray)
        default:
            return split(segment, by: ",", isArray: isArray)
        }
    }

    /// The values of a query parameter among `items`: a repeated name, or one item split by
    /// the style's separator.
    static func query(_ items: [(name: String, value: String)], _ parameter: Parameter) -> [String] {
        let values = items.filter { $0.name == parameter.name }.map(\.value)
        guard let separator = parameter.style?.querySeparator, parameter.type.nonOptional.isArray else { return values }
        return values.flatMap { $0.isEmpty ? [] : $0.components(separatedBy: separator) }
    }

    /// The values of a header: an array's elements split at `,` (spaces around them dropped).
    static func header(_ text: String, _ parameter: Parameter) -> [String] {
        guard parameter.type.nonOptional.isArray else { return [text] }
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The cookies of a `Cookie` header, by name, values percent-decoded and an array's split at `,`.
    static func cookies(_ header: String?) -> [String: String] {
        var cookies: [String: String] = [:]
        for pair in (header ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            if cookies[name] == nil { cookies[name] = String(parts[1]).trimmingCharacters(in: .whitespaces) }
        }
        return cookies
    }

    /// The values of a cookie's text for `parameter`, each percent-decoded.
    static func cookie(_ text: String, _ parameter: Parameter) -> [String] {
        let values = parameter.type.nonOptional.isArray ? text.components(separatedBy: ",") : [text]
        return values.map { $0.removingPercentEncoding ?? $0 }
    }

    private static func split(_ text: String, by separator: String, isArray: Bool) -> [String]? {
        guard isArray else { return [text] }
        return text.isEmpty ? [] : text.components(separatedBy: separator)
    }
}

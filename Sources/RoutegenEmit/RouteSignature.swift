import RoutegenCore

/// The Swift arguments of a route, in the order every generated function takes them:
/// path parameters, query parameters, headers, then `body:`.
struct RouteSignature {
    /// One argument of a generated function.
    struct Argument {
        /// The label, escaped for use in source: `perPage`, `` `default` ``, `self_`.
        var label: String
        /// The Swift type as written in the route file.
        var type: String
        /// The default value's Swift text, or nil when the caller must pass it.
        var defaultValue: String?

        /// `label: Type` or `label: Type = default`.
        var declaration: String {
            let plain = label + ": " + type
            guard let defaultValue else { return plain }
            return plain + " = " + defaultValue
        }

        /// `label: Type`, for protocol requirements, which cannot have defaults.
        var declarationWithoutDefault: String { label + ": " + type }

        /// `label: label`, passing the argument on unchanged.
        var forwarding: String { callLabel + ": " + label }

        /// The label as a call site writes it: a keyword needs no backticks there (the compiler
        /// warns about them), except `inout`.
        var callLabel: String { SwiftNaming.callSiteLabel(forDeclaredLabel: label) }
    }

    /// Every argument in order.
    var arguments: [Argument]

    /// Builds the signature of `route`.
    init(_ route: Route) {
        arguments = route.parameters.map(Self.argument(for:))
        if let body = route.body {
            arguments.append(Argument(label: "body", type: body.type.description, defaultValue: nil))
        }
    }

    /// The generated argument of one parameter: a written default is kept, an optional
    /// defaults to `nil` and an array to `[]` (which sends no key), so callers pass only what matters.
    static func argument(for parameter: Parameter) -> Argument {
        Argument(
            label: SwiftNaming.argumentLabel(forWireName: parameter.name),
            type: parameter.type.description,
            defaultValue: defaultValueText(for: parameter)
        )
    }

    /// The Swift text of a parameter's default, or nil when it has none.
    static func defaultValueText(for parameter: Parameter) -> String? {
        if let defaultValue = parameter.defaultValue {
            switch defaultValue {
            case .integer(let text), .float(let text): return text
            case .boolean(let value): return value ? "true" : "false"
            case .string(let text): return SwiftNaming.stringLiteral(text)
            }
        }
        if parameter.type.isOptional { return "nil" }
        // A path array is always sent, so the caller passes it.
        if parameter.type.isArray && parameter.kind != .path { return "[]" }
        return nil
    }

    /// Whether the route is a static property (no arguments at all) rather than a function.
    var isProperty: Bool { arguments.isEmpty }

    /// Whether any argument has a default, so a shorter call is possible.
    var hasDefaults: Bool { arguments.contains { $0.defaultValue != nil } }

    /// `(a: A, b: B = 1)`.
    var parameterClause: String {
        "(" + arguments.map(\.declaration).joined(separator: ", ") + ")"
    }

    /// `(a: A, b: B)`, without defaults.
    var parameterClauseWithoutDefaults: String {
        "(" + arguments.map(\.declarationWithoutDefault).joined(separator: ", ") + ")"
    }

    /// `(a: A)`: only the arguments without a default.
    var requiredParameterClause: String {
        "(" + arguments.filter { $0.defaultValue == nil }.map(\.declaration).joined(separator: ", ") + ")"
    }

    /// `(a: a, b: b)`.
    var forwardingArguments: String {
        "(" + arguments.map(\.forwarding).joined(separator: ", ") + ")"
    }

    /// `(a: a, b: 1)`: the required arguments forwarded, the others at their defaults.
    var forwardingArgumentsWithDefaults: String {
        "(" + arguments.map { argument in
            argument.callLabel + ": " + (argument.defaultValue ?? argument.label)
        }.joined(separator: ", ") + ")"
    }
}

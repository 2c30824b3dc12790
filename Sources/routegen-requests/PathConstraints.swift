import Foundation
import RoutegenCore

/// What the description says of its path parameters' values (`pattern`, lengths, an example),
/// which a route file does not carry: the gate picks sample values the description allows
/// (`AC` and 32 hex digits for a Twilio account), as an app passes real identifiers.
///
/// Read from the JSON scripts/request_gate.py writes: `{"GET /calls/{sid}": {"sid": {"pattern":
/// "^CA[0-9a-f]{32}$", "minLength": 34, "maxLength": 34, "example": "CA…"}}}`.
struct PathConstraints {
    private var byRoute: [String: [String: ValueConstraints]] = [:]

    /// No constraints: each path parameter sampled from the route file alone.
    init() {}

    /// The constraints in the JSON file at `path`; nil when it does not read as that shape.
    init?(contentsOf path: String) {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Any]]] else { return nil }
        for (route, parameters) in object {
            for (name, described) in parameters {
                var constraints = ValueConstraints()
                constraints.pattern = described["pattern"] as? String
                constraints.minLength = described["minLength"] as? Int
                constraints.maxLength = described["maxLength"] as? Int
                if let example = described["example"] as? String { constraints.example = .string(example) }
                byRoute[route, default: [:]][name] = constraints
            }
        }
    }

    /// `parameter` of `route` with the description's constraints, where it has any and the
    /// route file says none.
    func applied(to parameter: Parameter, of route: Route) -> Parameter {
        guard parameter.kind == .path, parameter.constraints == ValueConstraints(),
              let constraints = byRoute[route.method + " " + route.pathTemplate]?[parameter.name] else { return parameter }
        var constrained = parameter
        constrained.constraints = constraints
        return constrained
    }
}

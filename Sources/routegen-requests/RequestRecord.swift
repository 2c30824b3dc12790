import EndpointKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RoutegenCore
import RoutegenSamples

/// One request the gate checks: what EndpointKit built for a route and the arguments it was built
/// from, written as one JSON line for scripts/request_gate.py.
struct RequestRecord: Encodable {
    /// The route's name.
    var route: String
    /// The method token.
    var method: String
    /// The path as the route file writes it, `/files/{file_id}`: how the checker finds the operation.
    var pathTemplate: String
    /// The URL `urlRequest(baseURL:)` built; nil when it threw.
    var url: String?
    /// Every header field of the request, `Cookie` included.
    var headers: [String: String]?
    /// The `Content-Type` sent with the body; nil without a body.
    var bodyMediaType: String?
    /// The body's bytes in Base64; nil without a body.
    var bodyBase64: String?
    /// The sample of each argument sent, by place and wire name.
    var arguments = Arguments()
    /// Why EndpointKit refused to build the request; nil when it built one.
    var error: String?

    /// The arguments by place, each by wire name.
    struct Arguments: Encodable {
        var path: [String: JSONValue] = [:]
        var query: [String: JSONValue] = [:]
        var header: [String: JSONValue] = [:]
        var cookie: [String: JSONValue] = [:]

        /// Records `value` for `parameter` in its place.
        mutating func record(_ value: JSONValue, for parameter: Parameter) {
            switch parameter.kind {
            case .path: path[parameter.name] = value
            case .query: query[parameter.name] = value
            case .header: header[parameter.name] = value
            case .cookie: cookie[parameter.name] = value
            }
        }
    }
}

/// Builds each route's request from its samples through the calls generated code makes.
struct RequestBuilder {
    /// The parameters' samples.
    let sampler: ArgumentSampler
    /// The bodies' samples.
    let bodies: SampleBodies
    /// Where every request goes (servers are not the gate's concern).
    let baseURL: URL
    /// The description's constraints on path parameters, for their samples.
    var pathConstraints = PathConstraints()

    /// The record of `route`'s request built from samples of all its parameters, optional ones too.
    func record(for route: Route) -> RequestRecord {
        var record = RequestRecord(route: route.name, method: route.method, pathTemplate: route.pathTemplate)
        var arguments: EndpointCalls.Arguments = [:]
        for parameter in route.parameters {
            guard let argument = sampler.argument(for: pathConstraints.applied(to: parameter, of: route)) else { continue }
            arguments[parameter] = argument
            // What sends nothing (null, an empty list or dictionary) is no argument to read back.
            if ![.null, .array([]), .object([:])].contains(argument.json) {
                record.arguments.record(argument.json, for: parameter)
            }
        }
        let body = route.body.map { EndpointCalls.body($0, samples: bodies) }
        let endpoint = EndpointCalls.endpoint(for: route, arguments: arguments, body: body)
        do {
            let request = try endpoint.urlRequest(baseURL: baseURL)
            record.url = request.url?.absoluteString
            record.headers = request.allHTTPHeaderFields ?? [:]
            if let data = request.httpBody {
                record.bodyMediaType = request.value(forHTTPHeaderField: "Content-Type")
                record.bodyBase64 = data.base64EncodedString()
            }
        } catch {
            record.error = String(describing: error)
        }
        return record
    }

    /// The routes that are operations of the description: all but the `<name>Stream` route the
    /// importer adds beside an operation that answers JSON or a stream (same method and path,
    /// a streamed response), which sends the same request as its operation's route.
    static func operationRoutes(of api: APIModel) -> [Route] {
        let unstreamed = Set(api.routes.filter { $0.streaming == nil }.map { $0.method + " " + $0.pathTemplate })
        return api.routes.filter { $0.streaming == nil || !unstreamed.contains($0.method + " " + $0.pathTemplate) }
    }
}

import EndpointKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RoutegenCore

/// The EndpointKit calls a generated endpoint makes for each part of a route, chosen by the rules
/// of `EndpointsEmitter` (Sources/RoutegenEmit/EndpointsEmitter.swift) and made here at run time
/// on sample values instead of written out as Swift text.
///
/// This file mirrors the emitter the way `AuditTestsWireText` mirrors EndpointKit: when the
/// emitter chooses another call for a parameter kind or style, change the matching function here,
/// or the request gate checks requests no generated endpoint sends. The one departure:
/// `KeyValuePairs` has no initializer from values made at run time, so where the emitter writes
/// one `.items([...])`, `.headerFields([...])` or `.cookieField([...])` literal with every pair,
/// this makes one call per pair, in the emitter's order, and concatenates the results (query
/// items), merges them (header fields, whose names differ), or joins them with `; ` (the `Cookie`
/// header, as `cookieField` joins its pairs).
enum EndpointCalls {
    /// The arguments of one call: each parameter's sample.
    typealias Arguments = [Parameter: SampleArgument]

    /// `Endpoint(method:path:hasTrailingSlash:query:headers:body:auth:accept:)` as
    /// `EndpointsEmitter.initializerArguments(for:api:)` writes it. No `auth` (the client adds the
    /// credential when it sends, not `urlRequest`) and no `.withServer` (the gate uses one base URL).
    static func endpoint(for route: Route, arguments: Arguments, body: RequestBody?) -> Endpoint<Empty> {
        Endpoint<Empty>(
            method: method(route.method),
            path: path(route.path, arguments: arguments),
            hasTrailingSlash: route.hasTrailingSlash && !route.path.isEmpty,
            query: route.queryParameters.isEmpty ? [] : query(route.queryParameters, arguments: arguments),
            headers: headers(route.headerParameters, cookies: route.cookieParameters, arguments: arguments),
            body: body,
            auth: nil,
            accept: route.accept ?? "application/json"
        )
    }

    /// `methodExpression`: `.get` for a method `HTTPMethod` names, `HTTPMethod(rawValue:)` for any
    /// other; `init(rawValue:)` gives the named one for a known token, so it serves both.
    static func method(_ token: String) -> HTTPMethod {
        HTTPMethod(rawValue: token)
    }

    /// `pathExpression`: literals as written, each parameter as `pathParameterExpression`
    /// chooses, a joined segment as `.joined([...])`.
    static func path(_ components: [PathComponent], arguments: Arguments) -> [PathSegment] {
        components.map { segment($0, arguments: arguments) }
    }

    private static func segment(_ component: PathComponent, arguments: Arguments) -> PathSegment {
        switch component {
        case .literal(let text, _):
            .literal(text)
        case .parameter(let parameter):
            pathParameter(parameter, wire: arguments[parameter]?.wire ?? .none)
        case .joined(let pieces, _):
            .joined(pieces.map { segment($0, arguments: arguments) })
        }
    }

    /// `pathParameterExpression`: `.label(x, explode:)`, `.matrix("name", x, explode:)`, an
    /// array `.list(xs)`, any other value `.value(x)` (a value without a sample: `.value("")`,
    /// which `urlRequest` refuses).
    private static func pathParameter(_ parameter: Parameter, wire: WireValue) -> PathSegment {
        switch parameter.style {
        case .label(let explode)?:
            return .label(wire.queryValue, explode: explode)
        case .matrix(let explode)?:
            return .matrix(parameter.name, wire.queryValue, explode: explode)
        default:
            if parameter.type.isArray { return .list(wire.queryValue) }
            guard case .single(let value) = wire else { return .value("") }
            return .value(value)
        }
    }

    /// `queryExpression`: `.items([...])` of the parameters without `deep` or `spread`, sorted by
    /// wire name (stable); then `+ .deepObject("name", x)` or `+ .spread(x)` of each of those, in
    /// the order written.
    static func query(_ parameters: [Parameter], arguments: Arguments) -> [URLQueryItem] {
        let spreadsKeys: (Parameter) -> Bool = { $0.style == .deep || $0.style == .spread }
        let sorted = parameters.filter { !spreadsKeys($0) }.enumerated().sorted { lhs, rhs in
            lhs.element.name != rhs.element.name ? lhs.element.name < rhs.element.name : lhs.offset < rhs.offset
        }.map(\.element)
        var items = sorted.flatMap { parameter in
            [URLQueryItem].items([parameter.name: pairValue(parameter, wire: arguments[parameter]?.wire ?? .none)])
        }
        for parameter in parameters where spreadsKeys(parameter) {
            let dictionary: [String: String]? = if case .dictionary(let values)? = arguments[parameter]?.wire { values } else { nil }
            items += parameter.style == .deep ? [URLQueryItem].deepObject(parameter.name, dictionary) : [URLQueryItem].spread(dictionary)
        }
        return items
    }

    /// `headersExpression`: `.headerFields([...])` in the order written, merged with
    /// `.cookieField([...])` keeping the header where both name one field.
    static func headers(_ parameters: [Parameter], cookies: [Parameter], arguments: Arguments) -> [String: String] {
        var fields: [String: String] = [:]
        for parameter in parameters {
            let field = [String: String].headerFields([parameter.name: pairValue(parameter, wire: arguments[parameter]?.wire ?? .none)])
            fields.merge(field) { first, _ in first }
        }
        let cookieTexts = cookies.compactMap { parameter in
            [String: String].cookieField([parameter.name: pairValue(parameter, wire: arguments[parameter]?.wire ?? .none)])["Cookie"]
        }
        let cookieField = cookieTexts.isEmpty ? [:] : ["Cookie": cookieTexts.joined(separator: "; ")]
        return fields.merging(cookieField) { header, _ in header }
    }

    /// `pairs`: the value of one pair; a `comma`, `space` or `pipe` array (or `comma`
    /// dictionary) as `JoinedValues(x, separator:)`.
    private static func pairValue(_ parameter: Parameter, wire: WireValue) -> any QueryValue {
        guard let separator = parameter.style?.querySeparator else { return wire.queryValue }
        switch wire {
        case .dictionary(let values): return JoinedValues(values, separator: separator)
        default: return JoinedValues(wire.queryValue, separator: separator)
        }
    }

    /// `bodyExpression`: `.json(body)`, `.mergePatch(body)`, `.form(body)`, `.multipart(body)` or
    /// `.raw(body, contentType: "...")`, on the sample `SampleBodies` makes for the kind.
    static func body(_ spec: RequestBodySpec, samples: SampleBodies) -> RequestBody {
        switch spec.kind {
        case .json(let type): .json(samples.json(of: type))
        case .mergePatch(let type): .mergePatch(samples.json(of: type))
        case .form(let type): .form(samples.formFields(of: type))
        case .multipart(let type): .multipart(samples.multipartFields(of: type))
        case .raw(let mediaType): .raw(SampleBodies.rawBytes, contentType: mediaType)
        }
    }
}

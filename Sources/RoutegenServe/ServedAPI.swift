import Foundation
import RoutegenCore
import RoutegenSamples

/// What `routegen serve` answers: every route of the loaded APIs, with its sample (or fixture),
/// after checking the request as the real server would. Pure: a request in, a response out.
public struct ServedAPI: Sendable {
    /// A route with what answers it.
    struct Entry: Sendable {
        let route: Route
        let validator: SampleValidator
        /// What the route answers: its sample, pages and error body.
        let sample: RouteSample
        /// How literal the path is (2 per literal segment, 1 per segment with text around a
        /// parameter): more literal routes are tried first.
        let literalCount: Int
        /// `METHOD /path/{template}`, what a 404 compares the request with.
        let written: String

        init(route: Route, validator: SampleValidator, sample: RouteSample, literalCount: Int) {
            self.route = route
            self.validator = validator
            self.sample = sample
            self.literalCount = literalCount
            written = route.method + " " + route.pathTemplate
        }
    }

    /// What a request's method and path are compared with, one per entry: a few plain values,
    /// so that trying every route copies no route.
    struct PathPattern: Sendable {
        let method: String
        let path: [PathComponent]
        let trailingSlash: Bool
    }

    /// The routes in the order they are tried: more literal segments first, then file order.
    let entries: [Entry]
    /// `entries`' methods and paths, in the same order.
    let patterns: [PathPattern]
    /// Fixture bodies by route name.
    let fixtures: [String: [UInt8]]

    /// What the server answered and for which route.
    public struct Answer: Sendable {
        /// The response.
        public var response: ServeResponse
        /// The route's name; nil when no route matched.
        public var routeName: String?
        /// Why the request was refused (401, 400, 422), for the log; nil when it was not.
        public var refusal: String? = nil
    }

    /// Serves the routes of `models` (in order; the first of two routes with one path wins),
    /// with `fixtures` (bodies by route name) instead of samples where given.
    public init(models: [APIModel], fixtures: [String: [UInt8]] = [:]) {
        var entries: [Entry] = []
        for api in models {
            let maker = SampleMaker(api: api)
            let refusals = SampleMaker(api: api, optionalFieldsKept: ErrorBodyFilling.keptKeys)
            let validator = SampleValidator(api: api)
            for route in api.routes {
                let literals = route.path.reduce(0) { count, component in
                    switch component {
                    case .literal: count + 2
                    case .joined: count + 1
                    case .parameter: count
                    }
                }
                var sample = maker.sample(of: route)
                sample.errorBody = route.errorBody.flatMap { refusals.sample(of: $0, name: "error") }
                entries.append(Entry(route: route, validator: validator, sample: sample, literalCount: literals))
            }
        }
        let ordered = entries.enumerated().sorted { left, right in
            left.element.literalCount != right.element.literalCount ? left.element.literalCount > right.element.literalCount : left.offset < right.offset
        }
        self.entries = ordered.map(\.element)
        patterns = ordered.map { PathPattern(method: $0.element.route.method, path: $0.element.route.path, trailingSlash: $0.element.route.hasTrailingSlash) }
        self.fixtures = fixtures
    }

    /// One line per route, in file order, for the start-up listing: `GET    /books/{id}  book`.
    public static func listing(of models: [APIModel], fixtures: [String: [UInt8]] = [:]) -> String {
        let routes = models.flatMap(\.routes)
        let methodWidth = routes.map(\.method.count).max() ?? 0
        let pathWidth = routes.map(\.pathTemplate.count).max() ?? 0
        var text = ""
        for route in routes {
            text += "  " + route.method.padding(toLength: methodWidth, withPad: " ", startingAt: 0) + "  "
            text += route.pathTemplate.padding(toLength: pathWidth, withPad: " ", startingAt: 0) + "  " + route.name
            if route.access.requiresAuthentication { text += " (auth)" }
            if fixtures[route.name] != nil { text += " (fixture)" }
            if let server = route.server { text += " (server " + server.name + ")" }
            text += "\n"
        }
        return text
    }

    /// The answer to `request`.
    public func answer(_ request: ServeRequest) -> Answer {
        let path = request.path
        let trailingSlash = path.count > 1 && path.hasSuffix("/")
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { String($0).removingPercentEncoding ?? String($0) }
        if trailingSlash || path == "/" { segments.removeLast() }
        // A stream and a route of one value may share a method and path: the request's Accept chooses.
        let wantsStream = { (entry: Entry) in
            entry.route.streaming.map { request.header("Accept")?.lowercased().contains($0.mediaType) == true } ?? false
        }
        let matching = { (method: String) in
            let found = matchingEntries(method: method, segments: segments, trailingSlash: trailingSlash)
            return found.first(where: wantsStream) ?? found.first { $0.route.streaming == nil } ?? found.first
        }
        // HEAD is answered as the GET route without the body, unless a route declares HEAD.
        guard let entry = matching(request.method) ?? (request.method == "HEAD" ? matching("GET") : nil) else {
            return unmatched(request, segments: segments, trailingSlash: trailingSlash)
        }
        let route = entry.route
        if let problem = credentialProblem(route, request) {
            // One challenge per HTTP scheme the route accepts, in its order (RFC 9110 11.6.1).
            var headers: [HTTPHeaderField] = []
            for scheme in route.authSchemes {
                switch scheme.placement {
                case .bearer: headers.append(HTTPHeaderField("WWW-Authenticate", "Bearer"))
                case .basic: headers.append(HTTPHeaderField("WWW-Authenticate", "Basic"))
                case .header, .query: break
                }
            }
            return Answer(response: Self.error(problem, entry: entry, status: 401, headers: headers), routeName: route.name, refusal: problem)
        }
        if let problem = parameterProblem(route, request) {
            return Answer(response: Self.error(problem, entry: entry, status: 400), routeName: route.name, refusal: problem)
        }
        if let problem = bodyProblem(entry, request) {
            return Answer(response: Self.error(problem, entry: entry, status: 422), routeName: route.name, refusal: problem)
        }
        return Answer(response: response(entry, request), routeName: route.name)
    }

    // MARK: Matching

    /// The entries, in the order they are tried, whose path the segments are (of `method` when
    /// given); with `checkingTypes` false, whatever the path parameters hold.
    private func matchingEntries(method: String?, segments: [String], trailingSlash: Bool, checkingTypes: Bool = true) -> [Entry] {
        var found: [Entry] = []
        for (index, pattern) in patterns.enumerated() where method == nil || pattern.method == method {
            if Self.matches(pattern, segments: segments, trailingSlash: trailingSlash, checkingTypes: checkingTypes) {
                found.append(entries[index])
            }
        }
        return found
    }

    /// Whether the path is the pattern's; with `checkingTypes` false, whatever its parameters hold.
    private static func matches(_ pattern: PathPattern, segments: [String], trailingSlash: Bool, checkingTypes: Bool) -> Bool {
        guard pattern.path.count == segments.count, pattern.trailingSlash == trailingSlash else { return false }
        for (component, segment) in zip(pattern.path, segments) {
            switch component {
            case .literal(let literal, _):
                guard literal == segment else { return false }
            case .parameter(let parameter):
                guard !segment.isEmpty else { return false }
                guard !checkingTypes || pathProblem(segment, parameter) == nil else { return false }
            case .joined(let pieces, _):
                guard !checkingTypes || matches(pieces[...], Substring(segment)) else { return false }
            }
        }
        return true
    }

    /// The first path parameter of `route` whose segment is no value of its type, and why.
    private static func parameterMismatch(_ route: Route, segments: [String]) -> String? {
        for (component, segment) in zip(route.path, segments) {
            guard case .parameter(let parameter) = component, let problem = pathProblem(segment, parameter) else { continue }
            return "path parameter '\(parameter.name)': \(problem), so there is no such resource"
        }
        return nil
    }

    /// Why a path segment holds no value of `parameter` in its style; nil when it does.
    private static func pathProblem(_ segment: String, _ parameter: Parameter) -> String? {
        guard let values = StyledValues.path(segment, parameter) else {
            return "'\(segment)' is not in the '\(parameter.style?.words.joined(separator: " ") ?? "simple")' style"
        }
        return values.lazy.compactMap { valueProblem($0, kind: parameter.type.nonOptional.scalarKind) }.first
    }

    /// Whether `text` is the pieces of one segment (`{sid}.json`): each literal exactly, each
    /// parameter one or more characters of its type, trying every split.
    private static func matches(_ pieces: ArraySlice<PathComponent>, _ text: Substring) -> Bool {
        guard let first = pieces.first else { return text.isEmpty }
        let rest = pieces.dropFirst()
        switch first {
        case .literal(let literal, _):
            return text.hasPrefix(literal) && matches(rest, text.dropFirst(literal.count))
        case .parameter(let parameter):
            guard !text.isEmpty else { return false }
            var end = text.index(after: text.startIndex)
            while true {
                let value = String(text[..<end])
                if valueProblem(value, kind: parameter.type.nonOptional.scalarKind) == nil, matches(rest, text[end...]) { return true }
                guard end < text.endIndex else { return false }
                end = text.index(after: end)
            }
        case .joined(let inner, _):
            return matches(inner[...] + rest, text)
        }
    }

    /// The answer to a request no route takes: 405 when routes of other methods have its path;
    /// that route's 404 when a route of its method would but for a parameter its type cannot
    /// hold (`/books/null`); else a 404 naming the closest route.
    private func unmatched(_ request: ServeRequest, segments: [String], trailingSlash: Bool) -> Answer {
        let others = matchingEntries(method: nil, segments: segments, trailingSlash: trailingSlash)
        if !others.isEmpty {
            let allowed = others.map(\.route.method).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let message = "method " + request.method + " is not one of " + request.path + "'s: " + allowed.joined(separator: ", ")
            let members: [SampleJSON.Member] = [.init("allow", .array(allowed.map { .string($0) })), .init("error", .string(message))]
            let response = ServeResponse.json(SampleJSON.object(members).text, status: 405, headers: [HTTPHeaderField("Allow", allowed.joined(separator: ", "))])
            return Answer(response: response, routeName: nil, refusal: message)
        }
        if let entry = matchingEntries(method: request.method, segments: segments, trailingSlash: trailingSlash, checkingTypes: false).first,
           let problem = Self.parameterMismatch(entry.route, segments: segments) {
            return Answer(response: Self.error(problem, entry: entry, status: 404), routeName: entry.route.name, refusal: problem)
        }
        return notFound(request)
    }

    private func notFound(_ request: ServeRequest) -> Answer {
        let written = request.method + " " + request.path
        let candidates = entries.map(\.written)
        var members: [SampleJSON.Member] = [.init("error", .string("no route " + written))]
        if let closest = Suggestion.nearest(to: written, among: candidates), let index = candidates.firstIndex(of: closest) {
            members.append(.init("closest", .string(closest)))
            members.append(.init("route", .string(entries[index].route.name)))
        }
        return Answer(response: .json(SampleJSON.object(members).text, status: 404), routeName: nil, refusal: "no route " + written)
    }

    // MARK: Checks

    /// Nil when the request carries a credential of any scheme the route accepts; otherwise
    /// what each scheme needs, joined by "or".
    private func credentialProblem(_ route: Route, _ request: ServeRequest) -> String? {
        guard route.access.requiresAuthentication else { return nil }
        var needs: [String] = []
        for scheme in route.authSchemes.isEmpty ? [.defaultBearer] : route.authSchemes {
            guard let need = Self.credentialNeed(scheme, request) else { return nil }
            needs.append(need)
        }
        return "route '\(route.name)' needs " + needs.joined(separator: " or ")
    }

    /// What `scheme` needs that `request` lacks; nil when it carries it.
    private static func credentialNeed(_ scheme: AuthSchemeSpec, _ request: ServeRequest) -> String? {
        switch scheme.placement {
        case .bearer:
            if let value = request.header("Authorization"), hasToken(value, prefix: "Bearer ", ignoringCase: true) { return nil }
            return "an 'Authorization: Bearer <token>' header"
        case .basic:
            if let value = request.header("Authorization"), hasToken(value, prefix: "Basic ", ignoringCase: true) { return nil }
            return "an 'Authorization: Basic <credentials>' header"
        case .header(let name, let prefix):
            if let value = request.header(name), hasToken(value, prefix: prefix, ignoringCase: false) { return nil }
            return "a '\(name): \(prefix)<token>' header"
        case .query(let name):
            if let item = request.queryItems.last(where: { $0.name == name }), !item.value.isEmpty { return nil }
            return "the query item '\(name)'"
        }
    }

    private static func hasToken(_ value: String, prefix: String, ignoringCase: Bool) -> Bool {
        guard value.count > prefix.count else { return false }
        let head = String(value.prefix(prefix.count))
        return ignoringCase ? head.lowercased() == prefix.lowercased() : head == prefix
    }

    private func parameterProblem(_ route: Route, _ request: ServeRequest) -> String? {
        let items = request.queryItems
        for parameter in route.queryParameters {
            if parameter.isDeepObject {
                // `?metadata[a]=1&metadata[b]=2`: present when any key is; values are not checked.
                if parameter.isRequired, !items.contains(where: { $0.name.hasPrefix(parameter.name + "[") }) {
                    return "missing required query parameter '\(parameter.name)'"
                }
                continue
            }
            // A `spread` dictionary's keys are any names; a `comma` one's values are not checked.
            if parameter.style == .spread || (parameter.style == .comma && !parameter.type.nonOptional.isArray) { continue }
            let values = StyledValues.query(items, parameter)
            if values.isEmpty {
                if parameter.isRequired { return "missing required query parameter '\(parameter.name)'" }
                continue
            }
            let kind = parameter.type.nonOptional.scalarKind
            let constraints = parameter.constraints
            if parameter.type.nonOptional.isArray, let problem = Self.countProblem(values.count, constraints) {
                return "query parameter '\(parameter.name)': \(problem)"
            }
            for value in values {
                if let problem = Self.valueProblem(value, kind: kind, constraints: constraints.elementConstraints) {
                    return "query parameter '\(parameter.name)': \(problem)"
                }
            }
        }
        for parameter in route.headerParameters {
            guard let value = request.header(parameter.name) else {
                if parameter.isRequired { return "missing required header '\(parameter.name)'" }
                continue
            }
            for element in StyledValues.header(value, parameter) {
                if let problem = Self.valueProblem(element, kind: parameter.type.nonOptional.scalarKind, constraints: parameter.constraints.elementConstraints) {
                    return "header '\(parameter.name)': \(problem)"
                }
            }
        }
        let cookies = StyledValues.cookies(request.header("Cookie"))
        for parameter in route.cookieParameters {
            guard let text = cookies[parameter.name] else {
                if parameter.isRequired { return "missing required cookie '\(parameter.name)'" }
                continue
            }
            for element in StyledValues.cookie(text, parameter) {
                if let problem = Self.valueProblem(element, kind: parameter.type.nonOptional.scalarKind, constraints: parameter.constraints.elementConstraints) {
                    return "cookie '\(parameter.name)': \(problem)"
                }
            }
        }
        return nil
    }

    /// Why `text` is not a value of `kind` in a path, query or header, or breaks the
    /// parameter's constraints; nil when it is a value that keeps them.
    private static func valueProblem(_ text: String, kind: ScalarKind?, constraints: ValueConstraints = ValueConstraints()) -> String? {
        switch kind {
        case .integer:
            guard Int(text) != nil else { return "expected an integer, not '\(text)'" }
            return ConstraintCheck.problem(withNumber: text, in: constraints).map { text + " " + $0 }
        case .floatingPoint:
            guard Double(text) != nil else { return "expected a number, not '\(text)'" }
            return ConstraintCheck.problem(withNumber: text, in: constraints).map { text + " " + $0 }
        case .boolean: return text == "true" || text == "false" ? nil : "expected true or false, not '\(text)'"
        case .uuid: return UUID(uuidString: text) == nil ? "expected a UUID, not '\(text)'" : nil
        case .text, .identifier: return ConstraintCheck.problem(withText: text, in: constraints).map { "'" + text + "' " + $0 }
        default: return nil
        }
    }

    /// An array parameter sent fewer times than `min-items` or more than `max-items`.
    private static func countProblem(_ count: Int, _ constraints: ValueConstraints) -> String? {
        if let minItems = constraints.minItems, count < minItems { return "sent \(count) times, fewer than \(minItems)" }
        if let maxItems = constraints.maxItems, count > maxItems { return "sent \(count) times, more than \(maxItems)" }
        return nil
    }

    private func bodyProblem(_ entry: Entry, _ request: ServeRequest) -> String? {
        guard let body = entry.route.body else { return nil }
        let type: TypeReference
        switch body.kind {
        case .json(let declared), .mergePatch(let declared): type = declared
        case .form, .multipart, .raw: return nil
        }
        guard !request.body.isEmpty else { return "the body is empty; expected \(type) as JSON" }
        let found = DiagnosticCollector()
        let read = JSONDocumentReader(path: "body").read(request.body, diagnostics: found)
        guard let value = read, found.diagnostics.isEmpty else {
            // The reader reports each failure at its place: a syntax error leaves no tree, a repeated key does.
            let error = found.diagnostics.first
            let place = error?.location.map { " at \($0.line):\($0.column)" } ?? ""
            return "the body" + place + ": " + (error?.message ?? "not JSON")
        }
        guard let problem = entry.validator.problem(with: value, as: type) else { return nil }
        return "the body does not fit \(type): \(problem)"
    }

    /// A refusal of a request to `entry`'s route. For a route with an error body type
    /// (`errors T`) whose sample is an object, that sample and nothing else, so the body is what
    /// the type declares (its required fields, and of the others only a reason and a status): the reason in its first text member named like one (`message`,
    /// `detail`, `error`, ...), the status sent in a number member named like one (`status`, ...).
    /// Otherwise `{"error": message, "route": name}`.
    private static func error(_ message: String, entry: Entry, status: Int, headers: [HTTPHeaderField] = []) -> ServeResponse {
        guard case .object(let sample)? = entry.sample.errorBody else {
            let members: [SampleJSON.Member] = [.init("error", .string(message)), .init("route", .string(entry.route.name))]
            return .json(SampleJSON.object(members).text, status: status, headers: headers)
        }
        return .json(SampleJSON.object(ErrorBodyFilling.filled(sample, reason: message, status: status)).text, status: status, headers: headers)
    }


    // MARK: Answers

    /// A streamed route's sample, its elements sent as events (`data: <json>` and an empty line)
    /// or as JSON lines, in the route's media type.
    private static func stream(_ sample: SampleJSON, as streaming: ResponseStreaming, mediaType: String) -> ServeResponse {
        let elements: [SampleJSON] = if case .array(let elements) = sample { elements } else { [sample] }
        let body = elements.map { element in
            switch streaming {
            case .events: "data: " + element.text + "\n\n"
            case .lines: element.text + "\n"
            }
        }.joined()
        return ServeResponse(status: 200, headers: [HTTPHeaderField("Content-Type", mediaType)], body: Array(body.utf8))
    }

    private func response(_ entry: Entry, _ request: ServeRequest) -> ServeResponse {
        let route = entry.route
        // The status the route declares (`status 201`), else 204 for `-> Empty` and 200.
        let status = route.successStatus
        if route.response.isEmpty { return ServeResponse(status: status) }
        if let fixture = fixtures[route.name] { return ServeResponse(status: status, headers: [HTTPHeaderField("Content-Type", "application/json")], body: fixture) }
        switch entry.sample.body {
        case .empty:
            return ServeResponse(status: status)
        case .bytes:
            let mediaType = route.acceptedMediaType.contains("*") ? "application/octet-stream" : route.acceptedMediaType
            return ServeResponse(status: status, headers: [HTTPHeaderField("Content-Type", mediaType)], body: Array(RouteSample.dataText.utf8))
        case .unavailable(let type):
            return Self.error("no sample for \(type): it comes from an imported module; give a fixture", entry: entry, status: 501)
        case .json(let sample):
            if let streaming = route.streaming { return Self.stream(sample, as: streaming, mediaType: route.acceptedMediaType) }
            guard let paging = entry.sample.paging else { return .json(sample.text, status: status) }
            let page = ServedPage(paging: paging, request: request)
            return .json(page.body.text, headers: page.headers)
        }
    }
}

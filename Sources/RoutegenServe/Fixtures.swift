import Foundation
import RoutegenCore
import RoutegenSamples

/// `--fixtures DIR`: one JSON file per route name (`book.json`) that the server sends instead of
/// the route's sample, each read by `JSONDocumentReader` (its errors at their line and column) and
/// checked against the route's response type before anything is served.
public enum Fixtures {
    /// Checks fixture files already read (`book.json` and its bytes) against the routes of `models`.
    public static func check(files: [(name: String, bytes: [UInt8])], directory: String, models: [APIModel]) -> Result<[String: [UInt8]], FixtureProblems> {
        var routes: [(route: Route, api: APIModel)] = []
        for api in models { for route in api.routes { routes.append((route, api)) } }
        var fixtures: [String: [UInt8]] = [:]
        var problems: [String] = []
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            let routeName = String(file.name.dropLast(".json".count))
            guard let (route, api) = routes.first(where: { $0.route.name == routeName }) else {
                let hint = Suggestion.closest(to: routeName, among: routes.map(\.route.name)).map { "; did you mean '\($0).json'?" } ?? ""
                problems.append(path + ": error: no route is named '\(routeName)'" + hint)
                continue
            }
            if route.response.isEmpty || route.response.isData {
                problems.append(path + ": error: route '\(routeName)' answers \(route.response), not JSON; it takes no fixture")
                continue
            }
            let found = DiagnosticCollector()
            let read = JSONDocumentReader(path: path).read(file.bytes, diagnostics: found)
            guard let value = read, !found.hasErrors else {
                problems += found.diagnostics.map { ($0.location.map { String(describing: $0) } ?? path) + ": error: " + $0.message }
                continue
            }
            if let problem = SampleValidator(api: api).problem(with: value, as: route.response) {
                problems.append(path + ": error: does not fit \(route.response) of route '\(routeName)': \(problem)")
                continue
            }
            fixtures[routeName] = file.bytes
        }
        return problems.isEmpty ? .success(fixtures) : .failure(FixtureProblems(messages: problems))
    }
}

/// Every problem of a fixtures folder, one line each.
public struct FixtureProblems: Error, Hashable, Sendable {
    /// `fixtures/book.json: error: does not fit Book of route 'book': title: expected a string`.
    public var messages: [String]
}

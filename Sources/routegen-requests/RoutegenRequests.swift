import EndpointKit
import Foundation
import RoutegenCore
import RoutegenOpenAPI
import RoutegenSamples

// routegen-requests: the request-side gate's Swift half (scripts/request-gate.sh). It imports an
// OpenAPI description in memory, and for each route that is one of its operations builds the
// request EndpointKit makes from sample arguments, with the calls generated code makes
// (EndpointCalls), and prints it with the arguments as one JSON line (RequestRecord).
// scripts/request_gate.py reads the lines back with openapi-core against the description.

/// The command: `routegen-requests [--base-url URL] [--path-constraints FILE] DESCRIPTION`.
@main
struct RoutegenRequests {
    /// The base URL when none is given: no server path.
    static let defaultBaseURL = "https://gate.routegen.test"
    static let usage = "usage: routegen-requests [--base-url URL] [--path-constraints FILE] DESCRIPTION (openapi.json or .yaml)"

    /// Runs the command and exits with its status.
    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        var baseURLText = defaultBaseURL
        var path: String?
        var pathConstraints = PathConstraints()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--base-url":
                guard let value = arguments.popFirst() else { fail(usage, status: 2) }
                baseURLText = value
            case "--path-constraints":
                guard let value = arguments.popFirst() else { fail(usage, status: 2) }
                guard let read = PathConstraints(contentsOf: value) else { fail("routegen-requests: '\(value)' is no JSON of path constraints", status: 2) }
                pathConstraints = read
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                guard path == nil, !argument.hasPrefix("-") else { fail(usage, status: 2) }
                path = argument
            }
        }
        guard let path else { fail(usage, status: 2) }
        guard let baseURL = URL(string: baseURLText), baseURL.host != nil else { fail("routegen-requests: '\(baseURLText)' is not an absolute URL", status: 2) }
        guard let api = importedAPI(path: path) else { exit(1) }
        write(records(of: api, baseURL: baseURL, pathConstraints: pathConstraints))
    }

    /// The route file imported from the description at `path`, checked; nil (errors printed) when
    /// the description cannot be read, imported, or its route text does not load.
    static func importedAPI(path: String) -> APIModel? {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("routegen-requests: cannot read '\(path)'")
            return nil
        }
        let bytes = [UInt8](data)
        let diagnostics = DiagnosticCollector()
        guard let imported = OpenAPIImporter(path: path).importDescription(bytes, diagnostics: diagnostics), !diagnostics.hasErrors else {
            printErrors(diagnostics, sources: [(path, bytes)])
            return nil
        }
        let routesPath = path + ".routes"
        guard let api = loadAPI(source: imported.text, path: routesPath, diagnostics: diagnostics) else {
            printErrors(diagnostics, sources: [(routesPath, Array(imported.text.utf8))])
            return nil
        }
        return api
    }

    /// One record per operation route of `api`, in file order.
    static func records(of api: APIModel, baseURL: URL, pathConstraints: PathConstraints = PathConstraints()) -> [RequestRecord] {
        let maker = SampleMaker(api: api)
        let builder = RequestBuilder(
            sampler: ArgumentSampler(maker: maker),
            bodies: SampleBodies(maker: maker, typesByName: api.typesByName()),
            baseURL: baseURL,
            pathConstraints: pathConstraints
        )
        return RequestBuilder.operationRoutes(of: api).map(builder.record)
    }

    /// Writes each record as one line of JSON to standard output.
    static func write(_ records: [RequestRecord]) {
        var output = Data()
        let encoder = JSONCoding.encoder
        for record in records {
            // A record holds strings, numbers and dictionaries only: encoding it cannot fail.
            guard let line = try? encoder.encode(record) else { continue }
            output.append(line)
            output.append(0x0A)
        }
        FileHandle.standardOutput.write(output)
    }

    /// Prints the error diagnostics, rendered with their source lines, to standard error.
    static func printErrors(_ diagnostics: DiagnosticCollector, sources: [(path: String, bytes: [UInt8])]) {
        var renderer = DiagnosticRenderer()
        for source in sources { renderer.addSource(utf8: source.bytes, path: source.path) }
        for diagnostic in diagnostics.sorted where diagnostic.severity == .error {
            printError(renderer.render(diagnostic))
        }
    }

    /// Prints `message` to standard error.
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Prints `message` to standard error and exits with `status`.
    static func fail(_ message: String, status: Int32) -> Never {
        printError(message)
        exit(status)
    }
}

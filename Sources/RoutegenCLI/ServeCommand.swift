import Foundation
import RoutegenServe
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `routegen serve <file-or-folder> [--port 8080] [--host 127.0.0.1] [--fixtures DIR]`: the API
/// without its backend, every route answered with its sample.
struct ServeCommand: Command {
    let name = "serve"
    let abstract = "Serves every route of the API with its sample response, for work without the backend."
    let discussion = """
        Answers each route with a deterministic sample of its response type built from the route \
        file's models (the values the generated samples hold), an Empty response as 204 and Data as \
        bytes; a paginated route answers a first page that leads to a second and last one. Checks \
        requests as the real server would: an unknown route is a 404 naming the closest one, a \
        missing required query parameter a 400, a missing credential on an authenticated route a \
        401, a JSON body that does not fit the declared type a 422; each with a JSON body saying \
        why. Logs every request as one line. Reloads when a route file or fixture changes (a file \
        with errors keeps the last good version serving). Stops on Ctrl-C or SIGTERM. See docs/serve.md.
        """
    let options: [OptionDeclaration] = [
        .value("port", valueName: "port", help: "The port to listen on (default 8080; 0 picks a free one)."),
        .value("host", valueName: "address", help: "The IPv4 address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every interface)."),
        .value("fixtures", valueName: "dir", help: "A folder of <route>.json files sent instead of the samples; checked at start."),
    ]
    let positional: PositionalDeclaration? = PositionalDeclaration(
        name: "file-or-folder",
        help: "A route file, or a folder searched for .routes files.",
        isRepeated: false
    )

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
        var options = ServeSession.Options(paths: arguments.positionals)
        if let text = arguments.value("port") {
            guard let port = UInt16(text) else {
                context.standardError.write(HelpText.usageError("port must be a number from 0 to 65535, not '\(text)'", command: self))
                return .usageError
            }
            options.port = port
        }
        if let host = arguments.value("host") { options.host = host }
        options.fixtures = arguments.value("fixtures")

        // Signals are taken before the server starts, so none is lost while it does.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        defer {
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        let stop = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        guard let session = ServeSession.start(options, context: context) else { return .failure }
        stop.wait()
        session.stop()
        return .success
    }
}

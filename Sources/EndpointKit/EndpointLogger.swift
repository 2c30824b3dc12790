import Foundation
#if canImport(OSLog)
import OSLog
#endif

/// Where `URLSessionHTTPClient` writes what a developer needs and a user must not see.
///
/// By default: `os.Logger` where OSLog exists, with the response type, the concrete path and
/// every underlying error marked `privacy: .private` (redacted in logs collected from a
/// customer's device); elsewhere, error lines on stderr with the same values replaced by
/// `<private>`. The route (`GET /books/{value}`) carries no data and is public. The bearer
/// token is never logged at all.
public struct EndpointLogger: Sendable {
    private enum Destination: Sendable {
        #if canImport(OSLog)
        case system(Logger)
        #else
        case standardError
        #endif
        case lines(revealsPrivateValues: Bool, write: @Sendable (String) -> Void)
    }

    private let destination: Destination

    /// The platform's logger: `os.Logger(subsystem:category:)` with OSLog, stderr elsewhere.
    public init(subsystem: String = "EndpointKit", category: String = "HTTPClient") {
        #if canImport(OSLog)
        destination = .system(Logger(subsystem: subsystem, category: category))
        #else
        destination = .standardError
        #endif
    }

    private init(destination: Destination) {
        self.destination = destination
    }

    /// A logger that hands every line, debug lines included, to `write`, with private values
    /// shown as `<private>` unless `revealingPrivateValues` (for a developer's own machine, and
    /// for tests that prove a secret is absent even unredacted).
    public static func capturing(
        revealingPrivateValues: Bool = false,
        _ write: @escaping @Sendable (String) -> Void
    ) -> EndpointLogger {
        EndpointLogger(destination: .lines(revealsPrivateValues: revealingPrivateValues, write: write))
    }

    /// A logger that writes nothing.
    public static let silent = EndpointLogger.capturing { _ in }

    /// A response arrived (debug level).
    func responseReceived(route: String, path: String, status: Int) {
        switch destination {
        #if canImport(OSLog)
        case .system(let logger):
            logger.debug("\(route, privacy: .public) (\(path, privacy: .private)) answered \(status, privacy: .public)")
        #else
        case .standardError:
            break
        #endif
        case .lines(let reveals, let write):
            write("\(route) (\(Self.shown(path, reveals))) answered \(status)")
        }
    }

    /// A successful response could not be decoded.
    func decodingFailed(route: String, path: String, typeName: String, error: String) {
        switch destination {
        #if canImport(OSLog)
        case .system(let logger):
            logger.error("Decoding \(typeName, privacy: .private) from \(route, privacy: .public) (\(path, privacy: .private)) failed: \(error, privacy: .private)")
        #else
        case .standardError:
            Self.writeStandardError("Decoding <private> from \(route) (<private>) failed: <private>")
        #endif
        case .lines(let reveals, let write):
            write("Decoding \(Self.shown(typeName, reveals)) from \(route) (\(Self.shown(path, reveals))) failed: \(Self.shown(error, reveals))")
        }
    }

    /// An error response's body was not JSON (an HTML page from a proxy, say).
    func unreadableErrorBody(route: String, path: String, status: Int) {
        switch destination {
        #if canImport(OSLog)
        case .system(let logger):
            logger.error("HTTP \(status, privacy: .public) from \(route, privacy: .public) (\(path, privacy: .private)) with an unreadable body")
        #else
        case .standardError:
            Self.writeStandardError("HTTP \(status) from \(route) (<private>) with an unreadable body")
        #endif
        case .lines(let reveals, let write):
            write("HTTP \(status) from \(route) (\(Self.shown(path, reveals))) with an unreadable body")
        }
    }

    /// The request did not complete.
    func transportFailed(route: String, path: String, error: String) {
        switch destination {
        #if canImport(OSLog)
        case .system(let logger):
            logger.error("\(route, privacy: .public) (\(path, privacy: .private)) failed: \(error, privacy: .private)")
        #else
        case .standardError:
            Self.writeStandardError("\(route) (<private>) failed: <private>")
        #endif
        case .lines(let reveals, let write):
            write("\(route) (\(Self.shown(path, reveals))) failed: \(Self.shown(error, reveals))")
        }
    }

    private static func shown(_ value: String, _ reveals: Bool) -> String {
        reveals ? value : "<private>"
    }

    #if !canImport(OSLog)
    private static func writeStandardError(_ line: String) {
        FileHandle.standardError.write(Data(("EndpointKit: " + line + "\n").utf8))
    }
    #endif
}

import Foundation
import RoutegenCore
import RoutegenServe

/// A running `routegen serve`: loads the route files (through `RouteFileLoader`, like every
/// command), checks the fixtures, serves, and reloads when a route file or fixture changes.
/// `ServeCommand` starts one and waits for a signal; tests start one in-process.
public final class ServeSession: @unchecked Sendable {
    // @unchecked: `context` is read only by the watcher thread after start-up, and output goes
    // through the synchronized sinks.

    /// What to serve and where.
    public struct Options: Sendable {
        /// The route files or folders as given.
        public var paths: [String]
        /// The address to listen on: `127.0.0.1` unless another is given.
        public var host: String
        /// The port; 0 picks a free one.
        public var port: UInt16
        /// `--fixtures DIR`, as given.
        public var fixtures: String?
        /// How often the route files are looked at, in seconds.
        public var pollInterval: Double

        /// Creates options.
        public init(paths: [String], host: String = "127.0.0.1", port: UInt16 = 8080, fixtures: String? = nil, pollInterval: Double = 0.5) {
            self.paths = paths
            self.host = host
            self.port = port
            self.fixtures = fixtures
            self.pollInterval = pollInterval
        }
    }

    private let options: Options
    private let context: CommandContext
    private let output: SynchronizedSink
    private let errors: SynchronizedSink
    private let server: MockServer
    private let stopping = NSCondition()
    private var stopped = false
    private var watcherDone = false
    private var snapshot: [[UInt8]]

    /// The URL the server answers on: `http://127.0.0.1:8080`.
    public var baseURL: String { server.baseURL }

    /// Loads and starts serving; nil after printing why not (errors in a file or a fixture, or a
    /// port that cannot be listened on).
    public static func start(_ options: Options, context: CommandContext) -> ServeSession? {
        let output = SynchronizedSink(context.standardOutput)
        let errors = SynchronizedSink(context.standardError)
        let snapshot = Self.snapshot(options, context: context)
        guard let loaded = load(options, context: context, errors: errors) else { return nil }
        let server: MockServer
        do {
            server = try MockServer(api: loaded.api, host: options.host, port: options.port) { line in output.write(line + "\n") }
        } catch {
            errors.write("error: " + error.description + "\n")
            return nil
        }
        let session = ServeSession(options: options, context: context, output: output, errors: errors, server: server, snapshot: snapshot)
        let apis = loaded.models.map { $0.name + " (" + $0.sourcePath + (ServedAPI.standIn(for: $0).map { "; " + $0 } ?? "") + ")" }
        var banner = "routegen serve: " + apis.joined(separator: ", ") + " on " + server.baseURL + "\n"
        banner += ServedAPI.listing(of: loaded.models, fixtures: loaded.fixtures)
        banner += ServedAPI.ownServerNote(of: loaded.models)
        banner += "Reloads when a route file changes; Ctrl-C stops.\n"
        output.write(banner)
        session.startWatching()
        return session
    }

    private init(options: Options, context: CommandContext, output: SynchronizedSink, errors: SynchronizedSink, server: MockServer, snapshot: [[UInt8]]) {
        self.options = options
        self.context = context
        self.output = output
        self.errors = errors
        self.server = server
        self.snapshot = snapshot
    }

    /// Stops watching and serving; returns once the socket is closed and no thread is left.
    public func stop() {
        stopping.lock()
        guard !stopped else {
            stopping.unlock()
            return
        }
        stopped = true
        stopping.broadcast()
        while !watcherDone { stopping.wait() }
        stopping.unlock()
        server.stop()
        output.write("routegen serve: stopped\n")
    }

    private func startWatching() {
        let thread = Thread { [self] in
            stopping.lock()
            while !stopped {
                _ = stopping.wait(until: Date(timeIntervalSinceNow: options.pollInterval))
                if stopped { break }
                stopping.unlock()
                reloadIfChanged()
                stopping.lock()
            }
            watcherDone = true
            stopping.broadcast()
            stopping.unlock()
        }
        thread.name = "routegen serve watcher"
        thread.start()
    }

    private func reloadIfChanged() {
        let current = Self.snapshot(options, context: context)
        guard current != snapshot else { return }
        snapshot = current
        guard let loaded = Self.load(options, context: context, errors: errors) else {
            errors.write("routegen serve: still serving the last good version\n")
            return
        }
        server.replace(with: loaded.api)
        let count = loaded.models.reduce(0) { $0 + $1.routes.count }
        output.write("routegen serve: reloaded " + loaded.models.map(\.sourcePath).joined(separator: ", ") + " (\(count) routes)\n")
    }

    /// The route files and fixtures, loaded and checked; nil after printing every problem.
    private static func load(_ options: Options, context: CommandContext, errors: SynchronizedSink) -> (api: ServedAPI, models: [APIModel], fixtures: [String: [UInt8]])? {
        let printer = DiagnosticPrinter(output: errors)
        let paths = RouteFileDiscovery.routeFiles(for: options.paths, context: context, diagnostics: printer)
        let models = RouteFileLoader.load(paths: paths, context: context, sink: printer).compactMap(\.model)
        guard !printer.hasErrors else {
            printer.printSummary()
            return nil
        }
        var fixtures: [String: [UInt8]] = [:]
        if let folder = options.fixtures {
            guard let files = readFixtures(folder, context: context, errors: errors) else { return nil }
            switch Fixtures.check(files: files, directory: folder, models: models) {
            case .success(let checked): fixtures = checked
            case .failure(let problems):
                errors.write(problems.messages.map { $0 + "\n" }.joined())
                errors.write("\(problems.messages.count) fixture" + (problems.messages.count == 1 ? "" : "s") + " refused; nothing served\n")
                return nil
            }
        }
        return (ServedAPI(models: models, fixtures: fixtures), models, fixtures)
    }

    private static func readFixtures(_ folder: String, context: CommandContext, errors: SynchronizedSink) -> [(name: String, bytes: [UInt8])]? {
        let resolved = context.resolvedPath(folder)
        do {
            var files: [(name: String, bytes: [UInt8])] = []
            let names = try context.fileSystem.contentsOfDirectory(atPath: resolved).filter { $0.hasSuffix(".json") }
            for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                files.append((name, try context.fileSystem.readFile(atPath: PathNormalizer.joined(resolved, name))))
            }
            return files
        } catch {
            errors.write(folder + ": error: cannot read the fixtures folder: " + String(describing: error) + "\n")
            return nil
        }
    }

    /// What reload compares: the bytes of every route file and fixture (contents, not times,
    /// so a change within the file system's time resolution is seen too).
    private static func snapshot(_ options: Options, context: CommandContext) -> [[UInt8]] {
        let quiet = DiagnosticCollector()
        var parts: [[UInt8]] = []
        for path in RouteFileDiscovery.routeFiles(for: options.paths, context: context, diagnostics: quiet) {
            parts.append(Array(path.utf8))
            parts.append((try? context.fileSystem.readFile(atPath: context.resolvedPath(path))) ?? [])
        }
        if let folder = options.fixtures {
            let resolved = context.resolvedPath(folder)
            for name in ((try? context.fileSystem.contentsOfDirectory(atPath: resolved)) ?? []).sorted() where name.hasSuffix(".json") {
                parts.append(Array(name.utf8))
                parts.append((try? context.fileSystem.readFile(atPath: PathNormalizer.joined(resolved, name))) ?? [])
            }
        }
        return parts
    }
}

/// An output sink several threads write to: one write at a time, whole. `@unchecked Sendable`
/// because the lock is what makes it safe: the wrapped sink is private and written only under it.
final class SynchronizedSink: OutputSink, @unchecked Sendable {
    private let sink: any OutputSink
    private let lock = NSLock()

    init(_ sink: any OutputSink) { self.sink = sink }

    func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        sink.write(text)
    }
}

import RoutegenCore
import RoutegenYAML

/// How a team imports a description it does not own, as `routegen.json` beside it says (or
/// swift-openapi-generator's `openapi-generator-config.yaml`, `GeneratorConfigReading`): the
/// access of the generated code, the API's name, which operations to keep, what to call
/// schemas, operations and tags, and which schemas are types of the app's own.
public struct ImportConfiguration: Sendable {
    /// `"access"`: `public`, `package` or `internal`.
    public var access: ConfiguredText?
    /// `"api"`: the API's name.
    public var apiName: ConfiguredText?
    /// `"filter"`: the operations to keep; nil keeps every one.
    public var filter: OperationFilter?
    /// `"rename"`: new names for schemas, operations and tags.
    public var renames = Renames()
    /// `"types"`: schemas that are a type the app already has (`"Money": "Money"`,
    /// `"Color": "DesignSystem.Color"`), by schema name, in the order written.
    public var typeOverrides: [(schema: ConfiguredText, type: ConfiguredText)] = []
    /// Modules to import beside EndpointKit (swift-openapi-generator's `additionalImports`).
    public var imports: [ConfiguredText] = []

    /// A configuration that changes nothing.
    public init() {}
}

/// A text a configuration file holds, and where it stands there (nil for one given otherwise).
public struct ConfiguredText: Hashable, Sendable {
    public var text: String
    public var location: SourceLocation?

    public init(_ text: String, at location: SourceLocation? = nil) {
        self.text = text
        self.location = location
    }
}

/// The operations an import keeps: those any list names, by a tag they carry, their
/// `operationId` or their path as the description writes it.
public struct OperationFilter: Sendable {
    public var tags: [ConfiguredText] = []
    public var operations: [ConfiguredText] = []
    public var paths: [ConfiguredText] = []

    public init(tags: [ConfiguredText] = [], operations: [ConfiguredText] = [], paths: [ConfiguredText] = []) {
        self.tags = tags
        self.operations = operations
        self.paths = paths
    }
}

/// New names, each from the description's name to the route file's: component schemas to
/// type names, operation ids to route names, tags to group names.
public struct Renames: Sendable {
    public var schemas: [(from: ConfiguredText, to: ConfiguredText)] = []
    public var operations: [(from: ConfiguredText, to: ConfiguredText)] = []
    public var tags: [(from: ConfiguredText, to: ConfiguredText)] = []

    public init() {}

    /// Whether there is no rename at all.
    public var isEmpty: Bool { schemas.isEmpty && operations.isEmpty && tags.isEmpty }
}

extension ImportConfiguration {
    /// The file name the build plugin and `routegen generate` read beside a description.
    public static let fileName = "routegen.json"

    /// The names of swift-openapi-generator's configuration, read when no `routegen.json` is there.
    public static let generatorConfigFileNames = GeneratorConfigReading.fileNames

    /// The keys `routegen.json` may hold.
    static let keys = ["access", "api", "filter", "rename", "types"]

    /// The configuration `bytes` (JSON; the file at `path`) say; nil, with errors emitted, when
    /// they are not one. Unknown keys are warnings, every problem at its line and column.
    public static func read(_ bytes: [UInt8], path: String, diagnostics: any DiagnosticSink) -> ImportConfiguration? {
        let counter = CountingSink(forwardingTo: diagnostics)
        guard let root = DocumentReader(path: path).read(bytes, diagnostics: counter), !counter.counts.hasErrors else { return nil }
        if GeneratorConfigReading.isGeneratorConfig(path: path) {
            return GeneratorConfigReading(path: path, diagnostics: counter).configuration(root)
        }
        var reader = ConfigurationReader(path: path, diagnostics: counter)
        let configuration = reader.routegenConfiguration(root)
        return counter.counts.hasErrors ? nil : configuration
    }
}

/// Reads the values of a configuration file, each problem at its place.
struct ConfigurationReader {
    let path: String
    let diagnostics: any DiagnosticSink

    func error(_ message: String, at node: DocumentNode) {
        diagnostics.emit(.error(message, at: node.position.location(in: path)))
    }

    func warning(_ message: String, at node: DocumentNode) {
        diagnostics.emit(.warning(message, at: node.position.location(in: path)))
    }

    /// The entries of a mapping, each key a text; nil (with an error) for a value that is no mapping.
    func entries(_ node: DocumentNode, of what: String) -> [(key: ConfiguredText, node: DocumentNode)]? {
        guard let entries = node.entries else {
            error("\(what) is \(node.kindDescription); write a mapping", at: node)
            return nil
        }
        return entries.compactMap { entry in
            guard let key = entry.key.string else {
                error("a key of \(what) is \(entry.key.kindDescription); keys are texts", at: entry.key)
                return nil
            }
            return (ConfiguredText(key, at: entry.key.position.location(in: path)), entry.value)
        }
    }

    /// A text value; nil (with an error) for any other value.
    func text(_ node: DocumentNode, of what: String) -> ConfiguredText? {
        guard let text = node.string else {
            error("\(what) is \(node.kindDescription); write a text", at: node)
            return nil
        }
        return ConfiguredText(text, at: node.position.location(in: path))
    }

    /// A list of texts; empty (with an error) for any other value.
    func texts(_ node: DocumentNode, of what: String) -> [ConfiguredText] {
        guard let elements = node.sequence else {
            error("\(what) is \(node.kindDescription); write a list of texts", at: node)
            return []
        }
        return elements.compactMap { text($0, of: "an entry of " + what) }
    }

    /// A mapping of texts to texts, in the order written.
    func pairs(_ node: DocumentNode, of what: String) -> [(from: ConfiguredText, to: ConfiguredText)] {
        (entries(node, of: what) ?? []).compactMap { key, value in
            text(value, of: "'\(key.text)' in \(what)").map { (key, $0) }
        }
    }

    mutating func routegenConfiguration(_ root: DocumentNode) -> ImportConfiguration {
        var configuration = ImportConfiguration()
        for (key, value) in entries(root, of: "the configuration") ?? [] {
            switch key.text {
            case "access":
                configuration.access = text(value, of: "'access'")
                if let access = configuration.access, !["public", "package", "internal"].contains(access.text) {
                    error("'access' is '\(access.text)'; write 'public', 'package' or 'internal'", at: value)
                }
            case "api":
                configuration.apiName = text(value, of: "'api'")
            case "filter":
                configuration.filter = filter(value, keys: ["tags", "operations", "paths"])
            case "rename":
                configuration.renames = renames(value)
            case "types":
                configuration.typeOverrides = pairs(value, of: "'types'").map { (schema: $0.from, type: $0.to) }
            default:
                let known = ImportConfiguration.keys.map { "'" + $0 + "'" }.joined(separator: ", ")
                let guess = Suggestion.closest(to: key.text, among: ImportConfiguration.keys).map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.emit(.warning("unknown key '\(key.text)' in \(ImportConfiguration.fileName); it is ignored (known keys: \(known))\(guess)", at: key.location))
            }
        }
        return configuration
    }

    /// `{tags: [...], operations: [...], paths: [...]}`; any other key of `keys` a warning.
    func filter(_ node: DocumentNode, keys: [String], ignored: Set<String> = []) -> OperationFilter {
        var filter = OperationFilter()
        for (key, value) in entries(node, of: "'filter'") ?? [] {
            switch key.text {
            case "tags": filter.tags = texts(value, of: "'filter.tags'")
            case "operations": filter.operations = texts(value, of: "'filter.operations'")
            case "paths": filter.paths = texts(value, of: "'filter.paths'")
            default:
                let why = ignored.contains(key.text) ? "routegen keeps every schema the kept operations reach, and no other" : "it names no list of the filter"
                diagnostics.emit(.warning("'filter.\(key.text)' is ignored: \(why) (a filter has \(keys.map { "'" + $0 + "'" }.joined(separator: ", ")))", at: key.location))
            }
        }
        return filter
    }

    private func renames(_ node: DocumentNode) -> Renames {
        var renames = Renames()
        for (key, value) in entries(node, of: "'rename'") ?? [] {
            switch key.text {
            case "schemas": renames.schemas = pairs(value, of: "'rename.schemas'")
            case "operations": renames.operations = pairs(value, of: "'rename.operations'")
            case "tags": renames.tags = pairs(value, of: "'rename.tags'")
            default:
                diagnostics.emit(.warning("'rename.\(key.text)' is ignored; 'rename' has 'schemas', 'operations' and 'tags'", at: key.location))
            }
        }
        return renames
    }
}

import RoutegenCore

/// swift-openapi-generator's `openapi-generator-config.yaml`, read as an `ImportConfiguration`,
/// so a package that used its plugin builds with routegen's: `accessModifier`, `filter`
/// (its tags, operations and paths), `typeOverrides.schemas` and `additionalImports` are
/// read; every other key is a warning that says why it is ignored.
struct GeneratorConfigReading {
    let path: String
    let diagnostics: any DiagnosticSink

    /// The file names swift-openapi-generator reads beside a description.
    static let fileNames = ["openapi-generator-config.yaml", "openapi-generator-config.yml"]

    /// Whether `path` names such a file.
    static func isGeneratorConfig(path: String) -> Bool {
        fileNames.contains(String(path.split(separator: "/").last ?? ""))
    }

    /// Why a server in `generate` is ignored; types and client are what routegen generates.
    private static let noServer = "routegen generates the client side (endpoints, repositories and models) and no server"

    /// Why each key routegen does not read is ignored.
    private static let ignoredKeys: [String: String] = [
        "namingStrategy": "routegen names types, routes and fields by its own rules; 'rename' in routegen.json renames",
        "nameOverrides": "routegen names types, routes and fields by its own rules; 'rename' in routegen.json renames",
        "featureFlags": "it names swift-openapi-generator's own features",
        "additionalFileComments": "routegen's files start with their own header",
    ]

    func configuration(_ root: DocumentNode) -> ImportConfiguration? {
        let counter = CountingSink(forwardingTo: diagnostics)
        let reader = ConfigurationReader(path: path, diagnostics: counter)
        var configuration = ImportConfiguration()
        for (key, value) in reader.entries(root, of: "the configuration") ?? [] {
            switch key.text {
            case "accessModifier":
                configuration.access = reader.text(value, of: "'accessModifier'")
                if let access = configuration.access, !["public", "package", "internal"].contains(access.text) {
                    reader.error("'accessModifier' is '\(access.text)'; write 'public', 'package' or 'internal'", at: value)
                }
            case "filter":
                configuration.filter = reader.filter(value, keys: ["tags", "operations", "paths"], ignored: ["schemas"])
            case "typeOverrides":
                for (section, overrides) in reader.entries(value, of: "'typeOverrides'") ?? [] {
                    guard section.text == "schemas" else {
                        counter.emit(.warning("'typeOverrides.\(section.text)' is ignored; routegen reads 'typeOverrides.schemas'", at: section.location))
                        continue
                    }
                    configuration.typeOverrides += reader.pairs(overrides, of: "'typeOverrides.schemas'").map { (schema: $0.from, type: $0.to) }
                }
            case "generate":
                // Types and client are what routegen makes; only a server is left out.
                for mode in reader.texts(value, of: "'generate'") where mode.text == "server" {
                    counter.emit(.warning("'server' of 'generate' is ignored: \(Self.noServer)", at: mode.location))
                }
            case "additionalImports":
                configuration.imports = reader.texts(value, of: "'additionalImports'")
            default:
                let why = Self.ignoredKeys[key.text] ?? "swift-openapi-generator's configuration has no such key either"
                counter.emit(.warning("'\(key.text)' of swift-openapi-generator's configuration is ignored: \(why)", at: key.location))
            }
        }
        return counter.counts.hasErrors ? nil : configuration
    }
}

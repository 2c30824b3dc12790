import Foundation

/// Options for the build-tool plugin, read from an optional `routegen.json` in the target's
/// folder (one per target, never one per spec): `{ "access": "internal" }`, and for a target
/// with a description `"api"`. routegen reads the rest (filter, renames, types) itself.
struct PluginOptions: Decodable {
    /// The name of the options file in a target's folder.
    static let fileName = "routegen.json"

    /// The access level of generated declarations: `public`, `package` or `internal`.
    var access = "public"
    /// The name of the API a description generates; nil takes the target's name.
    var api: String?

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        access = try container.decodeIfPresent(String.self, forKey: .access) ?? "public"
        api = try container.decodeIfPresent(String.self, forKey: .api)
    }

    private enum CodingKeys: String, CodingKey { case access, api }

    static func load(targetDirectory: URL) throws -> PluginOptions {
        let url = targetDirectory.appending(path: fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return PluginOptions() }
        do {
            return try JSONDecoder().decode(PluginOptions.self, from: data)
        } catch {
            throw PluginOptionsError(message: "\(url.path): error: \(fileName) is not valid: \(error)")
        }
    }
}

struct PluginOptionsError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

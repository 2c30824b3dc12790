/// A synthetic but realistic API of any size, for benchmarks: groups of 50 routes with
/// every kind of route the language has (path, query and header parameters, each body kind,
/// `Empty`, `Data`, `accept`, docs, deprecated routes), plus stub models so the generated
/// code compiles. The same seed and size always give the same bytes.
public struct SyntheticAPI: Sendable {
    /// The API's name, as on its `api` line.
    public var name: String
    /// The route file's text.
    public var routeFile: String
    /// A Swift file declaring an empty Codable, Sendable struct for every model type named.
    public var models: String
    /// The models module the route file imports.
    public var modelsModule: String
    /// How many routes the file holds.
    public var routeCount: Int

    /// Routes per group: about the size of a real resource-heavy group.
    public static let routesPerGroup = 50

    /// Makes an API of `routeCount` routes.
    public static func make(routeCount: Int, seed: UInt64 = 0x5EED, name: String = "Synthetic") -> SyntheticAPI {
        var random = SeededGenerator(seed: seed)
        let modelsModule = name + "Models"
        var text = "# A synthetic API of \(routeCount) routes (seed \(seed)), made by SyntheticAPI.\n"
        text += "api \(name)\nimport \(modelsModule)\n"
        var modelNames: [String] = []

        var made = 0
        var groupIndex = 0
        while made < routeCount {
            let resource = "Resource\(groupIndex)"
            let isPublic = random.chance(30)
            text += "\n/// Routes of resource \(groupIndex).\ngroup \(resource) \(isPublic ? "public" : "auth")\n"
            let model = "Item\(groupIndex)"
            let newModel = "NewItem\(groupIndex)"
            let patch = "ItemPatch\(groupIndex)"
            let form = "ItemForm\(groupIndex)"
            modelNames += [model, newModel, patch, form]
            let base = "/v1/resources-\(groupIndex)"
            let count = min(routesPerGroup, routeCount - made)
            for index in 0..<count {
                text += route(index: index, base: base, model: model, newModel: newModel, patch: patch, form: form, random: &random)
            }
            made += count
            groupIndex += 1
        }

        var models = "import Foundation\nimport EndpointKit\n\n"
        for model in modelNames {
            models += "public struct \(model): Codable, Sendable { public init() {} }\n"
        }
        return SyntheticAPI(name: name, routeFile: text, models: models, modelsModule: modelsModule, routeCount: routeCount)
    }

    /// One route line. Each index gives a distinct path shape (the segment `r<index>`), so
    /// no two routes of a group collide, and the kind cycles through every form.
    private static func route(
        index: Int, base: String, model: String, newModel: String, patch: String, form: String,
        random: inout SeededGenerator
    ) -> String {
        let path = "\(base)/r\(index)"
        var line = ""
        if random.chance(40) {
            line += "  /// Route \(index) of this resource: documented like a real API reference.\n"
        }
        let name = "route\(index)"
        switch index % 10 {
        case 0:
            line += "  \(name) GET \(path) ?page: Int = 1 ?per_page: Int = 20 ?q: String? -> [\(model)]"
        case 1:
            line += "  \(name) GET \(path)/{id: ID<\(model)>} -> \(model)"
        case 2:
            line += "  \(name) POST \(path) body \(newModel) -> \(model)"
        case 3:
            line += "  \(name) PATCH \(path)/{id: ID<\(model)>} header If-Match: String body merge-patch \(patch) -> \(model)"
        case 4:
            line += "  \(name) DELETE \(path)/{id: ID<\(model)>} -> Empty"
        case 5:
            line += "  \(name) PUT \(path)/{id: String}/{version: Int} body \(newModel) -> \(model)"
        case 6:
            line += "  \(name) POST \(path)/token body form \(form) -> \(model)"
        case 7:
            line += "  \(name) GET \(path)/{id: ID<\(model)>}/content accept application/octet-stream -> Data"
        case 8:
            line += "  \(name) PUT \(path)/{id: ID<\(model)>}/content body raw \"application/octet-stream\" -> Empty"
        default:
            line += "  \(name) GET \(path) ?tags: [String] ?include_deleted: Bool = false header X-Request-ID: String? -> [\(model)]"
        }
        if random.chance(10) { line += " deprecated" }
        return line + "\n"
    }
}

/// A synthetic but realistic API of any size, for benchmarks: groups of 50 routes with
/// every kind of route the language has (path, query and header parameters, each body kind,
/// `Empty`, `Data`, `accept`, docs, deprecated routes). Its models are either stubs in a
/// module of their own, so the generated code compiles, or, with a `modelCount`, declared in the
/// route file (`SyntheticModels`: every kind of type declaration), which then imports nothing.
/// The same seed and sizes always give the same bytes.
public struct SyntheticAPI: Sendable {
    /// The API's name, as on its `api` line.
    public var name: String
    /// The route file's text.
    public var routeFile: String
    /// A Swift file declaring an empty Codable, Sendable struct for every model type named;
    /// empty when the route file declares its models.
    public var models: String
    /// The models module the route file imports (none when it declares its models).
    public var modelsModule: String
    /// How many routes the file holds.
    public var routeCount: Int
    /// How many types the file declares (`model`, `enum`, `patch`, `union`).
    public var modelCount: Int

    /// Routes per group: about the size of a real resource-heavy group.
    public static let routesPerGroup = 50

    /// Makes an API of `routeCount` routes. With a `modelCount`, the route file declares that
    /// many types, spread over the groups (at least `SyntheticModels.fixedCount` a group, so at
    /// least 12 for every 50 routes), and its routes take and return them; without, it imports
    /// stub models, and the bytes are those of the API before models could be declared.
    public static func make(routeCount: Int, modelCount: Int = 0, seed: UInt64 = 0x5EED, name: String = "Synthetic") -> SyntheticAPI {
        var random = SeededGenerator(seed: seed)
        // The models' own generator, so the routes' draws are the same with and without them.
        var modelRandom = SeededGenerator(seed: seed ^ 0x4D4F_4445_4C53)
        let groupCount = (routeCount + routesPerGroup - 1) / routesPerGroup
        let declares = modelCount > 0
        precondition(!declares || modelCount >= groupCount * SyntheticModels.fixedCount, "\(routeCount) routes need at least \(groupCount * SyntheticModels.fixedCount) models")
        let modelsModule = declares ? "" : name + "Models"
        var text = "# A synthetic API of \(routeCount) routes" + (declares ? " and \(modelCount) models" : "") + " (seed \(seed)), made by SyntheticAPI.\n"
        text += "api \(name)\n" + (declares ? "" : "import \(modelsModule)\n")
        var modelNames: [String] = []

        var made = 0
        var groupIndex = 0
        while made < routeCount {
            let resource = "Resource\(groupIndex)"
            let isPublic = random.chance(30)
            text += "\n/// Routes of resource \(groupIndex).\ngroup \(resource) \(isPublic ? "public" : "auth")\n"
            var names = SyntheticModels.stubNames(group: groupIndex)
            var declarations = ""
            if declares {
                // The group's share: an even split, the first groups one more.
                let share = modelCount / groupCount + (groupIndex < modelCount % groupCount ? 1 : 0)
                (declarations, names) = SyntheticModels.make(group: groupIndex, count: share, random: &modelRandom)
            } else {
                modelNames += [names.item, names.newItem, names.patch, names.form]
            }
            let base = "/v1/resources-\(groupIndex)"
            let count = min(routesPerGroup, routeCount - made)
            for index in 0..<count {
                text += route(index: index, base: base, names: names, random: &random)
            }
            text += declarations
            made += count
            groupIndex += 1
        }

        var models = ""
        if !declares {
            models = "import Foundation\nimport EndpointKit\n\n"
            for model in modelNames {
                models += "public struct \(model): Codable, Sendable { public init() {} }\n"
            }
        }
        return SyntheticAPI(name: name, routeFile: text, models: models, modelsModule: modelsModule, routeCount: routeCount, modelCount: modelCount)
    }

    /// One route line. Each index gives a distinct path shape (the segment `r<index>`), so
    /// no two routes of a group collide, and the kind cycles through every form.
    private static func route(index: Int, base: String, names: SyntheticModels.Names, random: inout SeededGenerator) -> String {
        let model = names.item, newModel = names.newItem, patch = names.patch, form = names.form
        // With declared models some routes return the richer ones; a detail in turn.
        let detail = names.details.isEmpty ? model : names.details[(index / 10) % names.details.count]
        let path = "\(base)/r\(index)"
        var line = ""
        if random.chance(40) {
            line += "  /// Route \(index) of this resource: documented like a real API reference.\n"
        }
        let name = "route\(index)"
        switch index % 10 {
        case 0:
            if let page = names.page, let status = names.status {
                line += "  \(name) GET \(path) ?page: Int = 1 ?per_page: Int = 20 ?q: String? ?status: \(status)? -> \(page)<\(model)>"
            } else {
                line += "  \(name) GET \(path) ?page: Int = 1 ?per_page: Int = 20 ?q: String? -> [\(model)]"
            }
        case 1:
            line += "  \(name) GET \(path)/{id: ID<\(model)>} -> \(index % 20 == 1 ? model : detail)"
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
            let list = index % 20 == 9 ? names.event ?? model : names.node ?? model
            line += "  \(name) GET \(path) ?tags: [String] ?include_deleted: Bool = false header X-Request-ID: String? -> [\(list)]"
        }
        if random.chance(10) { line += " deprecated" }
        return line + "\n"
    }
}

import RoutegenCore
import SyntheticRoutes
import Testing

/// The synthetic route files are what the benchmark, the random compile check and the fuzzer
/// stand on: the same bytes for a seed, and valid where they promise to be.
@Suite("Synthetic route files")
struct SyntheticRoutesTests {
    private func load(_ text: String) -> (api: APIModel?, errors: [String]) {
        let diagnostics = DiagnosticCollector()
        let api = loadAPI(source: text, path: "Synthetic.routes", diagnostics: diagnostics)
        return (api, diagnostics.sorted.filter { $0.severity == .error }.map(\.message))
    }

    @Test func randomFilesAreTheSameForASeedAndDifferForAnother() {
        #expect(RandomRouteFile.make(index: 3, seed: 1).text == RandomRouteFile.make(index: 3, seed: 1).text)
        #expect(RandomRouteFile.make(index: 3, seed: 1).text != RandomRouteFile.make(index: 3, seed: 2).text)
        #expect(RandomRouteFile.make(index: 3, seed: 1).text != RandomRouteFile.make(index: 4, seed: 1).text)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func randomFilesLoadAndFormatIntoTheSameTypes(seed: UInt64) {
        var declared = 0
        var kinds: Set<String> = []
        for index in 0..<40 {
            let file = RandomRouteFile.make(index: index, seed: seed)
            let loaded = load(file.text)
            #expect(loaded.errors.isEmpty, "Random\(index) (seed \(seed)): \(loaded.errors.prefix(3))")
            guard let api = loaded.api else { continue }
            #expect(api.types.count == file.declaredTypeCount)
            declared += api.types.count
            for type in api.types { kinds.insert(type.keyword) }
            let formatted = format(source: file.text, path: "Synthetic.routes", diagnostics: DiagnosticCollector())
            let reloaded = formatted.flatMap { load($0).api }
            #expect(reloaded?.types.map(\.name) == api.types.map(\.name))
            #expect(reloaded?.types.map(\.fields).map { $0.map(\.wireName) } == api.types.map(\.fields).map { $0.map(\.wireName) })
        }
        #expect(declared > 100)
        #expect(kinds == ["model", "enum", "patch", "union"])
    }

    @Test func randomFilesDeclareCredentialSchemesThatGroupsAndRoutesUse() throws {
        var withSchemes = 0
        var placements: Set<String> = []
        var routesWithAScheme = 0
        for index in 0..<60 {
            let file = RandomRouteFile.make(index: index, seed: 1)
            let loaded = load(file.text)
            #expect(loaded.errors.isEmpty, "Random\(index): \(loaded.errors.prefix(3))")
            let api = try #require(loaded.api)
            if !api.authSchemes.isEmpty { withSchemes += 1 }
            for scheme in api.authSchemes { placements.insert(scheme.placement.word) }
            routesWithAScheme += api.routes.filter { $0.authScheme.map { !$0.isDefaultBearer } ?? false }.count
            let formatted = try #require(format(source: file.text, path: "Synthetic.routes", diagnostics: DiagnosticCollector()))
            #expect(load(formatted).api?.routes.map(\.authScheme?.displayText) == api.routes.map(\.authScheme?.displayText))
        }
        #expect(withSchemes > 5)
        #expect(placements == ["bearer", "basic", "header", "query"])
        #expect(routesWithAScheme > 20)
    }

    @Test func randomFilesCoverEveryPresenceAndTheHardShapes() throws {
        var presences: Set<String> = []
        var indirectUnions = 0, genericModels = 0, includingModels = 0, dictionaries = 0, jsonValues = 0
        for index in 0..<60 {
            let api = try #require(load(RandomRouteFile.make(index: index, seed: 1).text).api)
            for type in api.types {
                switch type.kind {
                case .model(let shape):
                    if !shape.genericParameters.isEmpty { genericModels += 1 }
                    if !shape.includes.isEmpty { includingModels += 1 }
                    for field in shape.fields {
                        presences.insert(field.presence.rawValue)
                        if field.type.description.hasPrefix("Dictionary<") { dictionaries += 1 }
                        if field.type.description.contains("JSONValue") { jsonValues += 1 }
                    }
                case .union(let shape):
                    if shape.isIndirect { indirectUnions += 1 }
                case .enumeration, .patch:
                    break
                }
            }
        }
        #expect(presences == ["required", "optional", "requiredNullable", "defaulted"])
        #expect(indirectUnions > 0 && genericModels > 0 && includingModels > 0 && dictionaries > 0 && jsonValues > 0)
    }

    @Test func randomFilesReachSuffixSegmentsAndBracketedNames() throws {
        var joined = 0, bracketed = 0
        for index in 0..<60 {
            let api = try #require(load(RandomRouteFile.make(index: index, seed: 1).text).api)
            for route in api.routes {
                joined += route.path.filter { if case .joined = $0 { true } else { false } }.count
                bracketed += route.queryParameters.filter { $0.name.hasPrefix("filter[") }.count
            }
        }
        #expect(joined > 0 && bracketed > 0)
    }

    @Test func syntheticAPIDeclaresExactlyItsModelsAndLoads() throws {
        let api = SyntheticAPI.make(routeCount: 1_000, modelCount: 500)
        #expect(api.modelCount == 500)
        #expect(api.models.isEmpty)
        #expect(!api.routeFile.contains("\nimport "))
        let loaded = load(api.routeFile)
        #expect(loaded.errors.isEmpty, "\(loaded.errors.prefix(3))")
        let model = try #require(loaded.api)
        #expect(model.types.count == 500)
        #expect(model.groups.flatMap(\.routes).count == 1_000)
        #expect(Set(model.types.map(\.keyword)) == ["model", "enum", "patch", "union"])
        #expect(SyntheticAPI.make(routeCount: 1_000, modelCount: 500).routeFile == api.routeFile)
    }

    @Test func syntheticAPIWithoutModelsImportsItsStubs() throws {
        let api = SyntheticAPI.make(routeCount: 100)
        #expect(api.routeFile.contains("\nimport SyntheticModels\n"))
        #expect(api.models.contains("public struct Item0: Codable, Sendable"))
        let model = try #require(load(api.routeFile).api)
        #expect(model.types.isEmpty)
    }

    /// The known bugs are bugs of generated code: the front end accepts each file. When one is
    /// refused instead (a fix in the resolver), its entry in `KnownGeneratorBugs` goes.
    @Test(arguments: KnownGeneratorBugs.all.map(\.name))
    func everyKnownBugFileIsAcceptedByTheFrontEnd(name: String) throws {
        let bug = try #require(KnownGeneratorBugs.all.first { $0.name == name })
        let loaded = load(bug.routeFile)
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
    }
}

/// Random but valid route files that use every syntactic form of the language (trailing
/// slashes included), for the generative check that what the parser accepts, the Swift
/// compiler accepts (scripts/compile-random-specs.sh) and the fuzzer's seeds. Most files
/// declare types (`RandomTypes`: models, enums, patches, generic models, includes, unions)
/// that their routes take and return; files that import `RandomSpecModels` also name stub
/// models, which come with the file so the generated code can be type-checked. All files of one
/// run can share one module, because every API, group and type name carries the file's index.
public struct RandomRouteFile: Sendable {
    /// The API name (`Random17`).
    public var apiName: String
    /// The route file's text.
    public var text: String
    /// Swift declarations of every stub model type the file names (empty when it imports none).
    public var models: String
    /// How many types the file declares (`model`, `enum`, `patch`, `union`).
    public var declaredTypeCount: Int

    /// Route and parameter names that stress naming: keywords, reserved member names and
    /// names every type already has.
    static let awkwardNames = [
        "default", "import", "self", "Type", "init", "class", "func", "protocol", "where", "in",
        "description", "hashValue", "return", "true", "nil", "Self", "subscript", "deinit",
        "operator", "static", "public", "internal", "let", "var", "if", "for", "is", "as",
        "throws", "rethrows", "async", "await", "some", "any", "Protocol", "inout", "_underscored",
        "ünïcödé", "body", "header", "accept", "auth", "deprecated", "client", "endpoint",
    ]

    /// Wire names are ASCII (they travel in URLs and headers); keywords among them still
    /// become awkward Swift labels.
    static let wireNames = awkwardNames.filter { $0.unicodeScalars.allSatisfy(\.isASCII) }

    static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PURGE", "LINK", "REPORT"]
    static let literalSegments = [
        "books", "v1.2", "~user", "a:b", "@me", "caf\u{E9}", "\u{6771}\u{4EAC}", "with-dash", "with_underscore",
        "x!$&'()*+,;=", "CamelCase", "123", "search", "me", "e\u{301}",
    ]
    static let scalarTypes = ["Int", "Int64", "Double", "Bool", "String", "UUID", "Date", "Int8", "UInt", "Float"]
    static let docs = [
        "Zoë's café in 東京 — “quotes”, 'apostrophes' and a backslash \\ too.",
        "Ends with a star slash */ and starts /* a block comment.",
        "#sourceLocation(file: \"evil\", line: 1) must stay a comment.",
        "Emoji 👩‍💻 and a tab\tinside.",
        "`code` and **markdown** and <html> & ampersands.",
        "",
    ]

    /// The module every random file imports for its stub models.
    public static let modelsModule = "RandomSpecModels"

    /// Makes file number `index` from `seed`. With `knownBugs`, each file also declares one form
    /// the generator is known to get wrong (`KnownGeneratorBugs`), to reproduce those bugs.
    public static func make(index: Int, seed: UInt64, knownBugs: Bool = false) -> RandomRouteFile {
        var random = SeededGenerator(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
        let api = "Random\(index)"
        // Four files in five declare types; of those, half import nothing, so every name they
        // use must be declared or known (the resolver's strict mode), and half mix in stubs.
        var declared: RandomTypes?
        if random.chance(80) {
            var types = RandomTypes(prefix: "R\(index)", knownBugs: knownBugs)
            types.make(count: 1 + random.below(random.chance(5) ? 30 : 8), random: &random)
            declared = types
        }
        let importsStubs = declared == nil || random.chance(50)
        var types = RouteTypes(stubs: importsStubs ? ModelRegistry(prefix: "R\(index)") : nil, declared: declared)
        var lines: [String] = ["# Random route file \(index) (seed \(seed)).", "api \(api)"]
        if importsStubs { lines += ["import Foundation", "import \(modelsModule)"] }
        // Credential schemes from a generator of their own, so every other draw of a seed stays
        // what it was: in three files in ten, one unnamed scheme (what a plain `auth` means) and
        // up to two named ones that groups pick.
        var schemeRandom = SeededGenerator(seed: seed &+ UInt64(index) &* 0x9E37_79B9 ^ 0x5C4E_3E00)
        var schemeNames: [String] = []
        if schemeRandom.chance(30) {
            let placements = ["bearer", "basic", "header X-Api-Key", "header Authorization prefix \"Token token=\"", "query key", "header X-Vault-Token"]
            lines.append("auth " + schemeRandom.pick(placements))
            for named in 0..<schemeRandom.below(3) {
                schemeNames.append("s\(named)")
                lines.append("auth s\(named) = " + schemeRandom.pick(placements))
            }
        }
        lines.append("")
        var typeBlocks = declared?.shuffledBlocks(random: &random) ?? []

        let groupCount = 1 + random.below(4)
        var usedShapes: Set<String> = []
        for groupIndex in 0..<groupCount {
            // Type declarations stand before, between and after the groups.
            for _ in 0..<random.below(typeBlocks.count + 1) {
                lines += typeBlocks.removeFirst() + [""]
            }
            if random.chance(50) { lines.append("/// " + random.pick(docs)) }
            let groupName = "G\(index)x\(groupIndex)" + random.pick(["", "_Things", "Ünï"])
            let access = random.pick(["auth", "public"])
            let scheme = access == "auth" && !schemeNames.isEmpty && schemeRandom.chance(50) ? " " + schemeRandom.pick(schemeNames) : ""
            lines.append("group \(groupName) \(access)" + scheme)
            var usedNames: Set<String> = []
            let routeCount = 1 + random.below(12)
            for routeIndex in 0..<routeCount {
                lines += route(
                    groupIndex: groupIndex, routeIndex: routeIndex, usedNames: &usedNames, usedShapes: &usedShapes,
                    types: &types, random: &random
                )
            }
            lines.append("")
        }
        for block in typeBlocks { lines += block + [""] }
        return RandomRouteFile(
            apiName: api, text: lines.joined(separator: "\n") + "\n", models: types.stubs?.declarations() ?? "",
            declaredTypeCount: declared?.declarationCount ?? 0
        )
    }

    private static func route(
        groupIndex: Int, routeIndex: Int, usedNames: inout Set<String>, usedShapes: inout Set<String>,
        types: inout RouteTypes, random: inout SeededGenerator
    ) -> [String] {
        var lines: [String] = []
        if random.chance(40) { lines.append("  /// " + random.pick(docs)) }
        if random.chance(30) { lines.append("  /// " + random.pick(docs)) }

        var name = random.chance(50) ? random.pick(awkwardNames) : "route\(routeIndex)"
        if usedNames.contains(name) { name = "route\(routeIndex)" }
        usedNames.insert(name)

        let method = random.pick(methods)
        let allowsBody = !["GET", "HEAD", "OPTIONS"].contains(method)

        // The path: literals and parameters; a unique first literal keeps shapes distinct.
        var labels: Set<String> = []
        var segments: [String] = ["g\(groupIndex)r\(routeIndex)"]
        for _ in 0..<random.below(4) {
            if random.chance(40) {
                // No user identifier (`user_name`): the audit fails an authenticated route that has one.
                let parameter = uniqueName(random.pick(wireNames + ["id", "book_id", "page.size"]), &labels)
                let type = switch random.below(10) {
                case 0, 1, 2: "ID<\(types.model(&random))>"
                case 3: types.enumeration(&random) ?? random.pick(scalarTypes)
                default: random.pick(scalarTypes)
                }
                // Now and then with a suffix in its segment (`{sid: String}.json`), without a
                // draw of its own, so the other seeds' files stay as they were.
                let suffix = labels.count == 2 && routeIndex % 3 == 0 ? ".json" : ""
                segments.append("{\(parameter): \(type)}" + suffix)
            } else {
                segments.append(random.pick(literalSegments))
            }
        }
        // Now and then a trailing slash (`/books/`), which the endpoint must send and the audit expect.
        let trailingSlash = random.chance(15) ? "/" : ""
        let shape = method + " " + segments.map { $0.hasPrefix("{") ? "{}" : $0 }.joined(separator: "/") + trailingSlash
        guard !usedShapes.contains(shape) else { return [] }
        usedShapes.insert(shape)

        var clauses: [String] = []
        let queryCount = random.chance(5) ? 100 + random.below(150) : random.below(5)
        for queryIndex in 0..<queryCount {
            var wire = uniqueName(random.chance(30) ? random.pick(wireNames) : random.pick(["q", "per_page", "page.size", "x-y", "_private", "Limit"]) + "\(queryIndex)", &labels)
            // Now and then a bracketed name (`filter[q1]`, label `filterQ1`), without a draw of its own.
            if queryIndex == 1 && routeIndex % 4 == 1 {
                wire = "filter[" + wire + "]"
                labels.insert(SyntheticNaming.label(wire))
            }
            clauses.append("?" + wire + ": " + queryType(&random, types: &types))
        }
        for headerIndex in 0..<random.below(3) {
            let header = uniqueName(random.pick(["If-Match", "X-Request-ID", "Accept-Language", "X-EARLY-ACCESS"]) + "\(headerIndex)", &labels)
            let type = random.pick(["String", "String?", "Int", "Bool = true", "String = \"en\\\"\\\\\""])
            clauses.append("header \(header): \(type)")
        }
        if allowsBody && random.chance(70) {
            switch random.below(4) {
            case 0: clauses.append("body \(types.jsonBody(&random))")
            case 1: clauses.append("body merge-patch \(types.patchBody(&random))")
            case 2: clauses.append(types.formBody(&random).map { "body form " + $0 } ?? "body \(types.jsonBody(&random))")
            default: clauses.append("body raw \"\(random.pick(["application/octet-stream", "text/csv; charset=utf-8", "image/*"]))\"")
            }
        }
        if random.chance(20) { clauses.append("accept " + random.pick(["image/*", "\"text/csv; charset=utf-8\"", "application/vnd.api+json"])) }
        clauses.append("-> " + responseType(&random, types: &types))
        if random.chance(30) { clauses.append(random.pick(["auth", "public"])) }
        if random.chance(15) { clauses.append("deprecated") }

        let head = "  \(name) \(method) /" + segments.joined(separator: "/") + trailingSlash
        if random.chance(30) {
            // Continuation lines, each clause on its own deeper-indented line.
            lines.append(head)
            lines += clauses.map { "      " + $0 }
        } else {
            lines.append(head + " " + clauses.joined(separator: " ") + (random.chance(20) ? " # routegen:disable path-style" : ""))
        }
        return lines
    }

    private static func uniqueName(_ base: String, _ used: inout Set<String>) -> String {
        var name = base
        var counter = 2
        while used.contains(SyntheticNaming.label(name)) || SyntheticNaming.label(name) == "body" {
            name = base + "\(counter)"
            counter += 1
        }
        used.insert(SyntheticNaming.label(name))
        return name
    }

    private static func queryType(_ random: inout SeededGenerator, types: inout RouteTypes) -> String {
        switch random.below(10) {
        case 0: "Int = \(random.below(100))"
        case 1: "Int?"
        case 2: "[String]"
        case 3: "Bool = false"
        case 4: "Double = 0.5"
        case 5: "String = \"a \\\"quoted\\\" \\\\ value\""
        case 6: "ID<\(types.model(&random))>?"
        case 7: "[Int]?"
        case 8: types.enumeration(&random).map { random.pick([$0, "[\($0)]", "\($0)?"]) } ?? "UUID"
        default: random.pick(scalarTypes)
        }
    }

    private static func responseType(_ random: inout SeededGenerator, types: inout RouteTypes) -> String {
        switch random.below(10) {
        case 0: return "Empty"
        case 1: return "Data"
        case 2: return "[\(types.model(&random))]"
        case 3: return types.wrapper(&random).map { "\($0)<\(types.model(&random))>" } ?? types.model(&random)
        case 4:
            // Deep generics: a wrapper inside a wrapper, several levels down.
            guard let wrapper = types.wrapper(&random) else { return "[[\(types.model(&random))]]" }
            return String(repeating: wrapper + "<", count: 6) + types.model(&random) + String(repeating: ">", count: 6)
        case 5: return "[String: \(types.model(&random))]"
        case 6: return "\(types.model(&random))?"
        case 7: return types.enumeration(&random).map { random.pick([$0, "[\($0)]"]) } ?? types.model(&random)
        default: return types.model(&random)
        }
    }
}

/// The types a file's routes name: its declared types, its stub models, or both.
struct RouteTypes {
    var stubs: ModelRegistry?
    let declared: RandomTypes?

    /// A model for a JSON body or a response: a declared model or union, or a stub.
    mutating func model(_ random: inout SeededGenerator) -> String {
        if let declared, !declared.models.isEmpty, stubs == nil || random.chance(60) {
            if !declared.unions.isEmpty && random.chance(20) { return random.pick(declared.unions) }
            return random.pick(declared.models).name
        }
        return stubs!.name(&random)
    }

    mutating func jsonBody(_ random: inout SeededGenerator) -> String {
        model(&random)
    }

    /// A declared patch when there is one.
    mutating func patchBody(_ random: inout SeededGenerator) -> String {
        if let declared, !declared.patches.isEmpty, stubs == nil || random.chance(70) { return random.pick(declared.patches) }
        return model(&random)
    }

    /// A declared flat model (a form has no nesting) or a stub; nil when the file has neither.
    mutating func formBody(_ random: inout SeededGenerator) -> String? {
        let flat = declared?.models.filter(\.isFlat) ?? []
        if !flat.isEmpty, stubs == nil || random.chance(70) { return random.pick(flat).name }
        return stubs?.name(&random)
    }

    /// A generic wrapper of one argument: the declared `List`, or the stub `Page`.
    func wrapper(_ random: inout SeededGenerator) -> String? {
        if let list = declared?.listWrapper, stubs == nil || random.chance(60) { return list }
        return stubs?.page
    }

    func enumeration(_ random: inout SeededGenerator) -> String? {
        guard let enums = declared?.enums, !enums.isEmpty else { return nil }
        return random.pick(enums).name
    }
}

/// The stub model names of one file, declared once each, in the order first used.
struct ModelRegistry {
    let prefix: String
    private var names: [String] = []

    init(prefix: String) { self.prefix = prefix }

    var page: String { prefix + "Page" }

    mutating func name(_ random: inout SeededGenerator) -> String {
        let name = prefix + "Model\(random.below(6))"
        if !names.contains(name) { names.append(name) }
        return name
    }

    func declarations() -> String {
        var text = "public struct \(page)<Element: Codable & Sendable>: Codable, Sendable {}\n"
        for name in names {
            text += "public struct \(name): Codable, Sendable, Hashable {}\n"
        }
        return text
    }
}

/// The one naming rule the maker needs to avoid label clashes, kept in step with
/// SwiftNaming.lowerCamelCase (the maker has no dependency on the generator on purpose).
enum SyntheticNaming {
    static func label(_ wireName: String) -> String {
        var words: [String] = []
        var current = ""
        for character in wireName {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }.joined()
    }
}

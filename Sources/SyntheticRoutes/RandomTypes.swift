/// The types one random route file declares, valid by construction: models with every kind of
/// field (required, optional, defaulted with each kind of default, present-but-null; wire names
/// that need `as`, reserved names, unicode; deprecated fields; docs), string and integer enums,
/// patches (fields listed by wire or Swift name), generic models, `includes`, unions (one that
/// holds itself through a model, which makes it `indirect`), dictionaries, `JSONValue`, and
/// recursion through arrays and dictionaries. Every name carries the file's prefix, so all files
/// of a run can share one module; the declarations come in shuffled order, so fields name types
/// declared further down.
///
/// A model holds by value (directly or through an optional or a generic model that holds its
/// argument) only models made before it, so no struct holds itself; arrays and dictionaries may
/// hold any model, itself included. Every union's first variant is a model without model fields,
/// so each type has a finite audit sample.
struct RandomTypes {
    /// A field's name as the route file writes it.
    struct FieldName {
        /// What stands before the colon: `published_at`, `"@type" as atType`.
        var head: String
        /// The key on the wire.
        var wire: String
        /// The Swift name it becomes (approximately; only its `SyntheticNaming.label` is compared).
        var swift: String
        /// Whether `as` gives the Swift name, so `swift` is exact.
        var hasExplicitSwiftName: Bool

        init(_ head: String, wire: String? = nil, swift: String? = nil) {
            self.head = head
            self.wire = wire ?? head
            self.swift = swift ?? head
            hasExplicitSwiftName = head.contains(" as ")
        }

        /// How a patch lists it: by the wire name as written (before any `as`).
        var wireHead: String {
            guard let range = head.firstRange(of: " as ") else { return head }
            return String(head[..<range.lowerBound])
        }

        /// The name clashes are checked on: two fields with one label could become one property.
        var key: String { SyntheticNaming.label(swift) }
    }

    /// What later declarations need to know of a model.
    struct ModelInfo {
        var name: String
        /// Every field, the included ones first.
        var fields: [FieldName]
        /// Whether every field is a form value (a scalar, an enum, an array of them).
        var isFlat: Bool
        /// Whether it has no field of a declared model type (a union's first variant).
        var isLeaf: Bool
    }

    /// An enum's name and the cases a default may name (`.active`).
    struct EnumInfo {
        var name: String
        var defaultCases: [String]
    }

    let prefix: String
    /// Whether to also write the forms the generator is known to get wrong (see `KnownGeneratorBugs`).
    let knownBugs: Bool

    /// The declaration blocks, in the order they were made (shuffled when written).
    private var blocks: [[String]] = []
    /// Non-generic models, in the order made.
    private(set) var models: [ModelInfo] = []
    private(set) var enums: [EnumInfo] = []
    private(set) var patches: [String] = []
    private(set) var unions: [String] = []
    /// Generic models of one parameter that holds its argument through an array (`List<Item>`): any argument.
    private(set) var listWrapper: String?
    /// Generic models of one parameter that holds its argument by value (`Box<Value>`): earlier models only.
    private(set) var boxWrapper: String?
    /// A generic model of two parameters, each held by value.
    private(set) var pairWrapper: String?
    private var counter = 0

    static let docs = [
        "A type of the random API, documented like a real one.",
        "Ends with a star slash */ and starts /* a block comment.",
        "#sourceLocation(file: \"evil\", line: 1) must stay a comment.",
        "Zoë's café in 東京 — “quotes” and a backslash \\ too.",
        "`code` and **markdown** and <html> & ampersands.",
    ]

    /// Field names: plain words, snake and kebab case, dots, reserved member names, unicode, and
    /// strings that need (or get) an `as`.
    static let fieldNames: [FieldName] = [
        FieldName("title"), FieldName("name"), FieldName("count"), FieldName("size"), FieldName("score"),
        FieldName("note"), FieldName("rank"), FieldName("label"), FieldName("slug"), FieldName("version"),
        FieldName("total"), FieldName("email"), FieldName("enabled"), FieldName("value"), FieldName("values"),
        FieldName("summary"), FieldName("id"), FieldName("description"),
        FieldName("Type", swift: "type"), FieldName("self", swift: "self_"), FieldName("published_at", swift: "publishedAt"),
        FieldName("created_at", swift: "createdAt"), FieldName("per_page", swift: "perPage"),
        FieldName("is_active", swift: "isActive"), FieldName("user_name", swift: "userName"),
        FieldName("x_ray_id", swift: "xRayId"), FieldName("page.size", swift: "pageSize"),
        FieldName("_underscored", swift: "underscored"), FieldName("ünïcödé"), FieldName("content-type", swift: "contentType"),
        FieldName("x-request-id", swift: "xRequestId"), FieldName("body"), FieldName("header"), FieldName("auth"),
        FieldName("required"), FieldName("deprecated"), FieldName("model"), FieldName("of"), FieldName("by"),
        FieldName("includes"), FieldName("\"@type\" as atType", wire: "@type", swift: "atType"),
        FieldName("\"filter[status]\" as filterStatus", wire: "filter[status]", swift: "filterStatus"),
        FieldName("\"$ref\" as ref", wire: "$ref", swift: "ref"), FieldName("\"123\" as n123", wire: "123", swift: "n123"),
        FieldName("\"a b\" as aB", wire: "a b", swift: "aB"),
        FieldName("\"quote\\\"d\" as quoted", wire: "quote\"d", swift: "quoted"),
        FieldName("\"@id\"", wire: "@id", swift: "id"), FieldName("\"x.y\"", wire: "x.y", swift: "xY"),
        FieldName("\"ünï-x\"", wire: "ünï-x", swift: "ünïX"), FieldName("snake_case_name as renamed", wire: "snake_case_name", swift: "renamed"),
    ]

    /// Field names the generated code gets wrong today (`KnownGeneratorBugs`).
    static let knownBugFieldNames: [FieldName] = [
        FieldName("default"), FieldName("for"), FieldName("in"), FieldName("is"), FieldName("enum"),
        FieldName("return"), FieldName("Protocol", swift: "protocol"), FieldName("container"), FieldName("decoder"), FieldName("encoder"),
        FieldName("hash_value", swift: "hashValue"),
    ]

    /// Union discriminators; a variant has no field of the same wire name (`KnownGeneratorBugs`).
    static let discriminators = ["kind", "type", "@type", "object_kind"]
    static let unionTags: [FieldName] = [
        FieldName("circle"), FieldName("square"), FieldName("big-one", swift: "bigOne"), FieldName("default"),
        FieldName("self", swift: "self_"), FieldName("\"with space\" as withSpace", wire: "with space", swift: "withSpace"),
        FieldName("v2"), FieldName("Upper", swift: "upper"), FieldName("\"unknown\" as unknownVariant", wire: "unknown", swift: "unknownVariant"),
    ]
    /// String enum cases, and whether a default may name them as written.
    static let enumCases: [(head: String, swift: String, defaultable: Bool)] = [
        ("active", "active", true), ("in_progress", "inProgress", true), ("dark-red", "darkRed", true),
        ("UPPER_CASE", "upperCase", true), ("camelCase", "camelCase", true), ("self", "self_", false), ("init", "init_", false),
        ("Type", "type", false), ("default", "default", false), ("\"with space\"", "withSpace", false), ("\"123\"", "_123", false),
        ("\"x.y\"", "xY", false), ("\"unknown\" as unknownValue", "unknownValue", true), ("\"quote\\\"d\" as quoted", "quoted", true),
        ("archived", "archived", true), ("ünïcödé", "ünïcödé", false),
    ]
    static let scalarTypes = ["String", "Int", "Int64", "Int32", "UInt", "UInt8", "Double", "Float", "Bool", "Date", "UUID", "URL", "Decimal", "Data"]
    static let nouns = ["Book", "Author", "Order", "Line", "Shelf", "Loan", "Tag", "Event", "Note", "Item", "Account", "Price"]

    init(prefix: String, knownBugs: Bool) {
        self.prefix = prefix
        self.knownBugs = knownBugs
    }

    /// Makes about `count` declarations (clusters add a few more), at least one model among them.
    mutating func make(count: Int, random: inout SeededGenerator) {
        for _ in 0..<(1 + random.below(2)) { makeEnum(random: &random) }
        if random.chance(60) { makeGenerics(random: &random) }
        if random.chance(25) { makeRecursiveCluster(random: &random) }
        while blocks.count < count {
            switch random.below(10) {
            case 0, 1, 2, 3, 4: makeModel(random: &random)
            case 5: makeEnum(random: &random)
            case 6: if !makePatch(random: &random) { makeModel(random: &random) }
            case 7: if !makeUnion(random: &random) { makeModel(random: &random) }
            case 8: if !makeIncluding(random: &random) { makeModel(random: &random) }
            default: makeModel(flat: true, random: &random)
            }
        }
        if models.isEmpty { makeModel(random: &random) }
        if knownBugs { makeKnownBug(random: &random) }
    }

    /// How many types are declared.
    var declarationCount: Int { blocks.count }

    /// The declarations, one block of route-file lines each, in shuffled order.
    func shuffledBlocks(random: inout SeededGenerator) -> [[String]] {
        var order = Array(blocks.indices)
        // Fisher–Yates with the seeded generator: the same seed gives the same order on every toolchain.
        if order.count > 1 {
            for index in stride(from: order.count - 1, to: 0, by: -1) {
                order.swapAt(index, random.below(index + 1))
            }
        }
        return order.map { blocks[$0] }
    }

    // MARK: Names

    private mutating func newName(_ noun: String) -> String {
        counter += 1
        return prefix + noun + String(counter)
    }

    private func documentation(_ random: inout SeededGenerator, indent: String) -> [String] {
        random.chance(30) ? [indent + "/// " + random.pick(Self.docs)] : []
    }

    // MARK: Enums

    private mutating func makeEnum(random: inout SeededGenerator) {
        let name = newName(random.pick(["Status", "Kind", "Level", "Color"]))
        var lines = documentation(&random, indent: "")
        if random.chance(35) {
            // Integer values: negative, zero, the extremes of Int64, all distinct.
            lines.append("enum \(name): Int")
            var values = [-3, 0, 1, 2, 7, 42, 1_000]
            var cases: [String] = []
            for index in 0..<(1 + random.below(5)) {
                let value = values.remove(at: random.below(values.count))
                let caseName = ["low", "medium", "high", "urgent", "none", "minus"][index]
                lines += documentation(&random, indent: "  ")
                lines.append("  \(caseName) = \(value)" + (random.chance(10) ? " deprecated" : ""))
                cases.append(caseName)
            }
            if random.chance(20) { lines.append("  maximum = 9223372036854775807") }
            if random.chance(20) { lines.append("  minimum = -9223372036854775808") }
            if knownBugs && random.chance(30) { lines.append("  zero_again = -0") }
            enums.append(EnumInfo(name: name, defaultCases: cases))
        } else {
            lines.append("enum \(name)" + (random.chance(20) ? ": String" : ""))
            var pool = Self.enumCases
            var cases: [String] = []
            for _ in 0..<(1 + random.below(6)) {
                let picked = pool.remove(at: random.below(pool.count))
                lines += documentation(&random, indent: "  ")
                lines.append("  " + picked.head + (random.chance(10) ? " deprecated" : ""))
                if picked.defaultable { cases.append(picked.swift) }
            }
            if knownBugs && random.chance(30) { lines.append("  all_cases") }
            enums.append(EnumInfo(name: name, defaultCases: cases))
        }
        blocks.append(lines)
    }

    // MARK: Models

    /// A field's type, its default when it is to have one, and whether it is a form value.
    private struct FieldType {
        var text: String
        var defaults: [String]
        var isFlat: Bool
        var namesModel: Bool
    }

    private func scalarType(_ random: inout SeededGenerator) -> FieldType {
        let type = random.pick(Self.scalarTypes)
        let defaults: [String] = switch type {
        case "String": ["\"plain\"", "\"\"", "\"a \\\"quoted\\\" \\\\ value\"", "\"ü 東京\""]
        case "Int", "Int64", "Int32": ["0", "20", "-1"]
        case "UInt", "UInt8": ["0", "255"]
        case "Double", "Float": ["0.5", "-2.25", "1"]
        case "Bool": ["true", "false"]
        default: []
        }
        return FieldType(text: type, defaults: defaults, isFlat: true, namesModel: false)
    }

    /// A field type; `earlier` are the models this one may hold by value.
    private func fieldType(flat: Bool, earlier: [ModelInfo], random: inout SeededGenerator) -> FieldType {
        let anyModel = models.isEmpty ? nil : random.pick(models).name
        let earlierModel = earlier.isEmpty ? nil : random.pick(earlier).name
        let enumeration = enums.isEmpty ? nil : random.pick(enums)
        let roll = random.below(flat ? 60 : 100)
        switch roll {
        case 0..<30:
            return scalarType(&random)
        case 30..<40:
            guard let enumeration else { return scalarType(&random) }
            return FieldType(text: enumeration.name, defaults: enumeration.defaultCases.map { "." + $0 }, isFlat: true, namesModel: false)
        case 40..<45:
            return FieldType(text: "ID<\(anyModel ?? enumeration?.name ?? "String")>", defaults: [], isFlat: true, namesModel: false)
        case 45..<55:
            let element = random.chance(70) ? scalarType(&random).text : (enumeration?.name ?? "Int")
            return FieldType(text: "[\(element)]", defaults: ["[]"], isFlat: true, namesModel: false)
        case 55..<60:
            return FieldType(text: "[String]", defaults: ["[]"], isFlat: true, namesModel: false)
        case 60..<66:
            let value = random.chance(50) ? scalarType(&random).text : (random.chance(50) ? "JSONValue" : "[Int]")
            return FieldType(text: "[String: \(value)]", defaults: ["[:]"], isFlat: false, namesModel: false)
        case 66..<71:
            return FieldType(text: "JSONValue", defaults: [], isFlat: false, namesModel: false)
        case 71..<79:
            guard let earlierModel else { return scalarType(&random) }
            return FieldType(text: earlierModel, defaults: [], isFlat: false, namesModel: true)
        case 79..<86:
            guard let anyModel else { return scalarType(&random) }
            return FieldType(text: "[\(anyModel)]", defaults: ["[]"], isFlat: false, namesModel: true)
        case 86..<89:
            guard let anyModel else { return scalarType(&random) }
            return FieldType(text: "[String: \(anyModel)]", defaults: ["[:]"], isFlat: false, namesModel: true)
        case 89..<93:
            guard let listWrapper, let anyModel else { return FieldType(text: "[[String]]", defaults: ["[]"], isFlat: false, namesModel: false) }
            return FieldType(text: "\(listWrapper)<\(anyModel)>", defaults: [], isFlat: false, namesModel: true)
        case 93..<96:
            guard let boxWrapper, let earlierModel else { return scalarType(&random) }
            let inner = random.chance(50) || listWrapper == nil ? earlierModel : "\(listWrapper!)<\(anyModel ?? earlierModel)>"
            return FieldType(text: "\(boxWrapper)<\(inner)>", defaults: [], isFlat: false, namesModel: true)
        case 96..<98:
            guard let pairWrapper, let earlierModel else { return scalarType(&random) }
            return FieldType(text: "\(pairWrapper)<\(scalarType(&random).text), \(earlierModel)>", defaults: [], isFlat: false, namesModel: true)
        default:
            guard !unions.isEmpty else { return scalarType(&random) }
            // A union made before this model: its variants are earlier models, none holds this one,
            // and its first variant holds no model, so its sample is finite.
            return FieldType(text: random.pick(unions), defaults: [], isFlat: false, namesModel: true)
        }
    }

    /// One field line: name, type, presence (required, optional, present-but-null, defaulted), flags.
    private func fieldLine(
        _ field: FieldName, flat: Bool, earlier: [ModelInfo], random: inout SeededGenerator
    ) -> (lines: [String], isFlat: Bool, namesModel: Bool) {
        let type = fieldType(flat: flat, earlier: earlier, random: &random)
        var line = "  " + field.head + ": "
        // Most fields code with what the compiler synthesizes; a default or a present-but-null
        // field makes the generator write the coding by hand, so those are rarer.
        switch random.below(100) {
        case 0..<55: line += type.text
        case 55..<82: line += type.text + "?"
        case 82..<88: line += type.text + "? required"
        default: line += type.defaults.isEmpty ? type.text : type.text + " = " + random.pick(type.defaults)
        }
        if random.chance(15), let constraint = Self.constraints(for: type.text, random: &random) { line += constraint }
        if random.chance(6) { line += " deprecated" }
        if random.chance(10) { line += " # " + random.pick(["trailing comment", "a # inside"]) }
        return (documentation(&random, indent: "  ") + [line], type.isFlat, type.namesModel)
    }

    /// Constraints and an example that fit `type` (and the defaults `scalarType` offers); nil for
    /// a type that takes none here.
    private static func constraints(for type: String, random: inout SeededGenerator) -> String? {
        switch type {
        case "Int", "Int64", "Int32": random.pick([" minimum -5 maximum 100", " example 7", " exclusive-maximum 1000 multiple-of 1"])
        case "Double", "Float": random.pick([" exclusive-minimum -10 multiple-of 0.25", " maximum 99.5 example 2.5"])
        case "String": random.pick([" max-length 40", " min-length 1 max-length 12", #" pattern "^[a-z]+$""#, " format email", #" example "Ada""#, " format date"])
        case "[String]": random.pick([" min-items 1 max-items 3", #" pattern "^[a-z]+$" max-items 4"#])
        default: nil
        }
    }

    /// Picks `count` field names whose wire names and Swift names are unused, marks them used.
    private func pickNames(_ count: Int, used: inout Set<String>, random: inout SeededGenerator) -> [FieldName] {
        var pool = Self.fieldNames
        if knownBugs && random.chance(25) { pool += Self.knownBugFieldNames }
        var picked: [FieldName] = []
        var attempts = 0
        while picked.count < count && attempts < 60 {
            attempts += 1
            let name = random.pick(pool)
            guard !used.contains(name.key), !used.contains("wire:" + name.wire) else { continue }
            used.insert(name.key)
            used.insert("wire:" + name.wire)
            picked.append(name)
        }
        return picked
    }

    @discardableResult
    private mutating func makeModel(flat: Bool = false, random: inout SeededGenerator) -> ModelInfo {
        let name = newName(flat ? "Form" : random.pick(Self.nouns))
        var used: Set<String> = []
        // Sometimes no field at all: `model Nothing` is valid and codes as `{}`.
        let fieldCount = random.chance(5) ? 0 : 1 + random.below(random.chance(5) ? 30 : 8)
        let names = pickNames(fieldCount, used: &used, random: &random)
        var lines = documentation(&random, indent: "")
        lines.append("model " + name + (random.chance(10) ? "  # a model" : ""))
        var isFlat = true
        var isLeaf = true
        for field in names {
            let made = fieldLine(field, flat: flat, earlier: models, random: &random)
            lines += made.lines
            isFlat = isFlat && made.isFlat
            isLeaf = isLeaf && !made.namesModel
        }
        let info = ModelInfo(name: name, fields: names, isFlat: isFlat, isLeaf: isLeaf)
        blocks.append(lines)
        models.append(info)
        return info
    }

    /// `model X includes A, B`: the included models' fields first, then its own, no name twice.
    private mutating func makeIncluding(random: inout SeededGenerator) -> Bool {
        guard models.count >= 2 else { return false }
        var used: Set<String> = []
        var included: [ModelInfo] = []
        for _ in 0..<(1 + random.below(3)) {
            let candidate = random.pick(models)
            let keys = candidate.fields.flatMap { [$0.key, "wire:" + $0.wire] }
            guard !included.contains(where: { $0.name == candidate.name }), keys.allSatisfy({ !used.contains($0) }) else { continue }
            used.formUnion(keys)
            included.append(candidate)
        }
        guard !included.isEmpty else { return false }
        let name = newName("Stamped")
        let own = pickNames(random.below(4), used: &used, random: &random)
        var lines = documentation(&random, indent: "")
        lines.append("model \(name) includes " + included.map(\.name).joined(separator: ", "))
        var isLeaf = included.allSatisfy(\.isLeaf)
        for field in own {
            let made = fieldLine(field, flat: false, earlier: models, random: &random)
            lines += made.lines
            isLeaf = isLeaf && !made.namesModel
        }
        let info = ModelInfo(name: name, fields: included.flatMap(\.fields) + own, isFlat: false, isLeaf: isLeaf)
        blocks.append(lines)
        models.append(info)
        return true
    }

    /// `patch XPatch of X`: some of the model's fields, by wire name or Swift name.
    private mutating func makePatch(random: inout SeededGenerator) -> Bool {
        let candidates = models.filter { !$0.fields.isEmpty }
        guard !candidates.isEmpty else { return false }
        let model = random.pick(candidates)
        var fields = model.fields
        var listed: [FieldName] = []
        for _ in 0..<(1 + random.below(min(4, fields.count))) {
            listed.append(fields.remove(at: random.below(fields.count)))
        }
        let name = newName("Patch")
        var lines = documentation(&random, indent: "")
        lines.append("patch \(name) of \(model.name)")
        for field in listed {
            lines += documentation(&random, indent: "  ")
            // By the Swift name only where `as` spells it out; the resolver finds either.
            let written = field.hasExplicitSwiftName && random.chance(50) ? field.swift : field.wireHead
            lines.append("  " + written + (random.chance(10) ? " deprecated" : ""))
        }
        blocks.append(lines)
        patches.append(name)
        return true
    }

    /// `union X by kind`: a leaf model first, then any models; none has a field named like the discriminator.
    private mutating func makeUnion(random: inout SeededGenerator) -> Bool {
        let discriminator = random.pick(Self.discriminators)
        let fits = models.filter { knownBugs || !$0.fields.contains { $0.wire == discriminator } }
        guard let leaf = fits.first(where: \.isLeaf) else { return false }
        var variants = [leaf.name]
        for _ in 0..<random.below(4) {
            let other = random.pick(fits).name
            if !variants.contains(other) { variants.append(other) }
        }
        if let listWrapper, random.chance(20) { variants.append("\(listWrapper)<\(leaf.name)>") }
        let name = newName("Shape")
        var lines = documentation(&random, indent: "")
        lines.append("union \(name) by \(discriminator)")
        var tags = Self.unionTags
        for variant in variants {
            let tag = tags.remove(at: random.below(tags.count))
            lines += documentation(&random, indent: "  ")
            lines.append("  \(tag.head): \(variant)" + (random.chance(10) ? " deprecated" : ""))
        }
        blocks.append(lines)
        unions.append(name)
        return true
    }

    /// `List<Item>` (its argument in an array), `Box<Value>` (by value), `Pair<Left, Right>`.
    private mutating func makeGenerics(random: inout SeededGenerator) {
        let list = newName("List")
        blocks.append(documentation(&random, indent: "") + [
            "model \(list)<Item>", "  items:       [Item]", "  next_cursor: String?", "  total:       Int = 0",
        ])
        listWrapper = list
        if random.chance(60) {
            let box = newName("Box")
            blocks.append(["model \(box)<Value>", "  value: Value", "  note: String?", "  \"@meta\" as meta: [String: Value] = [:]"])
            boxWrapper = box
        }
        if random.chance(40) {
            let pair = newName("Pair")
            blocks.append(["model \(pair)<Left, Right>", "  left: Left", "  right: Right? required", "  by_key: [String: Right] = [:]"])
            pairWrapper = pair
        }
    }

    /// A tree (`children: [Node]`, `up: Node?`, which the generator stores indirectly) and an
    /// expression union that holds itself through a model by value (`Neg.operand: Expr`), which
    /// the generator must make `indirect`.
    private mutating func makeRecursiveCluster(random: inout SeededGenerator) {
        let node = newName("Node")
        blocks.append([
            "/// A tree: it holds itself through an array, a dictionary and optional fields.", "model \(node)",
            "  name: String", "  children: [\(node)] = []", "  by_name: [String: \(node)]?", "  parent: ID<\(node)>?",
            "  up: \(node)?", "  previous: \(node)? required", "  old_up: \(node)? deprecated",
        ])
        let fields = ["name", "children", "by_name", "parent", "up", "previous", "old_up"].map { FieldName($0) }
        models.append(ModelInfo(name: node, fields: fields, isFlat: false, isLeaf: false))
        let lit = newName("Lit"), neg = newName("Neg"), sum = newName("Sum"), expression = newName("Expr")
        blocks.append(["model \(lit)", "  value: Double"])
        blocks.append(["model \(neg)", "  operand: \(expression)"])
        blocks.append(["model \(sum)", "  terms: [\(expression)]", "  weights: [String: \(expression)] = [:]"])
        blocks.append(["union \(expression) by op", "  lit: \(lit)", "  neg: \(neg)", "  sum: \(sum)"])
        models.append(ModelInfo(name: lit, fields: [FieldName("value")], isFlat: true, isLeaf: true))
        unions.append(expression)
    }

    /// One form the generated code is known to get wrong (`KnownGeneratorBugs`), for reproducing them.
    private mutating func makeKnownBug(random: inout SeededGenerator) {
        let name = newName("Bug")
        switch random.below(6) {
        case 0: blocks.append(["model \(name) deprecated", "  x: String"])
        case 1: blocks.append(["model \(name)", "  x: Optional<String>", "  y: Array<Int>"])
        case 2: blocks.append(["model \(name)", "  s: Substring"])
        case 3: blocks.append(["model \(name)<Any>", "  x: Any"])
        case 4:
            let other = newName("Bug")
            blocks.append(["model \(name)", "  shape: \(other)"])
            blocks.append(["union \(other) by kind", "  holder: \(name)"])
        default:
            blocks.append(["model \(name)", "  kind: String", "  radius: Double"])
            blocks.append(["union \(newName("Bug")) by kind", "  circle: \(name)"])
        }
    }
}

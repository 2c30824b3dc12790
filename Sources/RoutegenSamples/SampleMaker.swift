import Foundation
import RoutegenCore

/// Makes the sample value of a type from the route file's declarations alone: deterministic,
/// plausible for a screen, and the same wherever it is used (`routegen serve`, the generated
/// samples), so a preview shows what the served API sends.
///
/// The values, for the n-th item of a list (1 for a value on its own):
/// - `ID<Book>`: `"book-n"`; `ID<OrderLine>`: `"order-line-n"`.
/// - `String`: from the field's name: `"Title n"`; an `email` field `"user-n@example.com"`, a
///   `url`, `uri`, `link`, `href` or `website` field `"https://example.com/<name>/n"`.
/// - integers `n`, `Double`/`Float` `n.5`, `Bool` `true`, `Date` the fixed instant
///   `2026-01-01T09:00:00Z`, `UUID` `00000000-0000-4000-8000-00000000000n`, `Data` the bytes of
///   "sample" (`"c2FtcGxl"`), `JSONValue` `{}`.
/// - an array: two elements (n and n + 1; of an enum, its first two values); a dictionary: one entry, `"key"` (or `"1"` for integer keys).
/// - a model: every field, optional ones too (an `additional` one holds nothing); an enum: its
///   first value; a patch: every field set;
///   a union: its first variant that does not lead back to itself, with its tag; by shape, the
///   first whose sample no other variant takes (an earlier one as the decoder reads it), if one
///   does, else the first.
/// - a type that leads back to one being made: `null` where the field may be null, left out where
///   it may be absent, `[]` in an array; a type from an imported module has no sample (nil).
public struct SampleMaker: Sendable {
    /// The fixed instant every `Date` is, as ISO 8601 (EndpointKit's date format).
    public static let sampleDate = "2026-01-01T09:00:00Z"

    private let typesByName: [String: TypeDeclaration]
    /// The declared types whose sample is made once per ordinal and then reused (`MadeCache`).
    private let cacheable: Set<String>
    /// The samples of the `cacheable` types made so far, shared by every copy of this maker.
    private let cache = MadeCache()

    /// Reads a sample as the description's schemas would: which variants of a union take it.
    private let exclusivity: SampleValidator
    /// Reads a sample as the generated decoder would.
    private let decoding: SampleValidator
    /// The fields that may be absent which a model's sample holds: by wire name, or nil for all.
    private let optionalFieldsKept: Set<String>?

    /// Creates a maker for the types `api` declares. With `optionalFieldsKept`, a model's sample
    /// holds the fields it cannot do without and, of the others, only those named there (a
    /// server's refusal: its reason and status, no made-up details that another status's schema
    /// may describe differently).
    public init(api: APIModel, optionalFieldsKept: Set<String>? = nil) {
        let byName = api.typesByName()
        typesByName = byName
        cacheable = Self.typesOutsideCycles(byName)
        self.optionalFieldsKept = optionalFieldsKept
        exclusivity = SampleValidator(typesByName: byName, enumsTakeOnlyKnownValues: true)
        decoding = SampleValidator(typesByName: byName)
    }

    /// The sample of `type`, for a value named `name` (a field's wire name, or a route's), as the
    /// `ordinal`-th item of a list; nil when the type, or a part it cannot leave out, comes from
    /// an imported module.
    public func sample(of type: TypeReference, name: String = "value", ordinal: Int = 1, constraints: ValueConstraints = ValueConstraints()) -> SampleJSON? {
        var making: [String] = []
        guard case .value(let sample) = make(type, name: name, ordinal: ordinal, constraints: constraints, making: &making) else { return nil }
        return sample
    }

    /// The samples made of declared types, by name and ordinal. A type's sample depends on the
    /// types being made around it only when it leads back to one of them, which means it leads
    /// back to itself; so the sample of a non-generic type on no cycle is the same wherever it
    /// is made, and is made once (a detail model holding earlier ones by value would otherwise
    /// make each of them again, and every emitter asks for every type's sample).
    /// Locked: the models' files are emitted on several threads with one maker.
    private final class MadeCache: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [Key: Made] = [:]

        struct Key: Hashable {
            let name: String
            let ordinal: Int
        }

        func value(_ key: Key) -> Made? {
            lock.lock()
            defer { lock.unlock() }
            return made[key]
        }

        func store(_ value: Made, for key: Key) {
            lock.lock()
            defer { lock.unlock() }
            made[key] = value
        }
    }

    /// The non-generic declared types that cannot lead back to themselves (through fields,
    /// variants and generic arguments, inside optionals, arrays and dictionaries).
    private static func typesOutsideCycles(_ typesByName: [String: TypeDeclaration]) -> Set<String> {
        // Every declared type, in a fixed order, and the declared types each one names.
        let names = typesByName.keys.sorted()
        var indexOf: [String: Int] = [:]
        for (index, name) in names.enumerated() { indexOf[name] = index }
        let successors: [[Int]] = names.map { name in
            typesByName[name]!.memberTypes.flatMap(\.names).compactMap { indexOf[$0] }
        }
        let onCycles = CycleFinder(successors: successors) { $0 }.nodesOnCycles()
        return Set(names.indices.filter { !onCycles.contains($0) && typesByName[names[$0]]!.genericParameters.isEmpty }.map { names[$0] })
    }

    /// Whether the declared type `name` is non-generic and no value of it can hold another of it
    /// (through fields, variants, elements and generic arguments): then nothing it holds leads
    /// back to it, and a search for such a path can be skipped.
    public func neverHoldsItself(_ name: String) -> Bool {
        cacheable.contains(name)
    }

    /// The field of the declared model `type` whose wire name is `wireName`, to know whether a
    /// page may leave it out; nil when `type` is no declared model or has no such field.
    func field(_ wireName: String, of type: TypeReference) -> Field? {
        guard case .named(let name, _) = type.nonOptional, case .model(let shape)? = typesByName[name]?.kind else { return nil }
        return shape.fields.first { $0.wireName == wireName }
    }

    /// What came of making a value.
    private enum Made {
        /// The value.
        case value(SampleJSON)
        /// None: it leads back to a declared type being made (`making`), so the list, optional
        /// or dictionary around it stops there.
        case cycle
        /// None: a type comes from an imported module.
        case unavailable
    }

    private func make(_ type: TypeReference, name: String, ordinal: Int, constraints: ValueConstraints = ValueConstraints(), making: inout [String]) -> Made {
        switch type {
        case .optional(let wrapped):
            let made = make(wrapped, name: name, ordinal: ordinal, constraints: constraints, making: &making)
            if case .cycle = made { return .value(.null) }
            return made
        case .array(let element):
            // A list of an enum's values holds different ones, as far as there are (descriptions
            // often say `uniqueItems`): fewer elements than usual when the enum has fewer cases.
            if case .named(let name, []) = element, case .enumeration(let shape)? = typesByName[name]?.kind {
                let count = max(min(ConstrainedSample.count(constraints), max(shape.cases.count, 1)), constraints.minItems ?? 0)
                return .value(.array((0..<count).map { Self.enumSample(shape, index: $0) }))
            }
            var elements: [SampleJSON] = []
            let each = constraints.elementConstraints
            for index in 0..<ConstrainedSample.count(constraints) {
                switch make(element, name: name, ordinal: ordinal + index, constraints: each, making: &making) {
                case .value(let sample): elements.append(sample)
                case .cycle: return .value(.array([]))
                case .unavailable: return .unavailable
                }
            }
            // Elements made alike (a pattern's one text) are one element, as `uniqueItems` wants,
            // unless `min-items` asks for more.
            var seen: Set<String> = []
            let distinct = elements.filter { seen.insert($0.text).inserted }
            return .value(.array(distinct.count >= (constraints.minItems ?? 0) ? distinct : elements))
        case .named(let typeName, let arguments):
            if let scalar = ScalarKind(type) { return .value(Self.scalar(scalar, type: type, name: name, ordinal: ordinal, constraints: constraints)) }
            switch Self.unqualified(typeName) {
            case "Dictionary" where arguments.count == 2:
                let key = ScalarKind(arguments[0]).map { if case .integer = $0 { "1" } else { "key" } } ?? "key"
                switch make(arguments[1], name: name, ordinal: ordinal, making: &making) {
                case .value(let sample): return .value(.object([.init(key, sample)]))
                case .cycle: return .value(.object([]))
                case .unavailable: return .unavailable
                }
            case EndpointKitVocabulary.dataType, EndpointKitVocabulary.qualifiedDataType: return .value(.string("c2FtcGxl"))
            // A stream's sample is its elements, as `EventStream` decodes them from a JSON array;
            // `serve` sends each as an event or a line.
            case EndpointKitVocabulary.eventStreamType where arguments.count == 1:
                return make(.array(arguments[0]), name: name, ordinal: ordinal, making: &making)
            case "URL", "Foundation.URL": return .value(.string(Self.link(words: NameWords.readingWords(name), ordinal: ordinal)))
            case "Decimal", "Foundation.Decimal": return .value(ConstrainedSample.number(ordinal: ordinal, isInteger: false, constraints: constraints))
            case EndpointKitVocabulary.jsonValueType, EndpointKitVocabulary.emptyType: return .value(.object([]))
            default: break
            }
            guard let declaration = typesByName[typeName] else { return .unavailable }
            let key = arguments.isEmpty && cacheable.contains(typeName) ? MadeCache.Key(name: typeName, ordinal: ordinal) : nil
            if let key, let known = cache.value(key) { return known }
            guard !making.contains(typeName) else { return .cycle }
            making.append(typeName)
            defer { making.removeLast() }
            let made = declared(declaration, arguments: arguments, ordinal: ordinal, making: &making)
            if let key { cache.store(made, for: key) }
            return made
        }
    }

    private func declared(_ declaration: TypeDeclaration, arguments: [TypeReference], ordinal: Int, making: inout [String]) -> Made {
        switch declaration.kind {
        case .model(let shape):
            var substitutions: [String: TypeReference] = [:]
            for (parameter, argument) in zip(shape.genericParameters, arguments) { substitutions[parameter] = argument }
            return object(shape.fields, substitutions: substitutions, ordinal: ordinal, making: &making)
        case .enumeration(let shape):
            return .value(Self.enumSample(shape, index: 0))
        case .patch(let shape):
            var members: [SampleJSON.Member] = []
            for field in shape.fields {
                if case .value(let sample) = make(field.type.nonOptional, name: field.wireName, ordinal: ordinal, making: &making) {
                    members.append(.init(field.wireName, sample))
                }
            }
            return .value(.object(SampleJSON.inKeyOrder(members)))
        case .union(let shape):
            guard let discriminator = shape.discriminator else { return byShape(shape, ordinal: ordinal, making: &making) }
            for variant in shape.variants {
                guard case .value(.object(var members)) = make(variant.type, name: variant.tag, ordinal: ordinal, making: &making) else { continue }
                members.removeAll { $0.key == discriminator }
                members.insert(.init(discriminator, .string(variant.tag)), at: 0)
                return .value(.object(SampleJSON.inKeyOrder(members)))
            }
            return .unavailable
        }
    }

    /// The `index`-th value of an enum (wrapping around); `"sample"` or 0 when it has none.
    private static func enumSample(_ shape: EnumShape, index: Int) -> SampleJSON {
        guard !shape.cases.isEmpty else { return shape.rawType == .string ? .string("sample") : .integer(0) }
        // An empty text is a value a server may read as absent (`?consistency=`): another comes first.
        let cases = shape.cases.filter { !$0.wireValue.isEmpty }.isEmpty ? shape.cases : shape.cases.filter { !$0.wireValue.isEmpty } + shape.cases.filter { $0.wireValue.isEmpty }
        let wire = cases[index % cases.count].wireValue
        return shape.rawType == .string ? .string(wire) : .integer(Int(wire) ?? 0)
    }

    /// A union by shape's sample: the first variant's whose sample no other variant takes (a
    /// `oneOf` in a description wants exactly one to), else the first variant's with a sample.
    /// An earlier variant must not take it as the generated decoder would (an enum taking any
    /// text), or the sample would decode as that variant and encode differently.
    private func byShape(_ shape: UnionShape, ordinal: Int, making: inout [String]) -> Made {
        var first: Made?
        for (index, variant) in shape.variants.enumerated() {
            let made = make(variant.type, name: variant.tag, ordinal: ordinal, making: &making)
            guard case .value(let sample) = made else { continue }
            first = first ?? made
            let node = sample.node
            let takenEarlier = shape.variants[..<index].contains { decoding.problem(with: node, as: $0.type) == nil }
            let takenLater = shape.variants[(index + 1)...].contains { exclusivity.problem(with: node, as: $0.type) == nil }
            if !takenEarlier, !takenLater { return made }
        }
        return first ?? .unavailable
    }

    private func object(_ fields: [Field], substitutions: [String: TypeReference], ordinal: Int, making: inout [String]) -> Made {
        var members: [SampleJSON.Member] = []
        // An `additional` field holds what the server adds beyond the named fields: none in a sample.
        for field in fields where !field.isAdditional {
            let type = substitutions.isEmpty ? field.type : field.type.replacing(substitutions)
            switch (make(type, name: field.wireName, ordinal: ordinal, constraints: field.constraints, making: &making), field.presence) {
            // A field that leads back and may be absent is left out rather than sent as null.
            case (.value(.null), .optional), (.value(.null), .defaulted): continue
            case (_, .optional) where optionalFieldsKept?.contains(field.wireName) == false,
                 (_, .defaulted) where optionalFieldsKept?.contains(field.wireName) == false: continue
            case (.value(let sample), _): members.append(.init(field.wireName, sample))
            case (_, .optional), (_, .defaulted): continue
            case (_, .requiredNullable): members.append(.init(field.wireName, .null))
            case (let made, .required): return made
            }
        }
        return .value(.object(SampleJSON.inKeyOrder(members)))
    }

    private static func scalar(_ kind: ScalarKind, type: TypeReference, name: String, ordinal: Int, constraints: ValueConstraints) -> SampleJSON {
        switch kind {
        case .text: return .string(ConstrainedSample.text(text(named: name, ordinal: ordinal), name: name, ordinal: ordinal, constraints: constraints))
        case .integer: return ConstrainedSample.number(ordinal: ordinal, isInteger: true, constraints: constraints)
        case .floatingPoint: return ConstrainedSample.number(ordinal: ordinal, isInteger: false, constraints: constraints)
        case .boolean:
            if case .boolean(let flag)? = constraints.example { return .bool(flag) }
            return .bool(true)
        case .date: return .string(sampleDate)
        case .uuid:
            let digits = String(ordinal)
            return .string("00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits)
        case .identifier:
            guard case .named(_, let arguments) = type, let entity = arguments.first else { return .string("id-" + String(ordinal)) }
            return .string(kebab(entity.description) + "-" + String(ordinal))
        }
    }

    /// A plausible text for a field named `name`.
    static func text(named name: String, ordinal: Int) -> String {
        let words = NameWords.readingWords(name)
        if words.contains("email") { return "user-" + String(ordinal) + "@example.com" }
        if let last = words.last, ["url", "uri", "link", "href", "website"].contains(last) {
            return link(words: Array(words.dropLast()), ordinal: ordinal)
        }
        guard let first = words.first else { return "Text " + String(ordinal) }
        let sentence = ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst()).joined(separator: " ")
        return sentence + " " + String(ordinal)
    }

    /// A link named by `words`: `https://example.com/<words>/n` (`items` for no words).
    static func link(words: [String], ordinal: Int) -> String {
        "https://example.com/" + (words.isEmpty ? "items" : words.joined(separator: "-")) + "/" + String(ordinal)
    }

    /// `OrderLine` → `order-line`; generic arguments and module names dropped.
    private static func kebab(_ typeName: String) -> String {
        let base = unqualified(String(typeName.prefix { $0 != "<" }))
        let words = NameWords.readingWords(base)
        return words.isEmpty ? "item" : words.joined(separator: "-")
    }

    private static func unqualified(_ name: String) -> String {
        // Most names have no module: no dot byte means no dot character, and the name as it is.
        if !name.containsUTF8Byte(where: { $0 == UInt8(ascii: ".") }) { return name }
        return name.split(separator: ".").last.map(String.init) ?? name
    }
}

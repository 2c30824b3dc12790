import RoutegenCore
import RoutegenYAML

/// A checked route file as an OpenAPI 3.1.0 document: every route, parameter, body, response,
/// error body, credential scheme and declared type, with `x-routegen-*` extensions for what
/// OpenAPI cannot say (docs/openapi.md lists every one). Deterministic: every mapping it builds
/// has its keys sorted by their UTF-8 bytes, except a schema's `properties`, which keep the
/// fields' order.
public struct OpenAPIExporter: Sendable {
    /// The OpenAPI version every export declares.
    public static let openAPIVersion = "3.1.0"
    /// The top-level key every export carries, which tells an earlier export from a file a person wrote.
    public static let exportMarker = "x-routegen-export"
    /// The top-level key that carries the route file's canonical text (comments, layout).
    public static let sourceKey = "x-routegen-source"

    /// Creates an exporter.
    public init() {}

    /// The document for `model`; `source`, the route file's canonical text, is carried in
    /// `x-routegen-source` so an import of the unchanged document gives it back byte for byte.
    public func document(for model: APIModel, source: String? = nil) -> DocumentNode {
        var export = ExportRun(model: model)
        return export.document(source: source)
    }

    /// The route text an export carries, when the document still says exactly what that text
    /// says: the text is loaded and exported again, and the result must equal `document`
    /// (positions and mapping order aside). Nil when there is no such text, it has errors, or
    /// the document was changed since: an edit is never overridden by the stale text.
    public static func preservedSource(in document: DocumentNode) -> String? {
        guard let source = document[sourceKey]?.string else { return nil }
        let collector = DiagnosticCollector()
        guard let model = loadAPI(source: source, path: sourceKey, diagnostics: collector) else { return nil }
        let exported = OpenAPIExporter().document(for: model, source: source)
        return DocumentComparison.sameValue(exported, document) ? source : nil
    }
}

/// Structural equality of two trees: positions ignored, a mapping's entries compared by key
/// in any order, number texts compared as written.
enum DocumentComparison {
    static func sameValue(_ left: DocumentNode, _ right: DocumentNode) -> Bool {
        switch (left.value, right.value) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.sequence(let a), .sequence(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameValue($0, $1) }
        case (.mapping(let a), .mapping(let b)):
            guard a.count == b.count else { return false }
            var byKey: [String: DocumentNode] = [:]
            for entry in b {
                guard let key = entry.key.string, byKey.updateValue(entry.value, forKey: key) == nil else { return false }
            }
            for entry in a {
                guard let key = entry.key.string, let other = byKey[key], sameValue(entry.value, other) else { return false }
            }
            return true
        default: return false
        }
    }
}

/// A mapping under construction; `node` sorts its keys by their UTF-8 bytes.
struct SortedMapping {
    private(set) var entries: [DocumentEntry] = []

    mutating func set(_ key: String, _ value: DocumentNode) {
        entries.append(DocumentEntry(key, value))
    }

    mutating func set(_ key: String, _ text: String) { set(key, .text(text)) }

    mutating func set(_ key: String, _ mapping: SortedMapping) { set(key, mapping.node) }

    var isEmpty: Bool { entries.isEmpty }

    var node: DocumentNode {
        DocumentNode(.mapping(entries.sorted { $0.key.string!.utf8.lexicographicallyPrecedes($1.key.string!.utf8) }))
    }
}

extension DocumentNode {
    static func text(_ value: String) -> DocumentNode { DocumentNode(.string(value)) }
    static func list(_ elements: [DocumentNode]) -> DocumentNode { DocumentNode(.sequence(elements)) }
    static func texts(_ values: [String]) -> DocumentNode { .list(values.map(DocumentNode.text)) }
    static let yes = DocumentNode(.bool(true))
    /// A mapping in the order given (a schema's `properties`).
    static func ordered(_ entries: [DocumentEntry]) -> DocumentNode { DocumentNode(.mapping(entries)) }

    /// The node with `key` set, for a mapping built by the exporter (keys stay sorted).
    func setting(_ key: String, _ value: DocumentNode) -> DocumentNode {
        var entries = self.entries ?? []
        entries.removeAll { $0.key.string == key }
        let index = entries.firstIndex { !$0.key.string!.utf8.lexicographicallyPrecedes(key.utf8) } ?? entries.count
        entries.insert(DocumentEntry(key, value), at: index)
        return DocumentNode(.mapping(entries))
    }
}

import RoutegenCore
import RoutegenYAML

/// An overlay file (the OpenAPI Initiative's Overlay 1.0: `overlay: 1.0.x`, `info`, and `actions`
/// each with a JSONPath `target` and an `update` or `remove: true`), applied to a description
/// before it is imported, so a team patches a description it does not own without forking it.
///
/// An update merges into each mapping the target selects (mappings merge key by key, sequences
/// are added to, other values replaced; a value of another kind is an error, as the
/// specification says) and is added to each sequence it selects; `remove` takes each selected
/// node out of its mapping or sequence. A target that selects nothing is a warning.
public struct OverlayFile: Sendable {
    /// The overlay's path, as diagnostics name it.
    public var path: String
    /// Its bytes, JSON or YAML.
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The name of the overlay the build plugin applies when it stands beside a description.
    public static let pluginFileNames = ["openapi.overlay.yaml", "openapi.overlay.yml", "openapi.overlay.json"]
}

struct Overlay {
    struct Action {
        let target: JSONPath
        let targetText: String
        /// The update, its positions moved past the description's lines (`lineOffset`).
        let update: DocumentNode?
        let remove: Bool
        let position: DocumentPosition
    }

    let path: String
    let actions: [Action]

    /// The overlay `root` (read from `path`); nil, with errors, when it is not one. Its updates'
    /// positions are moved down by `lineOffset` lines, past the description's own, so a schema an
    /// update adds has a place of its own (diagnostics at it name the overlay: `OverlayLocations`).
    static func read(_ root: DocumentNode, path: String, lineOffset: Int, diagnostics: any DiagnosticSink) -> Overlay? {
        let counter = CountingSink(forwardingTo: diagnostics)
        let reader = ConfigurationReader(path: path, diagnostics: counter)
        guard let version = root["overlay"]?.string ?? root["overlay"]?.number, version.hasPrefix("1.") else {
            counter.emit(.error("not an Overlay 1.x document: it needs 'overlay: 1.0.0' (the OpenAPI Initiative's Overlay Specification)", at: (root["overlay"] ?? root).position.location(in: path)))
            return nil
        }
        guard let list = root["actions"] else {
            counter.emit(.error("the overlay has no 'actions' list", at: root.position.location(in: path)))
            return nil
        }
        guard let elements = list.sequence else {
            counter.emit(.error("the overlay's 'actions' is \(list.kindDescription); write a list of actions", at: list.position.location(in: path)))
            return nil
        }
        var actions: [Action] = []
        for (offset, element) in elements.enumerated() {
            guard let target = element["target"], let text = reader.text(target, of: "'target' of action \(offset + 1)") else {
                if element["target"] == nil { counter.emit(.error("action \(offset + 1) has no 'target'", at: element.position.location(in: path))) }
                continue
            }
            let query: JSONPath
            do {
                query = try JSONPathParser.parse(text.text)
            } catch {
                counter.emit(.error("the target '\(text.text)' of action \(offset + 1) is no JSONPath query this reads: \(error.message) at its character \(error.character)", at: target.position.location(in: path)))
                continue
            }
            let remove = element["remove"]?.bool == true
            let update = element["update"].map { Self.moved($0, by: lineOffset) }
            if update == nil && !remove {
                counter.emit(.warning("action \(offset + 1) has neither 'update' nor 'remove: true'; it changes nothing", at: element.position.location(in: path)))
            }
            actions.append(Action(target: query, targetText: text.text, update: update, remove: remove, position: element.position))
        }
        return counter.counts.hasErrors ? nil : Overlay(path: path, actions: actions)
    }

    /// `node` with every position `lines` lines further down.
    static func moved(_ node: DocumentNode, by lines: Int) -> DocumentNode {
        let position = node.position == .none ? node.position : DocumentPosition(line: node.position.line + lines, column: node.position.column)
        switch node.value {
        case .mapping(let entries):
            return DocumentNode(.mapping(entries.map { DocumentEntry(key: moved($0.key, by: lines), value: moved($0.value, by: lines)) }), at: position)
        case .sequence(let elements):
            return DocumentNode(.sequence(elements.map { moved($0, by: lines) }), at: position)
        default:
            return DocumentNode(node.value, at: position)
        }
    }

    /// `document` (the description at `documentPath`) with every action applied in order.
    func apply(to document: DocumentNode, documentPath: String, diagnostics: any DiagnosticSink) -> DocumentNode {
        var document = document
        for (offset, action) in actions.enumerated() {
            let selected = action.target.select(in: document)
            if selected.isEmpty {
                diagnostics.emit(.warning("the target '\(action.targetText)' of action \(offset + 1) selects nothing in the description; the action changes nothing", at: action.position.location(in: path)))
                continue
            }
            if action.remove {
                // The last places first, so an index still names its element.
                for place in selected.sorted(by: Self.isAfter) where !place.isEmpty { document = Self.removing(place, from: document) }
            } else if let update = action.update {
                for place in selected {
                    document = updating(place, in: document, with: update, action: offset + 1, at: documentPath, diagnostics: diagnostics)
                }
            }
        }
        return document
    }

    private static func isAfter(_ left: [JSONPath.Step], _ right: [JSONPath.Step]) -> Bool {
        for (a, b) in zip(left, right) where a != b {
            if case .index(let x) = a, case .index(let y) = b { return x > y }
            return false
        }
        return left.count > right.count
    }

    private static func removing(_ place: [JSONPath.Step], from node: DocumentNode) -> DocumentNode {
        guard let step = place.first else { return node }
        let rest = Array(place.dropFirst())
        switch (step, node.value) {
        case (.key(let key), .mapping(var entries)):
            guard let index = entries.firstIndex(where: { $0.key.string == key }) else { return node }
            if rest.isEmpty { entries.remove(at: index) } else { entries[index].value = removing(rest, from: entries[index].value) }
            return DocumentNode(.mapping(entries), at: node.position)
        case (.index(let index), .sequence(var elements)) where elements.indices.contains(index):
            if rest.isEmpty { elements.remove(at: index) } else { elements[index] = removing(rest, from: elements[index]) }
            return DocumentNode(.sequence(elements), at: node.position)
        default:
            return node
        }
    }

    private func updating(_ place: [JSONPath.Step], in node: DocumentNode, with update: DocumentNode, action: Int, at documentPath: String, diagnostics: any DiagnosticSink) -> DocumentNode {
        guard let step = place.first else {
            switch (node.value, update.value) {
            case (.mapping, .mapping): return merged(update, into: node, action: action, at: documentPath, diagnostics: diagnostics)
            case (.sequence(let elements), _): return DocumentNode(.sequence(elements + [update]), at: node.position)
            default:
                diagnostics.emit(.error("action \(action) updates \(node.kindDescription) with \(update.kindDescription); an update merges a mapping into a mapping or adds to a sequence", at: update.position.location(in: documentPath)))
                return node
            }
        }
        let rest = Array(place.dropFirst())
        switch (step, node.value) {
        case (.key(let key), .mapping(var entries)):
            guard let index = entries.firstIndex(where: { $0.key.string == key }) else { return node }
            entries[index].value = updating(rest, in: entries[index].value, with: update, action: action, at: documentPath, diagnostics: diagnostics)
            return DocumentNode(.mapping(entries), at: node.position)
        case (.index(let index), .sequence(var elements)) where elements.indices.contains(index):
            elements[index] = updating(rest, in: elements[index], with: update, action: action, at: documentPath, diagnostics: diagnostics)
            return DocumentNode(.sequence(elements), at: node.position)
        default:
            return node
        }
    }

    /// `update`'s members merged into the mapping `target`: new keys added, mappings merged,
    /// sequences added to, other values replaced; a value of another kind is an error.
    private func merged(_ update: DocumentNode, into target: DocumentNode, action: Int, at documentPath: String, diagnostics: any DiagnosticSink) -> DocumentNode {
        guard case .mapping(var entries) = target.value, let additions = update.entries else { return target }
        for addition in additions {
            guard let index = entries.firstIndex(where: { $0.key == addition.key || ($0.key.string != nil && $0.key.string == addition.key.string) }) else {
                entries.append(addition)
                continue
            }
            let existing = entries[index].value
            switch (existing.value, addition.value.value) {
            case (.mapping, .mapping):
                entries[index].value = merged(addition.value, into: existing, action: action, at: documentPath, diagnostics: diagnostics)
            case (.sequence(let old), .sequence(let new)):
                entries[index].value = DocumentNode(.sequence(old + new), at: existing.position)
            case (.mapping, _), (.sequence, _), (_, .mapping), (_, .sequence):
                diagnostics.emit(.error(
                    "action \(action) puts \(addition.value.kindDescription) where the description has \(existing.kindDescription) ('\(addition.key.string ?? "")'); an update cannot change a value's kind: remove it in one action, then add it in the next",
                    at: addition.value.position.location(in: documentPath)
                ))
            default:
                entries[index].value = addition.value
            }
        }
        return DocumentNode(.mapping(entries), at: target.position)
    }
}

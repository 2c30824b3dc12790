import RoutegenCore
import RoutegenYAML

/// The `$ref` targets of one description: its `components` by section and name (looked up once
/// each, not by a linear search per reference), and any other JSON pointer within the document.
struct ReferenceIndex {
    /// The whole document.
    let root: DocumentNode
    /// `components` section (`schemas`, `parameters`, ...) → name → node.
    private var components: [String: [String: DocumentNode]] = [:]
    /// The names of each section in the order written.
    private(set) var componentNames: [String: [String]] = [:]

    init(root: DocumentNode) {
        self.root = root
        for section in root["components"]?.entries ?? [] {
            guard let sectionName = section.key.string, let entries = section.value.entries else { continue }
            var byName: [String: DocumentNode] = [:]
            var names: [String] = []
            byName.reserveCapacity(entries.count)
            for entry in entries {
                guard let name = entry.key.string, byName[name] == nil else { continue }
                byName[name] = entry.value
                names.append(name)
            }
            components[sectionName] = byName
            componentNames[sectionName] = names
        }
    }

    /// The component `name` of `section`.
    func component(_ section: String, _ name: String) -> DocumentNode? {
        components[section]?[name]
    }

    /// What a `$ref` points to.
    enum Target {
        /// A node of this document; `component` is its section and name when it is one.
        case node(DocumentNode, component: (section: String, name: String)?)
        /// Another file or a URL: not fetched.
        case external
        /// A pointer into this document that leads nowhere.
        case missing
    }

    /// The target of the reference text `reference` (`#/components/schemas/Book`).
    func target(of reference: String) -> Target {
        guard reference.hasPrefix("#") else { return .external }
        let tokens = Self.pointerTokens(String(reference.dropFirst()))
        if tokens.count == 3, tokens[0] == "components" {
            guard let node = component(tokens[1], tokens[2]) else { return .missing }
            return .node(node, component: (tokens[1], tokens[2]))
        }
        var node = root
        for token in tokens {
            if let entries = node.entries {
                guard let next = entries.first(where: { $0.key.string == token })?.value else { return .missing }
                node = next
            } else if let elements = node.sequence, let index = Int(token), elements.indices.contains(index) {
                node = elements[index]
            } else {
                return .missing
            }
        }
        return .node(node, component: nil)
    }

    /// A JSON pointer's tokens, `~1` and `~0` and percent escapes undone: `/a~1b/c` → `["a/b", "c"]`.
    static func pointerTokens(_ pointer: String) -> [String] {
        guard pointer.hasPrefix("/") else { return pointer.isEmpty ? [] : [pointer] }
        // The common pointer (`/components/schemas/Book`): ASCII, nothing to undo, so its bytes
        // split as its characters do. `replacing` costs tens of microseconds a call, which a
        // description with thousands of references pays in full.
        if pointer.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "~") && $0 != UInt8(ascii: "%") }) {
            let utf8 = pointer.utf8
            var tokens: [String] = []
            var start = utf8.index(after: utf8.startIndex)
            var index = start
            while index < utf8.endIndex {
                if utf8[index] == UInt8(ascii: "/") {
                    tokens.append(String(pointer[start..<index]))
                    start = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
            tokens.append(String(pointer[start...]))
            return tokens
        }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            percentDecoded(String(token)).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let value = UInt8(String(decoding: utf8[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

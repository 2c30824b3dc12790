import RoutegenCore

/// Writes a `DocumentNode` tree as JSON (RFC 8259): two-space indentation, one entry per line,
/// mappings in the order given (the caller decides the order; the OpenAPI exporter sorts),
/// strings escaped exactly as RFC 8259 requires (`JSONText.quoted`), numbers as their text,
/// and a final line break. The same tree always gives the same bytes.
///
/// A number's text is written as it is, so it must be JSON's (`1`, `-2.5e3`): a tree read from
/// YAML may hold `0x1F` or `.inf`, which JSON cannot spell.
public struct JSONDocumentWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// The document as JSON text, ending with a line break.
    public func text(of node: DocumentNode) -> String {
        var output = ""
        write(node, indent: "", into: &output)
        output.append("\n")
        return output
    }

    /// The document as UTF-8 bytes (`text(of:)`).
    public func bytes(of node: DocumentNode) -> [UInt8] {
        Array(text(of: node).utf8)
    }

    private func write(_ node: DocumentNode, indent: String, into output: inout String) {
        switch node.value {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .number(let text): output.append(text)
        case .string(let text): output.append(JSONText.quoted(text))
        case .sequence(let elements):
            guard !elements.isEmpty else { return output.append("[]") }
            let inner = indent + "  "
            output.append("[\n")
            for (index, element) in elements.enumerated() {
                output.append(inner)
                write(element, indent: inner, into: &output)
                output.append(index == elements.count - 1 ? "\n" : ",\n")
            }
            output.append(indent + "]")
        case .mapping(let entries):
            guard !entries.isEmpty else { return output.append("{}") }
            let inner = indent + "  "
            output.append("{\n")
            for (index, entry) in entries.enumerated() {
                output.append(inner)
                output.append(JSONText.quoted(Self.keyText(entry.key)))
                output.append(": ")
                write(entry.value, indent: inner, into: &output)
                output.append(index == entries.count - 1 ? "\n" : ",\n")
            }
            output.append(indent + "}")
        }
    }

    /// A key as JSON's object keys are: a string. A YAML key that is another scalar is written
    /// as its text (`200`, `true`); a collection key, which JSON has no form for, as its JSON.
    static func keyText(_ key: DocumentNode) -> String {
        switch key.value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .sequence, .mapping: JSONDocumentWriter().compactText(of: key)
        }
    }

    /// The node as JSON on one line (`{"a": [1, 2]}`): a flow collection YAML reads too.
    func compactText(of node: DocumentNode) -> String {
        switch node.value {
        case .null, .bool, .number, .string:
            var output = ""
            write(node, indent: "", into: &output)
            return output
        case .sequence(let elements):
            return "[" + elements.map(compactText).joined(separator: ", ") + "]"
        case .mapping(let entries):
            return "{" + entries.map { JSONText.quoted(Self.keyText($0.key)) + ": " + compactText(of: $0.value) }.joined(separator: ", ") + "}"
        }
    }
}

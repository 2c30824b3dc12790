import RoutegenCore

/// The two formats a description comes in.
public enum DocumentFormat: String, Hashable, Sendable, CaseIterable {
    /// JSON (RFC 8259).
    case json
    /// YAML 1.2.
    case yaml

    /// The format a file's extension names (`.json`; `.yaml`, `.yml`), nil for any other.
    public init?(pathExtensionOf path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        default: return nil
        }
    }

    /// The format of a document: its extension's, otherwise JSON when its first byte after
    /// blanks opens an object or array, otherwise YAML (which JSON is a subset of anyway).
    public static func of(path: String, bytes: [UInt8]) -> DocumentFormat {
        if let named = DocumentFormat(pathExtensionOf: path) { return named }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && (bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")) ? .json : .yaml
    }
}

/// Reads a JSON or YAML document, whichever the path and bytes say it is, into one tree.
public struct DocumentReader: Sendable {
    /// The path diagnostics name.
    public var path: String
    /// What is refused as too big, too deep or expanding too far.
    public var limits: DocumentLimits

    /// Creates a reader for the file at `path`.
    public init(path: String, limits: DocumentLimits = .standard) {
        self.path = path
        self.limits = limits
    }

    /// The document in `bytes`; nil after an error that stops reading (emitted). Errors that
    /// do not stop it (a repeated key) are emitted and the tree is returned.
    public func read(_ bytes: [UInt8], format: DocumentFormat? = nil, diagnostics: DiagnosticSink) -> DocumentNode? {
        switch format ?? DocumentFormat.of(path: path, bytes: bytes) {
        case .json: JSONDocumentReader(path: path, limits: limits).read(bytes, diagnostics: diagnostics)
        case .yaml: YAMLDocumentReader(path: path, limits: limits).read(bytes, diagnostics: diagnostics)
        }
    }
}

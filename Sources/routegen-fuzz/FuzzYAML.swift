import RoutegenCore
import RoutegenYAML

/// The document readers on one input: YAML as a stream and as one document (which must agree),
/// and the reader that picks JSON or YAML from the first byte. A crash or a hang is a bug; every
/// refusal must be a located error. Aliases are bounded lower than by default, so that an alias bomb costs
/// each execution little while still hitting the bound.
enum FuzzYAML {
    static let limits = DocumentLimits(maximumBytes: 1 << 20, maximumDepth: 512, maximumAliasExpansion: 100_000)

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let input = [UInt8](bytes)
        let stream = DiagnosticCollector()
        let documents = YAMLDocumentReader(path: "fuzz.yaml", limits: limits).readStream(input, diagnostics: stream)
        check(stream, read: documents != nil)
        let single = DiagnosticCollector()
        let document = YAMLDocumentReader(path: "fuzz.yaml", limits: limits).read(input, diagnostics: single)
        check(single, read: document != nil)
        if let documents, documents.count == 1, document?.value != documents[0].value {
            fatalError("read and readStream disagree on a one-document stream")
        }
        _ = DocumentReader(path: "fuzz", limits: limits).read(input, diagnostics: DiagnosticCollector())
    }

    /// A reader that returns nothing has said why, at a line and column.
    private static func check(_ diagnostics: DiagnosticCollector, read: Bool) {
        if !read, !diagnostics.diagnostics.contains(where: { $0.severity == .error && ($0.location?.line ?? 0) > 0 && ($0.location?.column ?? 0) > 0 }) {
            fatalError("a document was refused without a located error")
        }
    }
}

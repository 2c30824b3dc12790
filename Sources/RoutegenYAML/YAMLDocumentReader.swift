import RoutegenCore

/// Reads YAML 1.2 into `DocumentNode` trees with the position of every node.
///
/// Block and flow collections, every scalar style, anchors and aliases, comments, directives
/// and explicit keys; plain scalars resolved by the core schema, `!!str`, `!!int`, `!!float`,
/// `!!bool`, `!!null`, `!!seq` and `!!map` honoured, other tags accepted and read as if
/// absent. A syntax error stops reading at its line and column; a string key repeated in one
/// mapping is an error too, but reading goes on. Aliases may add at most
/// `limits.maximumAliasExpansion` nodes, so a "billion laughs" document is refused, not expanded.
public struct YAMLDocumentReader: Sendable {
    /// The path diagnostics name.
    public var path: String
    /// What is refused as too big, too deep or expanding too far.
    public var limits: DocumentLimits

    /// Creates a reader for the file at `path`.
    public init(path: String, limits: DocumentLimits = .standard) {
        self.path = path
        self.limits = limits
    }

    /// The one document in `bytes`; nil after an error that stops reading (emitted). A stream
    /// of no document or of more than one is an error.
    public func read(_ bytes: [UInt8], diagnostics: DiagnosticSink) -> DocumentNode? {
        guard let documents = documents(bytes, stopAfter: 1, diagnostics: diagnostics) else { return nil }
        guard let first = documents.first else {
            diagnostics.emit(.error("invalid YAML: the stream holds no document", at: SourceLocation(file: path, line: 1, column: 1)))
            return nil
        }
        if documents.count > 1 {
            let second = documents[1].start
            diagnostics.emit(.error(
                "the YAML stream holds more than one document; one is read (the second starts here)",
                at: SourceLocation(file: path, line: second.line, column: second.column)
            ))
            return nil
        }
        return first.node
    }

    /// Every document of the stream in `bytes`, in order (none for a stream of comments);
    /// nil after an error that stops reading (emitted).
    public func readStream(_ bytes: [UInt8], diagnostics: DiagnosticSink) -> [DocumentNode]? {
        documents(bytes, stopAfter: Int.max, diagnostics: diagnostics)?.map(\.node)
    }

    private func documents(_ bytes: [UInt8], stopAfter limit: Int, diagnostics: DiagnosticSink) -> [(node: DocumentNode, start: DocumentPosition)]? {
        guard bytes.count <= limits.maximumBytes else {
            diagnostics.emit(.error(
                "the document is \(bytes.count) bytes, over the \(limits.maximumBytesDescription) that are read",
                at: SourceLocation(file: path, line: 1, column: 1)
            ))
            return nil
        }
        return bytes.withUnsafeBufferPointer { buffer -> [(node: DocumentNode, start: DocumentPosition)]? in
            do throws(YAMLSyntaxError) {
                try Self.checkCharacters(buffer)
                var parser = YAMLParser(scanner: YAMLScanner(bytes: buffer), path: path, limits: limits, diagnostics: diagnostics)
                return try parser.stream(stopAfter: limit)
            } catch {
                diagnostics.emit(.error("invalid YAML: " + error.message, at: SourceLocation(file: path, line: error.position.line, column: error.position.column)))
                return nil
            }
        }
    }

    /// Refuses bytes that are not UTF-8 or are control characters YAML does not allow, with
    /// their position: the scanner then never meets them (and reads a 0 byte as the end).
    static func checkCharacters(_ bytes: UnsafeBufferPointer<UInt8>) throws(YAMLSyntaxError) {
        var line = 1
        var lineStart = 0
        var continuationBytes = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20, byte < 0x7F {
                index += 1
                continue
            }
            if byte == 0x0A {
                line += 1
                index += 1
                lineStart = index
                continuationBytes = 0
                continue
            }
            if byte == 0x09 || byte == 0x0D {
                index += 1
                continue
            }
            let position = DocumentPosition(line: line, column: index - lineStart - continuationBytes + 1)
            if byte < 0x80 {
                throw YAMLSyntaxError(message: "the control character 0x\(String(byte, radix: 16, uppercase: true)) is not allowed; escape it in a double-quoted scalar", position: position)
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            guard length > 0, index + length <= count,
                  String(validating: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self) != nil else {
                throw YAMLSyntaxError(message: "the text is not valid UTF-8", position: position)
            }
            continuationBytes += length - 1
            index += length
        }
    }
}

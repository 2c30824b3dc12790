import RoutegenCore

/// Writes a declaration that comes from a route line inside a `#sourceLocation` region, so
/// the compiler reports a misspelt type in its signature at the route file's line.
///
/// The region starts before the doc comment (a `#sourceLocation` between a doc comment and
/// its declaration would detach the comment), with its line number chosen so the signature
/// line lands exactly on the route's line; it closes right after the signature, so the
/// body keeps the generated file's own lines.
struct SourceMappedDeclaration {
    /// The route file's path as given; nil writes the declaration without a region
    /// (`EmitOptions.mapsRouteLines`).
    var sourcePath: String?
    /// The route line.
    var line: Int
    /// Doc comment lines, without `///`.
    var documentation: [String] = []
    /// Attribute lines such as `@available(*, deprecated)`.
    var attributes: [String] = []
    /// The declaration line, without `{`.
    var signature: String

    /// The line number the region starts at: the route's line minus the lines written
    /// before the signature, never below 1.
    var regionStartLine: Int {
        max(1, line - documentation.count - attributes.count)
    }

    /// Writes a declaration without a body, such as a protocol requirement.
    func write(into writer: inout SwiftWriter) {
        writePrelude(into: &writer)
        writer.line(signature)
        if sourcePath != nil { writer.endSourceLocation() }
    }

    /// Writes `signature {`, closes the region, writes the body and `}`.
    func write(into writer: inout SwiftWriter, body: (inout SwiftWriter) -> Void) {
        writePrelude(into: &writer)
        writer.block(signature) { inner in
            if sourcePath != nil { inner.endSourceLocation() }
            body(&inner)
        }
    }

    private func writePrelude(into writer: inout SwiftWriter) {
        if let sourcePath { writer.sourceLocation(file: sourcePath, line: regionStartLine) }
        writer.docComment(documentation)
        writer.lines(attributes)
    }
}

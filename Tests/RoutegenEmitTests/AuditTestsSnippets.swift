import RoutegenCore
import RoutegenEmit
import Testing

/// Runs small route files through the real front end and `AuditTestsEmitter`, and cuts out
/// the part of the output a test is about.
enum AuditTestsSnippets {
    /// Every audit-test file of `source`.
    static func files(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [GeneratedFile] {
        guard let model = SpecSnippets.model(source, sourceLocation: sourceLocation) else { return [] }
        return AuditTestsEmitter(options: options).emit(api: model)
    }

    /// The audit suite of the first group of `source`.
    static func groupFile(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let files = files(source, options: options, sourceLocation: sourceLocation)
        return files.first { $0.relativePath.hasSuffix("RouteAuditTests.swift") }?.contents ?? ""
    }

    /// The `@Test(...)` lines of the audit suite of the first group of `source`, without their
    /// indentation: which checks it runs, and on which routes.
    static func checks(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        groupFile(source, sourceLocation: sourceLocation).split(separator: "\n").map { $0.drop { $0 == " " } }
            .filter { $0.hasPrefix("@Test(") }.map(String.init)
    }

    /// The statements that declare route `name` in its group's `makeRoutes()`: the lines inside
    /// its `do { ... }` block, without their common indentation.
    static func declaration(of name: String, in source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let lines = groupFile(source, sourceLocation: sourceLocation).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let nameLine = lines.firstIndex(of: "                name: \"" + name + "\","),
              let start = lines[..<nameLine].lastIndex(of: "        do {"),
              let end = lines[nameLine...].firstIndex(of: "        }")
        else { return "" }
        return lines[(start + 1)..<end].map { String($0.dropFirst(12)) }.joined(separator: "\n") + "\n"
    }
}

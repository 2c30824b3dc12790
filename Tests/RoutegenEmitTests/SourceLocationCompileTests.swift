import Foundation
import RoutegenEmit
import Testing

/// Proves with the real compiler that a misspelt type in a route file is reported at the
/// route file's line: one `swiftc -typecheck` of a generated group file.
@Suite("#sourceLocation with swiftc")
struct SourceLocationCompileTests {
    @Test func misspeltResponseTypeIsReportedAtTheRouteLineAndIsTheOnlyDiagnostic() throws {
        // Keywords, model-typed arguments and every body kind ride along: the compiler must
        // report nothing but the misspelt type.
        let spec = #"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Repositry
              default GET /shelves/{self: String} ?import: String ?Type: Int? ?inout: Int = 1 ?var: Bool? -> Book
              import POST /books body form Book -> Empty deprecated
              search GET /books ?kind: Kind ?kinds: [Kind] ?maybe: Kind? header If-Match: Kind? -> [Book]
              self PUT /books/{kind: Kind}/raw body raw "application/octet-stream" accept text/plain -> Data auth
              patch PATCH /books/{id: ID<Book>} body merge-patch Book -> Book
              purge PURGE / -> Empty
            """#
        let file = try #require(SpecSnippets.files(spec).first)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-sourcelocation-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("BooksEndpoints.swift")
        try file.contents.write(to: generated, atomically: true, encoding: .utf8)
        let models = folder.appendingPathComponent("Models.swift")
        try "import EndpointKit\npublic struct Book: Codable, Sendable {}\npublic enum Kind: String, Codable, Sendable { case a }\n"
            .write(to: models, atomically: true, encoding: .utf8)

        let modules = try #require(Self.endpointKitModulesFolder(), "EndpointKit.swiftmodule not found next to the test bundle; run the whole package's tests")
        let routeTable = folder.appendingPathComponent("LibraryRoutes.swift")
        try #require(SpecSnippets.files(spec).last).contents.write(to: routeTable, atomically: true, encoding: .utf8)
        let output = try Self.typecheck([generated.path, routeTable.path, models.path], modules: modules, in: folder)

        let signature = "    public static func book(id: ID<Book>) -> Endpoint<Repositry> {"
        #expect(file.contents.contains(signature + "\n"))
        let column = try #require(signature.range(of: "Repositry")).lowerBound.utf16Offset(in: signature) + 1
        let diagnostics = output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(diagnostics.contains("Specs/Test.routes:3:\(column): error: cannot find type 'Repositry' in scope"), "\(output)")
        #expect(diagnostics.allSatisfy { $0.hasPrefix("Specs/Test.routes:3:") && $0.hasSuffix("error: cannot find type 'Repositry' in scope") }, "\(output)")
    }

    /// The `Modules` folder of the build that holds this test bundle, where SwiftPM put
    /// `EndpointKit.swiftmodule` (every test run builds it for EndpointKitTests).
    static func endpointKitModulesFolder() -> String? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("EndpointKit.swiftmodule").path) {
                return candidate.path
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `swiftc -typecheck` in `folder` and returns what it printed; reuses the build's
    /// module cache, so Foundation's modules are not rebuilt.
    static func typecheck(_ files: [String], modules: String, in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-parse-as-library", "-I", modules,
                             "-module-cache-path", URL(fileURLWithPath: modules).deletingLastPathComponent().appendingPathComponent("ModuleCache").path] + files
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation
import RoutegenCore
import RoutegenEmit
import Testing

/// Proves with the real compiler that the generated sources of an API with every credential
/// scheme build against EndpointKit: one `swiftc -typecheck` of its endpoints, repositories,
/// route table and models. (`scripts/compile-corpus.sh Tests/Fixtures/CredentialSchemes
/// --audit-tests` builds the same fixtures with their audit tests.)
@Suite("Credential schemes with swiftc")
struct CredentialSchemeCompileTests {
    @Test func everySchemeCompilesWithoutADiagnostic() throws {
        let spec = #"""
            api Maps
            auth oauth = bearer
            auth key = query key
            auth pd = header Authorization prefix "Token \"token\"="
            auth vault = header X-Vault-Token
            auth stripe = basic

            group Places auth key
              place     GET /places/{id: String} -> Place
              me        GET /me -> Place auth oauth
              incidents GET /incidents -> [Place] auth pd
              secret    GET /secret ?version: Int? -> Place auth vault
              charges   POST /charges body Place -> Place auth stripe
              refunds   GET /refunds -> [Place] auth stripe or key or oauth
              status    GET /status -> Empty public

            group Billing auth pd or vault
              invoice   GET /invoices/{id: String} -> Place

            model Place
              name: String
            """#
        let files = SpecSnippets.files(spec).filter { !$0.relativePath.contains("AuditTests") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-schemes-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, file) in files.enumerated() {
            let path = folder.appendingPathComponent("\(index)-" + (file.relativePath.split(separator: "/").last.map(String.init) ?? "file.swift")).path
            try file.contents.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        #expect(files.contains { $0.contents.contains(#"auth: AuthScheme(name: "pd", placement: .header(name: "Authorization", prefix: "Token \"token\"="))"#) })
        let modules = try #require(SourceLocationCompileTests.endpointKitModulesFolder(), "EndpointKit.swiftmodule not found next to the test bundle; run the whole package's tests")
        let output = try SourceLocationCompileTests.typecheck(paths, modules: modules, in: folder)
        let diagnostics = output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(diagnostics == [], "\(output)")
    }
}

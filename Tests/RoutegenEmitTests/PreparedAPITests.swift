import Foundation
import RoutegenCore
import RoutegenEmit
import Testing

/// The sources and the audit tests share one `PreparedAPI`, samples cache included: what they
/// emit from it, one after the other, must be what each emits from a preparation of its own.
@Suite("PreparedAPI")
struct PreparedAPITests {
    /// The seeds' Library (models of every kind) and the pagination examples (an audit per
    /// paginated route, which reads the declared types through the prepared context).
    static let specs = ["Library.routes", "Paging.routes"]

    static let layouts: [ModelFileLayout] = [.perGroup(everyFile: false), .perGroup(everyFile: true), .fixed(count: 3), .perType]

    static func model(_ spec: String) throws -> APIModel {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Specs").appendingPathComponent(spec)
        let diagnostics = DiagnosticCollector()
        let model = loadAPI(source: try String(contentsOf: url, encoding: .utf8), path: "Specs/" + spec, diagnostics: diagnostics)
        #expect(diagnostics.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        return try #require(model)
    }

    @Test(arguments: specs, layouts)
    func oneSharedPreparationWritesWhatSeparateOnesWrite(spec: String, layout: ModelFileLayout) throws {
        let model = try Self.model(spec)
        let options = EmitOptions(modelFiles: layout)
        // Separate, the audit tests first: their samples are made before the sources ask.
        let auditTests = AuditTestsEmitter(options: options).emit(PreparedAPI(api: model, options: options))
        let sources = APIEmitter(options: options).emit(PreparedAPI(api: model, options: options))
        let shared = PreparedAPI(api: model, options: options)
        #expect(APIEmitter(options: options).emit(shared) == sources)
        #expect(AuditTestsEmitter(options: options).emit(shared) == auditTests)
        #expect(!auditTests.isEmpty && !sources.isEmpty)
    }

    @Test func anAPIPreparedForOneLayoutEmitsAnotherAsWell() throws {
        let model = try Self.model("Library.routes")
        let perGroup = EmitOptions(modelFiles: .perGroup(everyFile: false))
        let preparedForFixed = PreparedAPI(api: model, options: EmitOptions(modelFiles: .fixed(count: 3)))
        #expect(APIEmitter(options: perGroup).emit(preparedForFixed) == APIEmitter(options: perGroup).emit(PreparedAPI(api: model, options: perGroup)))
        #expect(AuditTestsEmitter(options: perGroup).emit(preparedForFixed) == AuditTestsEmitter(options: perGroup).emit(PreparedAPI(api: model, options: perGroup)))
    }
}

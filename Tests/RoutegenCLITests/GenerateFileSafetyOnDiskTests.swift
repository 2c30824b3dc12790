import Foundation
import RoutegenCLI
import Testing

/// The user's files survive `generate` on the real disk: files without the generated header,
/// and files reached through a symbolic link where a generated file must go.
@Suite("routegen generate keeps the user's files on disk")
struct GenerateFileSafetyOnDiskTests {
    private let spec = "api Shop\ngroup Items public\n  items GET /items -> [Item]\n"

    private func makeFolder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-safety-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Generated/ShopAPI", withIntermediateDirectories: true)
        try spec.write(toFile: root + "/Specs/Shop.routes", atomically: true, encoding: .utf8)
        return root
    }

    private func generate(in folder: String) -> CommandRun {
        let output = StringOutputSink()
        let errors = StringOutputSink()
        let context = CommandContext(standardOutput: output, standardError: errors, fileSystem: LocalFileSystem(), currentDirectory: folder)
        let status = runRoutegen(arguments: ["generate"], context: context)
        return CommandRun(status: status, standardOutput: output.text, standardError: errors.text)
    }

    @Test func aUsersFileBesideTheGeneratedOnesIsKeptByteForByte() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let mine = root + "/Generated/ShopAPI/Extensions.swift"
        try "// mine\nextension Int {}\n".write(toFile: mine, atomically: true, encoding: .utf8)

        #expect(generate(in: root).status == 0)
        #expect(generate(in: root).status == 0)
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "// mine\nextension Int {}\n")
    }

    @Test func aSymbolicLinkToAUsersFileWhereAGeneratedFileGoesStopsTheRunAndTheFileIsUntouched() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/Notes.swift"
        try "// my notes\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/Generated/ShopAPI/ItemsEndpoints.swift", withDestinationPath: target)

        let run = generate(in: root)
        #expect(run.status == 1)
        #expect(run.standardError.contains("Generated/ShopAPI/ItemsEndpoints.swift"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "// my notes\n")
        #expect(!FileManager.default.fileExists(atPath: root + "/Generated/ShopAPI/ShopRoutes.swift"))
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: root + "/Generated/ShopAPI/ItemsEndpoints.swift")
        #expect(link == target)
    }
}

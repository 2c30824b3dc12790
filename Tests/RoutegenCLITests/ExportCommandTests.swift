import RoutegenCLI
import Testing

/// `routegen export`: where the document goes, in which format, and which files it may replace.
@Suite struct ExportCommandTests {
    static let tiny = "api Tiny\ngroup Pets public\n  pet GET /pets -> [String]\n"

    /// The YAML of `tiny` without its text, exactly.
    static let tinyYAML = """
        info:
          title: Tiny
          version: "0.0.0"
        openapi: "3.1.0"
        paths:
          /pets:
            get:
              operationId: pet
              responses:
                "200":
                  content:
                    application/json:
                      schema:
                        items:
                          type: string
                        type: array
                  description: OK
              security: []
              tags:
                - Pets
        tags:
          - name: Pets
            x-routegen-access: public
        x-routegen-export: 1

        """

    @Test func printsJSONOnStandardOutputByDefault() {
        let run = runInMemory(["export", "Tiny.routes"], files: ["Tiny.routes": Self.tiny])
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput.hasPrefix("{\n  \"info\": {\n    \"title\": \"Tiny\",\n"))
        #expect(run.standardOutput.hasSuffix("  \"x-routegen-export\": 1,\n  \"x-routegen-source\": \"api Tiny\\ngroup Pets public\\n  pet GET /pets -> [String]\\n\"\n}\n"))
    }

    @Test func theFormatComesFromTheOptionOrTheOutputsExtension() throws {
        let printed = runInMemory(["export", "--format", "yaml", "--without-source", "Tiny.routes"], files: ["Tiny.routes": Self.tiny])
        #expect(printed.standardOutput == Self.tinyYAML)
        let fileSystem = InMemoryFileSystem(files: ["/work/Tiny.routes": Self.tiny])
        let written = runInMemory(["export", "Tiny.routes", "-o", "tiny.yml", "--without-source"], fileSystem: fileSystem)
        #expect(written.status == 0)
        #expect(written.standardOutput == "")
        #expect(fileSystem.text(atPath: "/work/tiny.yml") == Self.tinyYAML)
    }

    @Test func aFormatThatContradictsTheExtensionIsAUsageError() {
        let run = runInMemory(["export", "--format", "json", "-o", "api.yaml", "Tiny.routes"], files: ["Tiny.routes": Self.tiny])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: '--format json' does not match the extension of 'api.yaml'; drop one\n"))
        let unknown = runInMemory(["export", "--format", "xml", "Tiny.routes"], files: ["Tiny.routes": Self.tiny])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("error: unknown format 'xml'; use json or yaml\n"))
    }

    @Test func anEarlierExportIsReplacedAndAnyOtherFileOnlyWithForce() {
        let fileSystem = InMemoryFileSystem(files: ["/work/Tiny.routes": Self.tiny, "/work/mine.json": "{\"openapi\": \"3.1.0\"}\n"])
        let refused = runInMemory(["export", "Tiny.routes", "-o", "mine.json"], fileSystem: fileSystem)
        #expect(refused.status == 1)
        #expect(refused.standardError == "error: 'mine.json' exists and is not an earlier export (it has no 'x-routegen-export' key); pass --force to replace it\n1 error\n")
        #expect(fileSystem.text(atPath: "/work/mine.json") == "{\"openapi\": \"3.1.0\"}\n")

        let forced = runInMemory(["export", "Tiny.routes", "-o", "mine.json", "--force"], fileSystem: fileSystem)
        #expect(forced.status == 0)
        #expect(fileSystem.text(atPath: "/work/mine.json")?.contains("\"x-routegen-export\": 1") == true)

        // Now it is an export: replaced without --force.
        let changed = "api Tiny\ngroup Pets public\n  pets GET /pets -> [String]\n"
        try? fileSystem.writeFileAtomically(Array(changed.utf8), toPath: "/work/Tiny.routes")
        let replaced = runInMemory(["export", "Tiny.routes", "-o", "mine.json"], fileSystem: fileSystem)
        #expect(replaced.status == 0)
        #expect(fileSystem.text(atPath: "/work/mine.json")?.contains("\"operationId\": \"pets\"") == true)
    }

    @Test func anEarlierYAMLExportIsRecognisedToo() {
        let fileSystem = InMemoryFileSystem(files: ["/work/Tiny.routes": Self.tiny, "/work/api.yaml": Self.tinyYAML, "/work/other.yaml": "openapi: 3.1.0\n"])
        #expect(runInMemory(["export", "Tiny.routes", "-o", "api.yaml"], fileSystem: fileSystem).status == 0)
        #expect(fileSystem.text(atPath: "/work/api.yaml")?.hasSuffix("x-routegen-source: \"api Tiny\\ngroup Pets public\\n  pet GET /pets -> [String]\\n\"\n") == true)
        #expect(runInMemory(["export", "Tiny.routes", "-o", "other.yaml"], fileSystem: fileSystem).status == 1)
        #expect(fileSystem.text(atPath: "/work/other.yaml") == "openapi: 3.1.0\n")
    }

    @Test func aFileThatIsNoDocumentIsNeverReplacedWithoutForce() {
        let fileSystem = InMemoryFileSystem(files: ["/work/Tiny.routes": Self.tiny, "/work/notes.json": "my notes"])
        let refused = runInMemory(["export", "Tiny.routes", "-o", "notes.json"], fileSystem: fileSystem)
        #expect(refused.status == 1)
        #expect(fileSystem.text(atPath: "/work/notes.json") == "my notes")
    }

    @Test func aRouteFileWithErrorsWritesNothing() {
        let fileSystem = InMemoryFileSystem(files: ["/work/Broken.routes": "api Broken\ngroup Books\n"])
        let run = runInMemory(["export", "Broken.routes", "-o", "out.json"], fileSystem: fileSystem)
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError.contains("Broken.routes:2:12: error: group 'Books' has no access; add 'auth' or 'public'\n"))
        #expect(fileSystem.fileExists(atPath: "/work/out.json") == false)
    }

    @Test func helpListsExport() {
        let run = runInMemory(["--help"])
        #expect(run.standardOutput.contains("  export "))
    }
}

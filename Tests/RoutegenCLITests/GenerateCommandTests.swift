import RoutegenCLI
import Testing

/// A route file small enough to read in a failure message.
let librarySpec = """
    api Library
    import LibraryModels

    group Books public
      book GET /books/{id: ID<Book>} -> Book
      search GET /books ?q: String ?limit: Int = 20 -> [Book]

    group Loans auth
      loans GET /me/loans -> [Loan]

    """

/// The spec without the Loans group.
let librarySpecWithoutLoans = """
    api Library
    import LibraryModels

    group Books public
      book GET /books/{id: ID<Book>} -> Book
      search GET /books ?q: String ?limit: Int = 20 -> [Book]

    """

/// An in-memory tree with `Specs/Library.routes` and nothing generated yet.
func specTree(_ spec: String = librarySpec, userFiles: [String: String] = [:]) -> InMemoryFileSystem {
    InMemoryFileSystem(files: userFiles.merging(["/work/Specs/Library.routes": spec]) { _, spec in spec })
}

@Suite("routegen generate")
struct GenerateCommandTests {
    @Test func withoutPathsReadsSpecsAndWritesGenerated() {
        let tree = specTree()
        let run = runInMemory(["generate"], fileSystem: tree)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let written = tree.files.keys.filter { $0.hasPrefix("/work/Generated/LibraryAPI/") }.sorted()
        #expect(written == [
            "/work/Generated/LibraryAPI/BooksEndpoints.swift",
            "/work/Generated/LibraryAPI/LibraryRoutes.swift",
            "/work/Generated/LibraryAPI/LoansEndpoints.swift",
        ])
        #expect(tree.files.keys.filter { $0.hasPrefix("/work/Generated/LibraryAPIPreview/") }.sorted() == [
            "/work/Generated/LibraryAPIPreview/LibraryPreviewClient.swift",
        ])
    }

    @Test func removesThePreviewClientItWroteIntoTheAPIModule() throws {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        let client = try #require(tree.text(atPath: "/work/Generated/LibraryAPIPreview/LibraryPreviewClient.swift"))
        try tree.writeFileAtomically(Array(client.utf8), toPath: "/work/Generated/LibraryAPI/LibraryPreviewClient.swift")
        let run = runInMemory(["generate"], fileSystem: tree)
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.first == "removed Generated/LibraryAPI/LibraryPreviewClient.swift")
        #expect(lines.last?.hasPrefix("0 files written, 1 removed, ") == true)
        #expect(tree.files["/work/Generated/LibraryAPI/LibraryPreviewClient.swift"] == nil)
    }

    @Test func noPreviewLeavesTheCompanionOutAndPreviewOnlyWritesOnlyIt() {
        let withoutCompanion = specTree()
        #expect(runInMemory(["generate", "--no-preview"], fileSystem: withoutCompanion).status == 0)
        #expect(!withoutCompanion.files.keys.contains { $0.hasPrefix("/work/Generated/LibraryAPIPreview/") })
        #expect(withoutCompanion.files.keys.contains { $0.hasPrefix("/work/Generated/LibraryAPIAuditTests/") })

        let onlyCompanion = specTree()
        #expect(runInMemory(["generate", "--preview-only", "--api-module", "Shelf"], fileSystem: onlyCompanion).status == 0)
        let written = onlyCompanion.files.keys.filter { $0.hasPrefix("/work/Generated/") }.sorted()
        #expect(written == ["/work/Generated/LibraryAPIPreview/LibraryPreviewClient.swift"])
        #expect(onlyCompanion.text(atPath: written[0])?.contains("\nimport Shelf\n") == true)

        for (one, other) in [("--preview-only", "--no-preview"), ("--preview-only", "--audit-tests-only")] {
            let run = runInMemory(["generate", one, other], fileSystem: specTree())
            #expect(run.status == 2)
            let flags = one == "--preview-only" && other == "--no-preview" ? "--no-preview and --preview-only" : "--audit-tests-only and --preview-only"
            #expect(run.standardError.hasPrefix("error: " + flags + " exclude each other; pass one\n"))
        }
    }

    @Test func listsEveryCreatedFileThenASummary() {
        let run = runInMemory(["generate"], fileSystem: specTree())
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "created Generated/LibraryAPI/BooksEndpoints.swift")
        #expect(lines.last?.hasSuffix(" written, 0 removed, 0 unchanged in Generated") == true)
    }

    @Test func writesTheAuditTestsNextToTheSources() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        #expect(tree.files.keys.contains { $0.hasPrefix("/work/Generated/LibraryAPIAuditTests/") })
    }

    @Test func secondRunWritesNothingAndLeavesIdenticalBytes() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        let first = tree.files
        let run = runInMemory(["generate"], fileSystem: tree)
        let unchanged = tree.files == first
        #expect(unchanged)
        #expect(run.standardOutput == "0 files written, 0 removed, \(first.count - 1) unchanged in Generated\n")
    }

    @Test func twoTreesGiveTheSameBytes() {
        let one = specTree(), two = specTree()
        _ = runInMemory(["generate"], fileSystem: one)
        _ = runInMemory(["generate"], fileSystem: two)
        let identical = one.files == two.files
        #expect(identical)
    }

    @Test func onlyFilesWhoseContentChangedAreRewritten() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        try? tree.writeFileAtomically(Array(librarySpec.replacingFirst("?limit: Int = 20", with: "?limit: Int = 50").utf8), toPath: "/work/Specs/Library.routes")
        let run = runInMemory(["generate"], fileSystem: tree)
        let changed = run.standardOutput.split(separator: "\n").filter { !$0.contains(" written, ") }
        #expect(changed == [
            "updated Generated/LibraryAPI/BooksEndpoints.swift",
            "updated Generated/LibraryAPIAuditTests/BooksRouteAuditTests.swift",
        ])
    }

    @Test func userFileInTheOutputFolderSurvives() {
        let helper = "extension BooksEndpoints {}\n"
        let tree = specTree(userFiles: ["/work/Generated/LibraryAPI/Helpers.swift": helper])
        let run = runInMemory(["generate"], fileSystem: tree)
        #expect(run.status == 0)
        #expect(tree.text(atPath: "/work/Generated/LibraryAPI/Helpers.swift") == helper)
    }

    @Test func userFileWhereAGeneratedFileMustGoStopsTheRunAndNothingIsWritten() {
        let tree = specTree(userFiles: ["/work/Generated/LibraryAPI/BooksEndpoints.swift": "// mine\n"])
        let before = tree.files
        let run = runInMemory(["generate"], fileSystem: tree)
        #expect(run.status == 1)
        #expect(run.standardError == "error: 'Generated/LibraryAPI/BooksEndpoints.swift' was not written by routegen, so it is never replaced; move it away or choose another --output folder\n1 error\n")
        let untouched = tree.files == before
        #expect(untouched)
    }

    @Test func fileOfARemovedGroupIsRemoved() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        try? tree.writeFileAtomically(Array(librarySpecWithoutLoans.utf8), toPath: "/work/Specs/Library.routes")
        let run = runInMemory(["generate"], fileSystem: tree)
        #expect(run.status == 0)
        #expect(tree.text(atPath: "/work/Generated/LibraryAPI/LoansEndpoints.swift") == nil)
        #expect(run.standardOutput.contains("removed Generated/LibraryAPI/LoansEndpoints.swift\n"))
    }

    @Test func foldersOfTheOldAPINameOfARegeneratedSpecAreRemoved() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        try? tree.writeFileAtomically(Array(librarySpec.replacingFirst("api Library", with: "api Lending").utf8), toPath: "/work/Specs/Library.routes")
        let run = runInMemory(["generate"], fileSystem: tree)
        #expect(run.status == 0)
        #expect(!tree.files.keys.contains { $0.hasPrefix("/work/Generated/LibraryAPI") })
        #expect(!tree.isDirectory(atPath: "/work/Generated/LibraryAPI"))
        #expect(!tree.isDirectory(atPath: "/work/Generated/LibraryAPIAuditTests"))
        #expect(tree.text(atPath: "/work/Generated/LendingAPI/BooksEndpoints.swift") != nil)
        #expect(run.standardOutput.contains("removed Generated/LibraryAPI/BooksEndpoints.swift\n"))
        #expect(run.standardOutput.contains("removed Generated/LibraryAPIAuditTests/BooksRouteAuditTests.swift\n"))
    }

    @Test func aUsersFileKeepsTheOldAPIFolderAndOnlyArtifactsBeingWrittenAreRemoved() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        try? tree.writeFileAtomically(Array("extension BooksEndpoints {}\n".utf8), toPath: "/work/Generated/LibraryAPI/Helpers.swift")
        try? tree.writeFileAtomically(Array(librarySpec.replacingFirst("api Library", with: "api Lending").utf8), toPath: "/work/Specs/Library.routes")
        let run = runInMemory(["generate", "--no-audit-tests"], fileSystem: tree)
        #expect(run.status == 0)
        #expect(tree.text(atPath: "/work/Generated/LibraryAPI/Helpers.swift") == "extension BooksEndpoints {}\n")
        #expect(tree.text(atPath: "/work/Generated/LibraryAPI/BooksEndpoints.swift") == nil)
        #expect(tree.text(atPath: "/work/Generated/LibraryAPIAuditTests/BooksRouteAuditTests.swift") != nil)
    }

    @Test func aFolderGeneratedFromAnotherRouteFileIsKept() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        let before = tree.files.filter { $0.key.hasPrefix("/work/Generated/LibraryAPI") }
        try? tree.writeFileAtomically(Array("api Shop\ngroup Items public\n  items GET /items -> [Item]\n".utf8), toPath: "/work/Specs/Shop.routes")
        let run = runInMemory(["generate", "Specs/Shop.routes"], fileSystem: tree)
        #expect(run.status == 0)
        let kept = tree.files.filter { $0.key.hasPrefix("/work/Generated/LibraryAPI") } == before
        #expect(kept)
        #expect(tree.text(atPath: "/work/Generated/ShopAPI/ItemsEndpoints.swift") != nil)
    }

    @Test func specWithErrorsLeavesTheFolderExactlyAsItWas() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        try? tree.writeFileAtomically(Array((librarySpecWithoutLoans + "  broken GET\n").utf8), toPath: "/work/Specs/Library.routes")
        let before = tree.files
        let run = runInMemory(["generate"], fileSystem: tree)
        #expect(run.status == 1)
        #expect(run.standardError.contains("Specs/Library.routes:7:"))
        let untouched = tree.files == before
        #expect(untouched)
    }

    @Test func accessOptionIsAppliedToTheGeneratedCode() {
        let tree = specTree()
        _ = runInMemory(["generate", "--access", "internal"], fileSystem: tree)
        #expect(tree.text(atPath: "/work/Generated/LibraryAPI/BooksEndpoints.swift")?.contains("\ninternal nonisolated enum BooksEndpoints {\n") == true)
    }

    @Test func unknownAccessLevelIsAUsageError() {
        let run = runInMemory(["generate", "--access", "open"], fileSystem: specTree())
        #expect(run.status == 2)
        #expect(run.standardError.contains("unknown access level 'open'; use public, internal or package"))
    }

    @Test func outputOptionAndExplicitFileAreHonoured() {
        let tree = specTree()
        let run = runInMemory(["generate", "Specs/Library.routes", "--output", "Sources/Out"], fileSystem: tree)
        #expect(run.status == 0)
        #expect(tree.text(atPath: "/work/Sources/Out/LibraryAPI/LibraryRoutes.swift")?.hasPrefix("// Generated by routegen from Specs/Library.routes. Do not edit.\n") == true)
    }

    @Test func twoFilesDeclaringOneApiAreAnError() {
        let tree = InMemoryFileSystem(files: ["/work/Specs/a.routes": librarySpec, "/work/Specs/b.routes": librarySpec])
        let run = runInMemory(["generate"], fileSystem: tree)
        #expect(run.status == 1)
        #expect(run.standardError.contains("error: api 'Library' is declared in 'Specs/a.routes' and 'Specs/b.routes'; rename one"))
        #expect(!tree.files.keys.contains { $0.hasPrefix("/work/Generated/") })
    }

    @Test func failureWhileWritingKeepsTheOldFilesAndLeavesNoTemporaryFile() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        let before = tree.files
        try? tree.writeFileAtomically(Array(librarySpec.replacingFirst("-> Book\n", with: "-> Novel\n").replacingFirst("-> [Loan]", with: "-> [Lending]").utf8), toPath: "/work/Specs/Library.routes")
        let failing = FailingFileSystem(wrapping: tree, failingWritesContaining: "LoansEndpoints")
        let run = runWithFileSystem(["generate"], failing)
        #expect(run.status == 1)
        var expected = before
        expected["/work/Specs/Library.routes"] = tree.files["/work/Specs/Library.routes"]
        let keptOldSet = tree.files == expected
        #expect(keptOldSet)
        #expect(run.standardError.contains("disk full; the output folder keeps its previous files"))
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replaceSubrange(range, with: replacement)
    }

    private func range(of target: String) -> Range<String.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) { return index..<self.index(index, offsetBy: target.count) }
            index = self.index(after: index)
        }
        return nil
    }

    private func replaceSubrange(_ range: Range<String.Index>, with replacement: String) -> String {
        String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}

/// Delegates to an in-memory tree but refuses to write any path containing a marker,
/// to show what a failure part-way through `generate` leaves behind.
final class FailingFileSystem: FileSystem {
    let base: InMemoryFileSystem
    let marker: String

    init(wrapping base: InMemoryFileSystem, failingWritesContaining marker: String) {
        self.base = base
        self.marker = marker
    }

    func readFile(atPath path: String) throws(FileSystemError) -> [UInt8] { try base.readFile(atPath: path) }
    func writeFileAtomically(_ contents: [UInt8], toPath path: String) throws(FileSystemError) {
        if path.contains(marker) { throw FileSystemError(path: path, reason: "disk full") }
        try base.writeFileAtomically(contents, toPath: path)
    }
    func fileExists(atPath path: String) -> Bool { base.fileExists(atPath: path) }
    func isDirectory(atPath path: String) -> Bool { base.isDirectory(atPath: path) }
    func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] { try base.contentsOfDirectory(atPath: path) }
    func createDirectory(atPath path: String) throws(FileSystemError) { try base.createDirectory(atPath: path) }
    func removeItem(atPath path: String) throws(FileSystemError) { try base.removeItem(atPath: path) }
}

/// Runs `routegen` in `/work` of any file system.
func runWithFileSystem(_ arguments: [String], _ fileSystem: any FileSystem) -> CommandRun {
    let output = StringOutputSink()
    let errors = StringOutputSink()
    let context = CommandContext(standardOutput: output, standardError: errors, fileSystem: fileSystem, currentDirectory: "/work")
    let status = runRoutegen(arguments: arguments, context: context)
    return CommandRun(status: status, standardOutput: output.text, standardError: errors.text)
}

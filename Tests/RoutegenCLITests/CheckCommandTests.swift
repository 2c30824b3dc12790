import RoutegenCLI
import Testing

@Suite("routegen check")
struct CheckCommandTests {
    /// A tree where `generate` has just run.
    static func generatedTree() -> InMemoryFileSystem {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        return tree
    }

    @Test func upToDateFolderExitsZero() {
        let tree = Self.generatedTree()
        let run = runInMemory(["check"], fileSystem: tree)
        #expect(run.status == 0)
        #expect(run.standardOutput == "'Generated' is up to date (\(tree.files.count - 1) files)\n")
        #expect(run.standardError == "")
    }

    @Test func staleFileIsListedWithAHunkAndTheFixCommand() throws {
        let tree = Self.generatedTree()
        let path = "/work/Generated/LibraryAPI/LibraryRoutes.swift"
        let current = try #require(tree.text(atPath: path))
        try tree.writeFileAtomically(Array(current.replacingFirst("auth | - | - | [Loan]\n", with: "auth | - | - | [Lending]\n").utf8), toPath: path)
        let run = runInMemory(["check"], fileSystem: tree)
        #expect(run.status == 1)
        let loansLine = "        Loans | loans | GET | /me/loans | auth | - | - | "
        let lines = CheckDiffLines(current)
        let number = try #require(lines.number(of: loansLine + "[Loan]"))
        #expect(run.standardError == """
            stale: Generated/LibraryAPI/LibraryRoutes.swift
            --- a/Generated/LibraryAPI/LibraryRoutes.swift
            +++ b/Generated/LibraryAPI/LibraryRoutes.swift
            @@ -\(number - 3),7 +\(number - 3),7 @@
            \(lines.contextBefore(number, count: 3))
            -\(loansLine)[Lending]
            +\(loansLine)[Loan]
            \(lines.contextAfter(number, count: 3))
            error: 'Generated' is out of date (1 file); run 'swift run routegen generate'

            """)
    }

    @Test func missingFileIsListedAsMissing() {
        let tree = Self.generatedTree()
        try? tree.removeItem(atPath: "/work/Generated/LibraryAPI/LoansEndpoints.swift")
        let run = runInMemory(["check"], fileSystem: tree)
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("missing: Generated/LibraryAPI/LoansEndpoints.swift\n--- /dev/null\n+++ b/Generated/LibraryAPI/LoansEndpoints.swift\n@@ -0,0 +1,"))
    }

    @Test func generatedFileOfARemovedGroupIsListedAsExtra() {
        let tree = Self.generatedTree()
        try? tree.writeFileAtomically(Array(librarySpecWithoutLoans.utf8), toPath: "/work/Specs/Library.routes")
        let run = runInMemory(["check"], fileSystem: tree)
        #expect(run.status == 1)
        #expect(run.standardError.contains("extra: Generated/LibraryAPI/LoansEndpoints.swift (nothing generates it any more)\n--- a/Generated/LibraryAPI/LoansEndpoints.swift\n+++ /dev/null\n"))
    }

    @Test func checkWritesNothing() {
        let tree = specTree()
        let before = tree.files
        let run = runInMemory(["check"], fileSystem: tree)
        #expect(run.status == 1)
        let untouched = tree.files == before
        #expect(untouched)
    }

    @Test func fixCommandRepeatsTheArgumentsGiven() {
        let run = runInMemory(["check", "Specs/Library.routes", "--output", "My Out", "--access", "package"], fileSystem: specTree())
        #expect(run.standardError.hasSuffix("run 'swift run routegen generate Specs/Library.routes --access package --output 'My Out''\n"))
    }

    @Test func userFileInTheOutputFolderIsNotExtra() {
        let tree = Self.generatedTree()
        try? tree.writeFileAtomically(Array("extension BooksEndpoints {}\n".utf8), toPath: "/work/Generated/LibraryAPI/Helpers.swift")
        let run = runInMemory(["check"], fileSystem: tree)
        #expect(run.status == 0)
    }

    @Test func specWithErrorsFailsWithItsDiagnostics() {
        let run = runInMemory(["check"], fileSystem: specTree("api Library\ngroup Books public\n  book GET\n"))
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("Specs/Library.routes:3:"))
    }
}

/// Line arithmetic on a file's text, to state expected hunks without counting by hand.
struct CheckDiffLines {
    let lines: [String]

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The 1-based number of the first line equal to `line`.
    func number(of line: String) -> Int? {
        lines.firstIndex(of: line).map { $0 + 1 }
    }

    /// The `count` lines before line `number`, each prefixed with the diff's context space.
    func contextBefore(_ number: Int, count: Int) -> String {
        lines[(number - 1 - count)..<(number - 1)].map { " " + $0 }.joined(separator: "\n")
    }

    /// The `count` lines after line `number`, each prefixed with the diff's context space.
    func contextAfter(_ number: Int, count: Int) -> String {
        lines[number..<(number + count)].map { " " + $0 }.joined(separator: "\n")
    }
}

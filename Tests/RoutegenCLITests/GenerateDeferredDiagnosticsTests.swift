import RoutegenCLI
import Testing

/// `routegen generate --diagnostics deferred`: what the build plugin passes on a test target,
/// whose route files the library target's build already reports in full.
@Suite("routegen generate --diagnostics deferred")
struct GenerateDeferredDiagnosticsTests {
    /// Two errors (routes without a response type) and a warning (a repeated flag).
    static let brokenSpec = """
        api Library
        group Books public
          book GET /books -> Book deprecated deprecated
          search GET /search
          loans GET /loans

        """

    /// A valid route file with one warning (a repeated flag).
    static let warningSpec = """
        api Library
        group Books public
          book GET /books -> Book deprecated deprecated

        """

    static let auditArguments = ["generate", "Specs/Library.routes", "--audit-tests-only", "--api-module", "Library", "--diagnostics", "deferred"]

    @Test func aRouteFileWithErrorsIsOneNoteWithoutALocationNothingIsWrittenAndTheRunSucceeds() {
        let tree = specTree()
        _ = runInMemory(["generate"], fileSystem: tree)
        try? tree.writeFileAtomically(Array(Self.brokenSpec.utf8), toPath: "/work/Specs/Library.routes")
        let before = tree.files
        let run = runInMemory(Self.auditArguments, fileSystem: tree)
        #expect(run.status == 0)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "note: 'Specs/Library.routes' has 2 errors, listed by the build of its endpoints; no route-audit tests generated\n")
        let untouched = tree.files == before
        #expect(untouched)
    }

    @Test func theCompanionsRunSaysItGeneratedNoSamples() {
        let tree = specTree(Self.brokenSpec)
        let run = runInMemory(["generate", "Specs/Library.routes", "--preview-only", "--api-module", "Library", "--diagnostics", "deferred"], fileSystem: tree)
        #expect(run.status == 0)
        #expect(run.standardError == "note: 'Specs/Library.routes' has 2 errors, listed by the build of its endpoints; no samples or preview client generated\n")
        #expect(!tree.files.keys.contains { $0.hasPrefix("/work/Generated/") })
    }

    @Test func oneErrorIsCountedInTheSingular() {
        let tree = specTree(librarySpecWithoutLoans + "  broken GET\n")
        let run = runInMemory(Self.auditArguments, fileSystem: tree)
        #expect(run.status == 0)
        #expect(run.standardError == "note: 'Specs/Library.routes' has 1 error, listed by the build of its endpoints; no route-audit tests generated\n")
        #expect(!tree.files.keys.contains { $0.hasPrefix("/work/Generated/") })
    }

    @Test func theSameRunWithoutTheOptionListsEveryDiagnostic() {
        let run = runInMemory(Array(Self.auditArguments.dropLast(2)), fileSystem: specTree(Self.brokenSpec))
        #expect(run.status == 1)
        #expect(run.standardError == """
            Specs/Library.routes:3:38: warning: flag 'deprecated' is repeated on route 'book'; remove one
              book GET /books -> Book deprecated deprecated
                                                 ^
            Specs/Library.routes:4:3: error: route 'search' has no response type; add '-> Type' ('-> Empty' when nothing comes back)
              search GET /search
              ^
            Specs/Library.routes:5:3: error: route 'loans' has no response type; add '-> Type' ('-> Empty' when nothing comes back)
              loans GET /loans
              ^
            2 errors, 1 warning

            """)
        #expect(runInMemory(Self.auditArguments.dropLast() + ["full"], fileSystem: specTree(Self.brokenSpec)).standardError == run.standardError)
    }

    @Test func warningsAreNotPrintedAndTheFilesAreWritten() {
        let tree = specTree(Self.warningSpec)
        let run = runInMemory(Self.auditArguments, fileSystem: tree)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(tree.text(atPath: "/work/Generated/LibraryAPIAuditTests/BooksRouteAuditTests.swift") != nil)
        #expect(tree.text(atPath: "/work/Generated/LibraryAPI/BooksEndpoints.swift") == nil)
    }

    @Test func everyRouteFileWithErrorsGetsANoteAndNothingIsWrittenForAny() {
        let tree = InMemoryFileSystem(files: [
            "/work/Specs/a.routes": Self.brokenSpec,
            "/work/Specs/b.routes": Self.warningSpec.replacingFirst("api Library", with: "api Shop"),
            "/work/Specs/c.routes": librarySpecWithoutLoans.replacingFirst("api Library", with: "api Lending") + "  broken GET\n",
        ])
        let run = runInMemory(["generate", "--audit-tests-only", "--diagnostics", "deferred"], fileSystem: tree)
        #expect(run.status == 0)
        #expect(run.standardError == """
            note: 'Specs/a.routes' has 2 errors, listed by the build of its endpoints; no route-audit tests generated
            note: 'Specs/c.routes' has 1 error, listed by the build of its endpoints; no route-audit tests generated

            """)
        #expect(!tree.files.keys.contains { $0.hasPrefix("/work/Generated/") })
    }

    @Test func withoutAuditTestsOnlyItIsAUsageError() {
        for artifacts in [[], ["--no-audit-tests"]] {
            let run = runInMemory(["generate", "--diagnostics", "deferred"] + artifacts, fileSystem: specTree(Self.brokenSpec))
            #expect(run.status == 2)
            #expect(run.standardError.hasPrefix("error: --diagnostics deferred needs --audit-tests-only or --preview-only; only the route-audit tests' and the companion's builds can leave a route file's errors to the build of its endpoints\n"))
        }
        #expect(runInMemory(["generate", "--diagnostics", "full"], fileSystem: specTree()).status == 0)
    }

    @Test func errorsOutsideTheRouteFileAreStillPrintedInFullAndFail() {
        let tree = specTree(userFiles: ["/work/Generated/LibraryAPIAuditTests/BooksRouteAuditTests.swift": "// mine\n"])
        let run = runInMemory(Self.auditArguments, fileSystem: tree)
        #expect(run.status == 1)
        #expect(run.standardError == "error: 'Generated/LibraryAPIAuditTests/BooksRouteAuditTests.swift' was not written by routegen, so it is never replaced; move it away or choose another --output folder\n1 error\n")
        let missing = runInMemory(["generate", "Specs/Missing.routes", "--audit-tests-only", "--diagnostics", "deferred"], fileSystem: specTree())
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("error: "))
    }

    @Test func anUnknownStyleIsAUsageError() {
        let run = runInMemory(["generate", "--diagnostics", "short"], fileSystem: specTree())
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: unknown diagnostics style 'short'; use full or deferred\n"))
    }

    @Test func checkDoesNotTakeTheOption() {
        let run = runInMemory(["check", "--diagnostics", "deferred"], fileSystem: specTree())
        #expect(run.status == 2)
    }

    @Test func generateHelpDescribesTheOption() {
        let help = runInMemory(["generate", "--help"]).standardOutput
        #expect(help.contains("--diagnostics <full|deferred>"))
        #expect(!runInMemory(["check", "--help"]).standardOutput.contains("--diagnostics"))
    }
}

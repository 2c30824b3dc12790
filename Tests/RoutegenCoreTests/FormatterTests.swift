import Foundation
import RoutegenCore
import Testing

/// The canonical form, and that formatting neither changes meaning nor changes twice.
@Suite("Formatter")
struct FormatterTests {
    private func formatted(_ source: String) -> String? {
        format(source: source, path: specPath, diagnostics: DiagnosticCollector())
    }

    @Test func alignsColumnsWithinAGroup() {
        let source = """
            api Library
            import LibraryModels

            group Books public
              /// Fetches one book by its identifier.
              book GET /books/{id: ID<Book>} -> Book
              search GET /books ?q: String ?limit: Int = 20 -> [Book]
              createBook   POST /books  body NewBook -> Book   auth
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book auth
              cover GET /books/{id: ID<Book>}/cover accept image/* -> Data

            group Loans auth
              loans GET /me/loans -> [Loan]
              returnBook DELETE /me/loans/{id: ID<Book>} -> Empty

            """
        #expect(formatted(source) == """
            api Library
            import LibraryModels

            group Books public
              /// Fetches one book by its identifier.
              book       GET   /books/{id: ID<Book>}                            -> Book
              search     GET   /books ?q: String ?limit: Int = 20               -> [Book]
              createBook POST  /books body NewBook                              -> Book auth
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book auth
              cover      GET   /books/{id: ID<Book>}/cover accept image/*       -> Data

            group Loans auth
              loans      GET    /me/loans                -> [Loan]
              returnBook DELETE /me/loans/{id: ID<Book>} -> Empty

            """)
    }

    @Test func flagsColumnIsAlignedWhenSeveralRoutesHaveFlags() {
        let source = "api A\ngroup G auth\n  a GET /a -> A public\n  bb GET /bb -> Bbbb deprecated\n"
        #expect(formatted(source) == "api A\ngroup G auth\n  a  GET /a  -> A    public\n  bb GET /bb -> Bbbb deprecated\n")
    }

    @Test func clausesAreOrderedByKindKeepingTheirOrderWithinAKind() {
        let source = "api A\ngroup G auth\n  r POST /r deprecated body B header X-B: String ?z: Int header X-A: String ?a: Int -> R\n"
        #expect(formatted(source) == "api A\ngroup G auth\n  r POST /r ?z: Int ?a: Int header X-B: String header X-A: String body B -> R deprecated\n")
    }

    @Test func spacingInsideTypesAndParametersIsCanonical() {
        let source = "api A\ngroup G auth\n  r GET /r/{id:ID< Book >} ?m:[String :Int]? ?n :Int=1 -> Page<A,B>\n"
        #expect(formatted(source) == "api A\ngroup G auth\n  r GET /r/{id: ID<Book>} ?m: [String: Int]? ?n: Int = 1 -> Page<A, B>\n")
    }

    @Test func continuationLinesStayOnTheirOwnLines() {
        let source = "api A\ngroup G auth\n  search GET /books\n         ?q: String   # the query\n     -> [Book]   deprecated\n"
        #expect(formatted(source) == "api A\ngroup G auth\n  search GET /books\n      ?q: String # the query\n      -> [Book] deprecated\n")
    }

    @Test func commentsAndDocumentationStayWhereTheyWere() {
        let source = "# header comment\napi A   # the api\n\n/// Docs.\ngroup G auth # group\n   # inside\n  r GET /r -> R # routegen:disable path-style\n# trailing\n"
        #expect(formatted(source) == "# header comment\napi A # the api\n\n/// Docs.\ngroup G auth # group\n  # inside\n  r GET /r -> R # routegen:disable path-style\n# trailing\n")
    }

    @Test func blankLinesCollapseAndFileEndsWithOneLineBreak() {
        let source = "\n\napi A\n\n\n\ngroup G auth\n  r GET /r -> R\n\n\n"
        #expect(formatted(source) == "api A\n\ngroup G auth\n  r GET /r -> R\n")
    }

    @Test func crlfTabsAndByteOrderMarkBecomeCanonical() {
        let source = "\u{FEFF}api A\r\ngroup G auth\r\n\tr GET /r -> R\r\n"
        #expect(formatted(source) == "api A\ngroup G auth\n  r GET /r -> R\n")
    }

    @Test func trailingSlashIsKeptAndQueryMovesAfterIt() {
        let source = "api A\ngroup G auth\n  r GET /books/{id:Int}/?q:String -> R\n  root GET / -> R\n"
        let expected = "api A\ngroup G auth\n  r    GET /books/{id: Int}/ ?q: String -> R\n  root GET /                            -> R\n"
        #expect(formatted(source) == expected)
        #expect(formatted(expected) == expected)
    }

    @Test func fileWithSyntaxErrorsIsNotFormatted() {
        #expect(formatted("api A\ngroup G auth\n  r GET /a//b -> R\n") == nil)
    }

    @Test func authSchemeLinesGroupSchemesAndRouteSchemesPrintCanonically() {
        let source = "api A\nauth   oauth=bearer\nauth key = query   key # maps\nauth header  Authorization prefix \"Token token=\"\ngroup G auth   key\n  a GET /a -> A auth   oauth\n  b GET /b -> B\n    auth pd\n"
        #expect(formatted(source) == "api A\nauth oauth = bearer\nauth key = query key # maps\nauth header Authorization prefix \"Token token=\"\ngroup G auth key\n  a GET /a -> A auth oauth\n  b GET /b -> B\n      auth pd\n")
        #expect(formatted(source).flatMap(formatted) == formatted(source))
    }

    @Test func formattingTwiceChangesNothing() {
        let once = formatted("api A\ngroup G auth\n  a GET /a ?q: String -> A auth\n  longer POST /longer body B -> B\n    deprecated\n")
        #expect(once != nil)
        #expect(once.flatMap(formatted) == once)
    }
}

/// Every fixture: formatting is idempotent and keeps the model.
@Suite("Formatter on fixtures")
struct FormatterFixtureTests {
    /// The repository root, found from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Specs/*.routes`, the credential-scheme fixtures and the real-world corpus (`corpus/real`).
    static let fixtures: [String] = {
        var paths: [String] = []
        let manager = FileManager.default
        let specs = repositoryRoot.appendingPathComponent("Specs").path
        for name in ((try? manager.contentsOfDirectory(atPath: specs)) ?? []).sorted() where name.hasSuffix(".routes") {
            paths.append(specs + "/" + name)
        }
        // The credential-scheme fixtures (Tests/Fixtures/CredentialSchemes/<api>/<Api>.routes).
        let credentialFixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/CredentialSchemes").path
        for folder in ((try? manager.contentsOfDirectory(atPath: credentialFixtures)) ?? []).sorted() {
            for name in ((try? manager.contentsOfDirectory(atPath: credentialFixtures + "/" + folder)) ?? []).sorted() where name.hasSuffix(".routes") {
                paths.append(credentialFixtures + "/" + folder + "/" + name)
            }
        }
        let corpus = repositoryRoot.appendingPathComponent("corpus/real").path
        for folder in ((try? manager.contentsOfDirectory(atPath: corpus)) ?? []).sorted() {
            for name in ((try? manager.contentsOfDirectory(atPath: corpus + "/" + folder)) ?? []).sorted() where name.hasSuffix(".routes") {
                paths.append(corpus + "/" + folder + "/" + name)
            }
        }
        return paths
    }()

    /// The two design examples, and Paging (every `paginate` form, for the preview client's pages).
    @Test func specsFolderHoldsTheDesignExamplesAndEveryPaginateForm() {
        #expect(Self.fixtures.map { URL(fileURLWithPath: $0).lastPathComponent }.prefix(3) == ["Library.routes", "Paging.routes", "Pizzeria.routes"])
    }

    @Test(arguments: fixtures)
    func fixtureLoadsWithoutErrors(path: String) throws {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let collector = DiagnosticCollector()
        let model = loadAPI(source: source, path: path, diagnostics: collector)
        #expect(model != nil)
        #expect(!collector.hasErrors)
    }

    @Test(arguments: fixtures)
    func formattingIsIdempotent(path: String) throws {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let once = format(source: source, path: path, diagnostics: DiagnosticCollector())
        #expect(once != nil)
        let twice = once.flatMap { format(source: $0, path: path, diagnostics: DiagnosticCollector()) }
        #expect(twice == once)
    }

    @Test(arguments: fixtures)
    func formattedTextHasTheSameModel(path: String) throws {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let original = loadAPI(source: source, path: path, diagnostics: DiagnosticCollector())
        let formatted = format(source: source, path: path, diagnostics: DiagnosticCollector()) ?? ""
        let reparsed = loadAPI(source: formatted, path: path, diagnostics: DiagnosticCollector())
        #expect(original != nil)
        #expect(reparsed.map(erasingLocations) == original.map(erasingLocations))
    }
}

/// The two design examples parse with no diagnostic at all.
@Suite("Design examples")
struct DesignExampleTests {
    @Test(arguments: ["Library.routes", "Pizzeria.routes"])
    func designExampleHasNoDiagnostics(name: String) throws {
        let path = FormatterFixtureTests.repositoryRoot.appendingPathComponent("Specs/" + name).path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let collector = DiagnosticCollector()
        #expect(loadAPI(source: source, path: "Specs/" + name, diagnostics: collector) != nil)
        #expect(collector.diagnostics == [])
    }

    @Test func libraryExampleHasItsRoutesInOrder() throws {
        let path = FormatterFixtureTests.repositoryRoot.appendingPathComponent("Specs/Library.routes").path
        let model = loadAPI(source: try String(contentsOfFile: path, encoding: .utf8), path: "Specs/Library.routes", diagnostics: DiagnosticCollector())
        #expect(model?.name == "Library")
        #expect(model?.imports.map(\.module) == [])
        #expect(model?.types.map(\.name) == ["Book", "BookPatch", "NewBook", "Author", "Loan", "CoverUpload", "Page", "Genre"])
        #expect(model?.groups.map(\.name) == ["Books", "Loans"])
        #expect(model?.routes.map(\.name) == ["book", "search", "createBook", "updateBook", "cover", "uploadCover", "loans", "returnBook"])
        #expect(model?.routes.map(\.access) == [.public, .public, .authenticated, .authenticated, .public, .authenticated, .authenticated, .authenticated])
        #expect(model?.routes[5].body?.kind == .multipart(.named("CoverUpload")))
        #expect(model?.routes[0].documentation == ["Fetches one book by its identifier."])
        #expect(model?.routes[3].body?.kind == .mergePatch(.named("BookPatch")))
        #expect(model?.routes[4].accept == "image/*")
    }
}

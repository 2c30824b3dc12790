import RoutegenCLI
import Testing

/// `routegen surface`.
@Suite struct SurfaceCommandTests {
    static let loans = """
        api Library
        group Loans auth
          returnBook DELETE /me/loans/{id: ID<Book>} -> Empty
          loans GET /me/loans -> [Loan]

        """

    @Test func printsTheSortedTableOnStandardOutput() {
        let run = runInMemory(["surface", "Specs"], files: ["Specs/Library.routes": Self.loans])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            METHOD  PATH            ACCESS  BODY  RESPONSE  ERRORS  PAGINATE  ROUTE
            GET     /me/loans       auth    -     [Loan]    -       -         Loans.loans
            DELETE  /me/loans/{id}  auth    -     Empty     -       -         Loans.returnBook

            """)
    }

    @Test func markdownFormatPrintsATable() {
        let run = runInMemory(["surface", "--format", "markdown", "Library.routes"], files: ["Library.routes": Self.loans])
        #expect(run.standardOutput.hasPrefix("| Method | Path | Access | Body | Response | Errors | Paginate | Route |\n|---|---|---|---|---|---|---|---|\n| GET | `/me/loans` |"))
    }

    @Test func fileWithErrorsPrintsNoTableAndFails() {
        let run = runInMemory(["surface", "Broken.routes"], files: ["Broken.routes": "api Broken\ngroup Books\n"])
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError.contains("error:"))
    }

    @Test func unknownFormatIsAUsageError() {
        let run = runInMemory(["surface", "--format", "html", "Library.routes"], files: ["Library.routes": Self.loans])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: unknown format 'html'; use text, markdown or json\n"))
    }

    @Test func declaredTypesFollowTheRoutes() {
        let source = """
            api Library
            enum Genre
              fantasy
            group Books public
              books GET /books ?genre: Genre -> [String]

            """
        let run = runInMemory(["surface", "Library.routes"], files: ["Library.routes": source])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            METHOD  PATH    ACCESS  BODY  RESPONSE  ERRORS  PAGINATE  ROUTE
            GET     /books  public  -     [String]  -       -         Books.books

            DECLARATION  MEMBER   SWIFT    TYPE  PRESENCE
            enum Genre   fantasy  fantasy  -     -

            """)
    }
}

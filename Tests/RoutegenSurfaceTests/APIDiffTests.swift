import Foundation
import RoutegenCore
import RoutegenLint
import RoutegenSurface
import Testing

/// `routegen diff`: one test per kind of change.
@Suite struct APIDiffTests {
    static let base = """
        api Library
        group Books public
          book GET /books/{id: ID<Book>} -> Book
          search GET /books ?q: String -> [Book]
          updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book   auth
        """

    /// The changes from `base` to `new`, as `kind: message` lines.
    func changes(to new: String, from old: String = base) throws -> [String] {
        let oldModel = try #require(parseWithoutErrors(old, path: "old.routes"))
        let newModel = try #require(parseWithoutErrors(new, path: "new.routes"))
        return APIDiff(old: oldModel, new: newModel).changes.map { "\($0.location): \($0.kind.rawValue): \($0.message)" }
    }

    static let paged = """
        api Library
        errors Problem
        group Books public
          search GET /books ?cursor: String? ?page: Int = 1 -> Page  paginate next -> ?cursor each items
        model Page
          items: [String]
          next: String?
        model Problem
          title: String
        model OtherProblem
          detail: String
        """

    @Test func pagingAddedIsNotBreakingRemovedOrChangedIs() throws {
        let unpaged = Self.paged.replacingOccurrences(of: "  paginate next -> ?cursor each items", with: "")
        #expect(try changes(to: Self.paged, from: unpaged) == ["new.routes:4:62: non-breaking: route 'Books.search' now pages: 'paginate next -> ?cursor each items'"])
        #expect(try changes(to: unpaged, from: Self.paged) == ["new.routes:4:3: breaking: route 'Books.search' no longer pages (it was 'paginate next -> ?cursor each items'); callers of its pages no longer compile"])
        let byPage = Self.paged.replacingOccurrences(of: "paginate next -> ?cursor each items", with: "paginate page ?page each items")
        #expect(try changes(to: byPage, from: Self.paged) == ["new.routes:4:62: breaking: route 'Books.search' changed how its next page is found from 'paginate next -> ?cursor each items' to 'paginate page ?page each items'; clients built for the old form ask for the wrong page"])
    }

    @Test func errorBodyAddedIsNotBreakingRemovedOrChangedIs() throws {
        let withoutErrors = Self.paged.replacingOccurrences(of: "errors Problem\n", with: "")
        #expect(try changes(to: Self.paged, from: withoutErrors) == ["new.routes:4:3: non-breaking: route 'Books.search' now declares its error body 'Problem'"])
        #expect(try changes(to: withoutErrors, from: Self.paged) == ["new.routes:3:3: breaking: route 'Books.search' no longer declares its error body 'Problem'; clients that read it with 'body(as:)' get nil"])
        let other = Self.paged.replacingOccurrences(of: "errors Problem\n", with: "errors OtherProblem\n")
        #expect(try changes(to: other, from: Self.paged) == ["new.routes:4:3: breaking: route 'Books.search' changed its error body from 'Problem' to 'OtherProblem'; clients that read 'Problem' get nil"])
    }

    @Test func identicalFilesHaveNoChanges() throws {
        #expect(try changes(to: Self.base) == [])
    }

    @Test func removedRouteIsBreaking() throws {
        let new = """
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book   auth
            """
        #expect(try changes(to: new) == ["old.routes:4:3: breaking: route 'Books.search' (GET /books) was removed"])
    }

    @Test func routeWithANewNameAndTheSameMethodAndShapeIsARename() throws {
        let new = """
            api Library
            group Books public
              getBook GET /books/{id: ID<Book>} -> Book
              search GET /books ?q: String -> [Book]
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book   auth
            """
        #expect(try changes(to: new) == ["new.routes:3:3: breaking: route 'Books.book' was renamed 'Books.getBook'; callers of the old name no longer compile"])
    }

    @Test func changedMethodIsBreaking() throws {
        let new = Self.base.replacingOccurrences(of: "search GET", with: "search POST")
        #expect(try changes(to: new) == ["new.routes:4:10: breaking: route 'Books.search' changed method from GET to POST"])
    }

    @Test func changedPathShapeIsBreaking() throws {
        let new = Self.base.replacingOccurrences(of: "search GET /books ", with: "search GET /books/search ")
        #expect(try changes(to: new) == ["new.routes:4:14: breaking: route 'Books.search' changed path from '/books' to '/books/search'"])
    }

    @Test func addingOrRemovingATrailingSlashIsAChangedPathShape() throws {
        let slashed = Self.base.replacingOccurrences(of: "book GET /books/{id: ID<Book>} ->", with: "book GET /books/{id: ID<Book>}/ ->")
        #expect(try changes(to: slashed) == ["new.routes:3:12: breaking: route 'Books.book' changed path from '/books/{id}' to '/books/{id}/'"])
        #expect(try changes(to: Self.base, from: slashed) == ["new.routes:3:12: breaking: route 'Books.book' changed path from '/books/{id}/' to '/books/{id}'"])
    }

    @Test func newRequiredQueryParameterIsBreaking() throws {
        let new = Self.base.replacingOccurrences(of: "?q: String ->", with: "?q: String ?shelf: String ->")
        #expect(try changes(to: new) == ["new.routes:4:33: breaking: route 'Books.search' has a new required query parameter 'shelf'"])
    }

    @Test func newOptionalOrDefaultedQueryParameterIsNotBreaking() throws {
        let new = Self.base.replacingOccurrences(of: "?q: String ->", with: "?q: String ?limit: Int = 20 ?shelf: String? ->")
        #expect(try changes(to: new) == [
            "new.routes:4:33: non-breaking: route 'Books.search' has a new optional query parameter 'limit'",
            "new.routes:4:50: non-breaking: route 'Books.search' has a new optional query parameter 'shelf'",
        ])
    }

    @Test func changedParameterTypeIsBreaking() throws {
        let new = Self.base.replacingOccurrences(of: "book GET /books/{id: ID<Book>}", with: "book GET /books/{id: String}")
        #expect(try changes(to: new) == ["new.routes:3:24: breaking: route 'Books.book' changed path parameter 'id' from 'ID<Book>' to 'String'"])
    }

    @Test func changedBodyTypeIsBreaking() throws {
        let new = Self.base.replacingOccurrences(of: "merge-patch BookPatch", with: "merge-patch BookChanges")
        #expect(try changes(to: new) == ["new.routes:5:59: breaking: route 'Books.updateBook' changed its body type from 'BookPatch' to 'BookChanges'"])
    }

    @Test func changedResponseTypeIsBreaking() throws {
        let new = Self.base.replacingOccurrences(of: "-> [Book]", with: "-> Page<Book>")
        #expect(try changes(to: new) == ["new.routes:4:35: breaking: route 'Books.search' changed its response from '[Book]' to 'Page<Book>'"])
    }

    @Test func routeThatNowRequiresAuthenticationIsBreaking() throws {
        let new = Self.base.replacingOccurrences(of: "-> Book\n", with: "-> Book   auth\n")
        #expect(try changes(to: new) == ["new.routes:3:44: breaking: route 'Books.book' now requires authentication; clients without a token get 401"])
    }

    @Test func routeThatBecamePublicIsFlaggedForSecurityReview() throws {
        let new = Self.base.replacingOccurrences(of: "-> Book   auth", with: "-> Book")
        #expect(try changes(to: new) == ["new.routes:5:3: security-review: route 'Books.updateBook' became public: it is sent without a token; check it exposes nothing private"])
    }

    @Test func addedRouteIsNotBreaking() throws {
        let new = Self.base + "\n  cover GET /books/{id: ID<Book>}/cover accept image/* -> Data"
        #expect(try changes(to: new) == ["new.routes:6:3: non-breaking: route 'Books.cover' (GET /books/{id}/cover) was added"])
    }

    @Test func changedDocumentationIsNotBreaking() throws {
        let new = Self.base.replacingOccurrences(of: "  book GET", with: "  /// Fetches one book.\n  book GET")
        #expect(try changes(to: new) == ["new.routes:4:3: non-breaking: route 'Books.book' changed its documentation"])
    }

    @Test func breakingChangesComeFirst() throws {
        let new = """
            api Library
            group Books public
              /// Fetches one book.
              book GET /books/{id: ID<Book>} -> Book
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book
            """
        let diff = try APIDiff(old: #require(parseWithoutErrors(Self.base)), new: #require(parseWithoutErrors(new)))
        #expect(diff.changes.map(\.kind) == [.breaking, .securityReview, .nonBreaking])
        #expect(diff.summary == "1 breaking, 1 for security review, 1 non-breaking")
    }

    @Test func jsonListsChangesAndASummary() throws {
        let new = Self.base.replacingOccurrences(of: "-> [Book]", with: "-> Page<Book>")
        let diff = try APIDiff(old: #require(parseWithoutErrors(Self.base, path: "old.routes")), new: #require(parseWithoutErrors(new, path: "new.routes")))
        #expect(diff.render(.json) == """
            {
              "changes" : [
                {
                  "column" : 35,
                  "file" : "new.routes",
                  "kind" : "breaking",
                  "line" : 4,
                  "message" : "route 'Books.search' changed its response from '[Book]' to 'Page<Book>'",
                  "route" : "Books.search"
                }
              ],
              "summary" : {
                "breaking" : 1,
                "nonBreaking" : 0,
                "securityReview" : 0
              }
            }

            """)
    }

    @Test func changedCredentialSchemeIsFlaggedForSecurityReview() throws {
        let old = "api Maps\nauth oauth = bearer\nauth key = query key\ngroup Places auth oauth\n  place GET /places/{id: String} -> Place\n  me GET /me -> Place"
        let new = old.replacingOccurrences(of: "-> Place\n  me", with: "-> Place auth key\n  me")
        #expect(try changes(to: new, from: old) == [
            "new.routes:5:43: security-review: route 'Places.place' changed its credential scheme from 'oauth = bearer' to 'key = query key': the credential now goes elsewhere; check the server reads it there and that nothing logs it",
        ])
        let vault = "api Vault\nauth header X-Vault-Token\ngroup Secrets auth\n  secret GET /secret -> Secret"
        #expect(try changes(to: vault.replacingOccurrences(of: "header X-Vault-Token", with: "bearer"), from: vault) == [
            "new.routes:4:3: security-review: route 'Secrets.secret' changed its credential scheme from 'header X-Vault-Token' to 'bearer': the credential now goes elsewhere; check the server reads it there and that nothing logs it",
        ])
    }

    @Test func anAddedAlternativeIsFlaggedForSecurityReview() throws {
        let old = "api Maps\nauth oauth = bearer\nauth key = query key\ngroup Places auth oauth\n  place GET /places/{id: String} -> Place"
        let new = old.replacingOccurrences(of: "auth oauth\n", with: "auth oauth or key\n")
        #expect(try changes(to: new, from: old) == [
            "new.routes:5:3: security-review: route 'Places.place' changed its credential scheme from 'oauth = bearer' to 'oauth = bearer' or 'key = query key': the credential now goes elsewhere; check the server reads it there and that nothing logs it",
        ])
    }
}

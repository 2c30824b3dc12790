import RoutegenCore
import RoutegenLint
import RoutegenSurface
import Testing

/// `routegen diff` on declared types: one test per kind of change, in a model the client sends
/// (`NewBook`, a body), ones it receives (`Book`, `Status`, `Shape`, `Circle`), one it sends in
/// a parameter (`Genre`) and one no route uses (`Draft`).
@Suite struct TypeDiffTests {
    static let base = """
        api Library
        model Book
          id: ID<Book>
          title: String
          subtitle: String?
          status: Status
        model NewBook
          title: String
          subtitle: String?
        enum Status
          available
          on_loan
        enum Genre
          fantasy
          science_fiction
        union Shape by kind
          circle: Circle
        model Circle
          radius: Int
        model Draft
          note: String
        group Books public
          book GET /books/{id: ID<Book>} ?genre: Genre? -> Book
          createBook POST /books body NewBook -> Book   auth
          shape GET /shape -> Shape
        """

    /// The changes from `old` to `new`, as `path:line:column: kind: message` lines.
    func changes(to new: String, from old: String = base) throws -> [String] {
        let oldModel = try #require(parseWithoutErrors(old, path: "old.routes"))
        let newModel = try #require(parseWithoutErrors(new, path: "new.routes"))
        return APIDiff(old: oldModel, new: newModel).changes.map { "\($0.location): \($0.kind.rawValue): \($0.message)" }
    }

    func replacing(_ target: String, with replacement: String) -> String {
        precondition(Self.base.contains(target), "base has no '\(target)'")
        return Self.base.replacingOccurrences(of: target, with: replacement)
    }

    @Test func identicalTypesHaveNoChanges() throws {
        #expect(try changes(to: Self.base) == [])
    }

    // MARK: Fields

    @Test func removedFieldIsBreakingAndSaysOldClientsFailToDecodeAResponseWithoutIt() throws {
        #expect(try changes(to: replacing("  title: String\n  subtitle: String?\n  status", with: "  subtitle: String?\n  status")) == [
            "old.routes:4:3: breaking: field 'title' was removed from model 'Book'; code that uses 'title' no longer compiles, and old clients fail to decode responses without it",
        ])
    }

    @Test func changedFieldTypeIsBreaking() throws {
        #expect(try changes(to: replacing("  radius: Int", with: "  radius: Double")) == [
            "new.routes:19:3: breaking: field 'radius' of model 'Circle' changed its type from 'Int' to 'Double'; code that uses it no longer compiles",
        ])
    }

    @Test func optionalFieldMadeRequiredInARequestBodyIsBreaking() throws {
        #expect(try changes(to: replacing("NewBook\n  title: String\n  subtitle: String?", with: "NewBook\n  title: String\n  subtitle: String")) == [
            "new.routes:9:3: breaking: field 'subtitle' of model 'NewBook' changed from optional to required ('String?' to 'String'); code that unwraps it no longer compiles, and old clients that leave it out send bodies the server refuses",
        ])
    }

    @Test func optionalFieldMadeRequiredInAResponseBreaksOnlyTheSwiftCode() throws {
        #expect(try changes(to: replacing("  subtitle: String?\n  status", with: "  subtitle: String\n  status")) == [
            "new.routes:5:3: breaking: field 'subtitle' of model 'Book' changed from optional to required ('String?' to 'String'); code that unwraps it no longer compiles, and old clients decode it either way",
        ])
    }

    @Test func optionalFieldThatMustNowBePresentAsNullBreaksOnlyTheClientsThatSendIt() throws {
        #expect(try changes(to: replacing("  subtitle: String?\n  status", with: "  subtitle: String? required\n  status")) == [
            "new.routes:5:3: non-breaking: field 'subtitle' of model 'Book' changed from optional to required nullable; old clients decode it either way",
        ])
        #expect(try changes(to: replacing("NewBook\n  title: String\n  subtitle: String?", with: "NewBook\n  title: String\n  subtitle: String? required")) == [
            "new.routes:9:3: breaking: field 'subtitle' of model 'NewBook' changed from optional to required nullable; old clients that leave it out send bodies the server refuses",
        ])
    }

    @Test func fieldThatNeedNoLongerBePresentBreaksOnlyTheClientsThatReceiveIt() throws {
        #expect(try changes(to: replacing("  title: String\n  subtitle: String?\n  status", with: "  title: String = \"\"\n  subtitle: String?\n  status")) == [
            "new.routes:4:3: breaking: field 'title' of model 'Book' changed from required to defaulted; old clients fail to decode responses without it",
        ])
        #expect(try changes(to: replacing("NewBook\n  title: String", with: "NewBook\n  title: String = \"\"")) == [
            "new.routes:8:3: non-breaking: field 'title' of model 'NewBook' changed from required to defaulted; the server accepts what old clients send",
        ])
    }

    @Test func requiredFieldMadeOptionalIsBreakingForTheSwiftCodeAndTheClientsThatReceiveIt() throws {
        #expect(try changes(to: replacing("  title: String\n  subtitle: String?\n  status", with: "  title: String?\n  subtitle: String?\n  status")) == [
            "new.routes:4:3: breaking: field 'title' of model 'Book' changed from required to optional ('String' to 'String?'); code that reads it as 'String' no longer compiles, and old clients fail to decode responses without it",
        ])
    }

    @Test func newRequiredFieldBreaksARequestBodyButNotAResponse() throws {
        #expect(try changes(to: replacing("  subtitle: String?\n  status: Status", with: "  subtitle: String?\n  status: Status\n  isbn: String")) == [
            "new.routes:7:3: non-breaking: model 'Book' has a new required field 'isbn'; old clients ignore it, and clients built from this version need a server that sends it",
        ])
        #expect(try changes(to: replacing("  subtitle: String?\nenum Status", with: "  subtitle: String?\n  isbn: String\nenum Status")) == [
            "new.routes:10:3: breaking: model 'NewBook' has a new required field 'isbn'; old clients do not send it, and code that builds a 'NewBook' must pass it",
        ])
    }

    @Test func newOptionalOrDefaultedFieldIsNotBreaking() throws {
        #expect(try changes(to: replacing("  subtitle: String?\nenum Status", with: "  subtitle: String?\n  isbn: String?\n  copies: Int = 1\nenum Status")) == [
            "new.routes:10:3: non-breaking: model 'NewBook' has a new optional field 'isbn'",
            "new.routes:11:3: non-breaking: model 'NewBook' has a new field 'copies' with the default 1",
        ])
    }

    @Test func changedWireNameIsOneBreakingChange() throws {
        let old = replacing("  status: Status", with: "  \"@status\" as status: Status")
        #expect(try changes(to: replacing("  status: Status", with: "  \"state\" as status: Status"), from: old) == [
            "new.routes:6:3: breaking: model 'Book' changed the wire name of 'status' from '@status' to 'state'; old clients still read '@status'",
        ])
    }

    @Test func changedSwiftNameIsBreaking() throws {
        #expect(try changes(to: replacing("  subtitle: String?\n  status", with: "  subtitle as tagline: String?\n  status")) == [
            "new.routes:5:3: breaking: field 'subtitle' of model 'Book' changed its Swift name from 'subtitle' to 'tagline'; code that uses 'subtitle' no longer compiles",
        ])
    }

    @Test func reorderedFieldsBreakTheInitializerOfARequestBody() throws {
        #expect(try changes(to: replacing("NewBook\n  title: String\n  subtitle: String?", with: "NewBook\n  subtitle: String?\n  title: String")) == [
            "new.routes:7:7: breaking: model 'NewBook' reordered its fields, now 'subtitle', 'title'; its initializer takes them in the new order, so code that builds a 'NewBook' no longer compiles",
        ])
    }

    @Test func changesToATypeNoRouteUsesAreNotBreakingAndSaySo() throws {
        #expect(try changes(to: replacing("model Draft\n  note: String", with: "model Draft\n  text: String")) == [
            "old.routes:21:3: non-breaking: field 'note' was removed from model 'Draft'; code that uses 'note' no longer compiles (no route sends or receives model 'Draft')",
            "new.routes:21:3: non-breaking: model 'Draft' has a new required field 'text'; code that builds a 'Draft' must pass it (no route sends or receives model 'Draft')",
        ])
    }

    // MARK: Enums and unions

    @Test func addedEnumValueIsNotBreaking() throws {
        #expect(try changes(to: replacing("  on_loan\n", with: "  on_loan\n  lost\n")) == [
            "new.routes:13:3: non-breaking: enum 'Status' has a new value 'lost'; old clients decode it as '.unknown'; a 'switch' over 'Status' without 'default' must handle '.lost'",
        ])
        #expect(try changes(to: replacing("  science_fiction\n", with: "  science_fiction\n  horror\n")) == [
            "new.routes:16:3: non-breaking: enum 'Genre' has a new value 'horror'; old clients never send it; a 'switch' over 'Genre' without 'default' must handle '.horror'",
        ])
    }

    @Test func removedEnumValueIsBreaking() throws {
        #expect(try changes(to: replacing("  fantasy\n  science_fiction\n", with: "  science_fiction\n")) == [
            "old.routes:14:3: breaking: enum 'Genre' no longer has the value 'fantasy'; code that names '.fantasy' no longer compiles, and old clients still send 'fantasy'",
        ])
    }

    @Test func changedEnumWireValueIsBreaking() throws {
        #expect(try changes(to: replacing("  science_fiction\n", with: "  \"sci-fi\" as scienceFiction\n")) == [
            "new.routes:15:3: breaking: enum 'Genre' changed the value of '.scienceFiction' from 'science_fiction' to 'sci-fi'; old clients still send 'science_fiction'",
        ])
    }

    @Test func renamedEnumCaseAndChangedUnionTagAreBreaking() throws {
        #expect(try changes(to: replacing("  on_loan\n", with: "  on_loan as lent\n")) == [
            "new.routes:12:3: breaking: enum 'Status' renamed the case of value 'on_loan' from '.onLoan' to '.lent'; code that names '.onLoan' no longer compiles",
        ])
        #expect(try changes(to: replacing("  circle: Circle\n", with: "  round as circle: Circle\n")) == [
            "new.routes:17:3: breaking: union 'Shape' changed the tag of '.circle' from 'circle' to 'round'; old clients still read 'circle'",
        ])
    }

    @Test func addedUnionVariantIsNotBreakingAndARemovedOneIs() throws {
        let withSquare = replacing("  circle: Circle\n", with: "  circle: Circle\n  square: Circle\n")
        #expect(try changes(to: withSquare) == [
            "new.routes:18:3: non-breaking: union 'Shape' has a new variant 'square'; old clients decode it as '.unknown'; a 'switch' over 'Shape' without 'default' must handle '.square'",
        ])
        #expect(try changes(to: Self.base, from: withSquare) == [
            "old.routes:18:3: breaking: union 'Shape' no longer has the variant 'square'; code that names '.square' no longer compiles",
        ])
    }

    @Test func changedDiscriminatorIsBreaking() throws {
        #expect(try changes(to: replacing("union Shape by kind", with: "union Shape by type")) == [
            "new.routes:16:7: breaking: union 'Shape' now tells its variants apart by 'type' instead of 'kind'; old clients still read 'kind'",
        ])
    }

    // MARK: Types

    @Test func removedTypeIsBreakingWhenSomethingUsedItAndNotOtherwise() throws {
        let withoutDraft = replacing("model Draft\n  note: String\n", with: "")
        #expect(try changes(to: withoutDraft) == [
            "old.routes:20:7: non-breaking: model 'Draft' was removed; nothing in the API used it",
        ])
        let withoutCircle = replacing("  circle: Circle\nmodel Circle\n  radius: Int\n", with: "  circle: Draft\n")
        #expect(try changes(to: withoutCircle) == [
            "old.routes:18:7: breaking: model 'Circle' was removed; union 'Shape' used it, and code that names 'Circle' no longer compiles",
            "new.routes:17:3: breaking: variant 'circle' of union 'Shape' changed its model from 'Circle' to 'Draft'; code that uses it no longer compiles",
        ])
    }

    @Test func addedTypeIsNotBreaking() throws {
        #expect(try changes(to: replacing("model Draft\n", with: "model Review\n  stars: Int\nmodel Draft\n")) == [
            "new.routes:20:7: non-breaking: model 'Review' was added",
        ])
    }

    @Test func renamedGenericParameterIsNoChange() throws {
        let old = Self.base + "\n  page GET /page -> Page<Book>\nmodel Page<Item>\n  items: [Item]"
        let new = Self.base + "\n  page GET /page -> Page<Book>\nmodel Page<Element>\n  items: [Element]"
        #expect(try changes(to: new, from: old) == [])
    }

    @Test func routeChangesComeBeforeTypeChangesOfTheSameKind() throws {
        // Which way a type travels is read in both versions: 'Circle' was received, so it still counts as received.
        let new = replacing("  shape GET /shape -> Shape", with: "").replacingOccurrences(of: "  radius: Int", with: "  radius: Double")
        #expect(try changes(to: new) == [
            "old.routes:25:3: breaking: route 'Books.shape' (GET /shape) was removed",
            "new.routes:19:3: breaking: field 'radius' of model 'Circle' changed its type from 'Int' to 'Double'; code that uses it no longer compiles",
        ])
    }

    @Test func jsonNamesTheTypeOfATypeChange() throws {
        let oldModel = try #require(parseWithoutErrors(Self.base, path: "old.routes"))
        let newModel = try #require(parseWithoutErrors(replacing("  radius: Int", with: "  radius: Double"), path: "new.routes"))
        #expect(APIDiff(old: oldModel, new: newModel).render(.json) == """
            {
              "changes" : [
                {
                  "column" : 3,
                  "file" : "new.routes",
                  "kind" : "breaking",
                  "line" : 19,
                  "message" : "field 'radius' of model 'Circle' changed its type from 'Int' to 'Double'; code that uses it no longer compiles",
                  "type" : "Circle"
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

    // MARK: Includes, patches, kinds

    static let library = """
        api Library
        model Timestamps
          created_at: Date
        model Book includes Timestamps
          id: ID<Book>
          title: String
        patch BookPatch of Book
          title
        model Author
          name: String
        group Books public
          book GET /books/{id: ID<Book>} -> Book
          update PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book   auth
          author GET /authors/{id: ID<Author>} -> String
        """

    @Test func changeToAnIncludedFieldIsReportedOnceWhereItIsDeclared() throws {
        let new = Self.library.replacingOccurrences(of: "  created_at: Date", with: "  created_at: String")
        #expect(try changes(to: new, from: Self.library) == [
            "new.routes:3:3: breaking: field 'created_at' of model 'Timestamps' changed its type from 'Date' to 'String'; code that uses it no longer compiles",
        ])
    }

    @Test func droppedIncludeRemovesItsFieldsFromTheModel() throws {
        let new = Self.library.replacingOccurrences(of: "model Book includes Timestamps", with: "model Book")
        #expect(try changes(to: new, from: Self.library) == [
            "old.routes:3:3: breaking: field 'created_at' was removed from model 'Book'; code that uses 'createdAt' no longer compiles, and old clients fail to decode responses without it",
        ])
    }

    @Test func patchFieldsAreComparedLikeAModelThatIsSent() throws {
        let new = Self.library.replacingOccurrences(of: "patch BookPatch of Book\n  title\n", with: "patch BookPatch of Book\n  created_at\n")
        #expect(try changes(to: new, from: Self.library) == [
            "old.routes:8:3: breaking: field 'title' was removed from patch 'BookPatch'; code that uses 'title' no longer compiles",
            "new.routes:8:3: non-breaking: patch 'BookPatch' has a new optional field 'created_at'",
        ])
    }

    @Test func typeNamedOnlyInAnIDTravelsNowhereButItsRemovalBreaks() throws {
        let changedKind = Self.library.replacingOccurrences(of: "model Author\n  name: String\n", with: "union Author by kind\n  book: Book\n")
        #expect(try changes(to: changedKind, from: Self.library) == [
            "new.routes:9:7: non-breaking: 'Author' changed from model to union; its Swift declaration and its JSON change (no route sends or receives union 'Author')",
        ])
        let removed = Self.library.replacingOccurrences(of: "model Author\n  name: String\n", with: "").replacingOccurrences(of: "ID<Author>", with: "String")
        #expect(try changes(to: removed, from: Self.library) == [
            "new.routes:12:28: breaking: route 'Books.author' changed path parameter 'id' from 'ID<Author>' to 'String'",
            "old.routes:9:7: breaking: model 'Author' was removed; route 'Books.author' used it, and code that names 'Author' no longer compiles",
        ])
    }

    @Test func changedEnumWireTypeIsBreaking() throws {
        let old = Self.library + "\n  priority GET /priority -> Priority\nenum Priority\n  low"
        let new = Self.library + "\n  priority GET /priority -> Priority\nenum Priority: Int\n  low = 1"
        #expect(try changes(to: new, from: old) == [
            "new.routes:16:6: breaking: enum 'Priority' changed its wire type from String to Int; every value is sent and read differently",
            "new.routes:17:3: breaking: enum 'Priority' changed the value of '.low' from 'low' to '1'; old clients still read 'low'",
        ])
    }
}

import RoutegenCore
import Testing

/// `model`, `enum`, `patch` and `union`: what each form means once resolved, and every problem
/// reported at its line and column, all of a file's at once.
@Suite("Declared types")
struct ModelDeclarationTests {
    /// The issue's forms, exactly.
    static let forms = """
    api Library

    model Book
      id: ID<Book>
      title: String
      subtitle: String?
      published_at: Date?
      tags: [String] = []

    enum Genre
      science_fiction
      fantasy

    patch BookPatch of Book
      title
      subtitle

    model Page<Item>
      items: [Item]
      next: String?

    group Books public
      book GET /books/{id: ID<Book>} -> Book
      list GET /books -> Page<Book>
    """

    private func type(_ name: String, in model: APIModel?) -> TypeDeclaration? {
        model?.type(named: name)
    }

    @Test func modelFieldsKeepOrderWireNamesAndPresence() throws {
        let (model, diagnostics) = load(Self.forms)
        #expect(diagnostics == [])
        let book = try #require(type("Book", in: model))
        #expect(book.fields.map(\.wireName) == ["id", "title", "subtitle", "published_at", "tags"])
        #expect(book.fields.map(\.swiftName) == ["id", "title", "subtitle", "publishedAt", "tags"])
        #expect(book.fields.map(\.presence) == [.required, .required, .optional, .optional, .defaulted])
        #expect(book.fields[4].defaultValue == .emptyArray)
        #expect(book.fields[0].type == .named("ID", arguments: [.named("Book")]))
        #expect(book.location == at(3, 7))
        #expect(book.fields[3].location == at(7, 3))
    }

    @Test func enumCasesGetLowerCamelCaseNames() throws {
        let genre = try #require(type("Genre", in: load(Self.forms).model))
        guard case .enumeration(let shape) = genre.kind else { Issue.record("not an enum"); return }
        #expect(shape.rawType == .string)
        #expect(shape.cases.map(\.wireValue) == ["science_fiction", "fantasy"])
        #expect(shape.cases.map(\.swiftName) == ["scienceFiction", "fantasy"])
    }

    @Test func patchFieldsComeFromTheirModel() throws {
        let patch = try #require(type("BookPatch", in: load(Self.forms).model))
        guard case .patch(let shape) = patch.kind else { Issue.record("not a patch"); return }
        #expect(shape.model == "Book")
        #expect(shape.fields.map(\.wireName) == ["title", "subtitle"])
        #expect(shape.fields.map(\.type) == [.named("String"), .optional(.named("String"))])
    }

    @Test func genericModelKeepsItsParameters() throws {
        let page = try #require(type("Page", in: load(Self.forms).model))
        #expect(page.genericParameters == ["Item"])
        #expect(page.fields.map(\.type) == [.array(.named("Item")), .optional(.named("String"))])
    }

    @Test func explicitSwiftNamesRequiredNullableDeprecationAndDocs() throws {
        let (model, diagnostics) = load("""
        api A
        /// An event.
        model Event deprecated
          "@type" as kind: String
          /// When it was deleted; always sent, null while it is not.
          deleted_at: Date? required
          old: Int? deprecated
          "filter[status]": String?
          metadata: [String: JSONValue] = [:]
        """)
        #expect(diagnostics == [])
        let event = try #require(type("Event", in: model))
        #expect(event.isDeprecated && event.documentation == ["An event."])
        #expect(event.fields.map(\.wireName) == ["@type", "deleted_at", "old", "filter[status]", "metadata"])
        #expect(event.fields.map(\.swiftName) == ["kind", "deletedAt", "old", "filterStatus", "metadata"])
        #expect(event.fields.map(\.presence) == [.required, .requiredNullable, .optional, .optional, .defaulted])
        #expect(event.fields[1].documentation == ["When it was deleted; always sent, null while it is not."])
        #expect(event.fields.map(\.isDeprecated) == [false, false, true, false, false])
        #expect(event.fields[4].type == .named("Dictionary", arguments: [.named("String"), .named("JSONValue")]))
    }

    @Test func includesPutTheIncludedFieldsFirst() throws {
        let (model, diagnostics) = load("""
        api A
        model Ebook includes Book, Stamped
          format: String
        model Book
          title: String
        model Stamped
          created_at: Date
        """)
        #expect(diagnostics == [])
        let ebook = try #require(type("Ebook", in: model))
        #expect(ebook.fields.map(\.wireName) == ["title", "created_at", "format"])
        #expect(ebook.fields.map(\.includedFrom) == ["Book", "Stamped", nil])
    }

    @Test func integerEnumsAndUnions() throws {
        let (model, diagnostics) = load("""
        api A
        enum Priority: Int
          low = 1
          high = 10
        union Shape by kind
          circle: Circle
          "big-square" as square: Square
        model Circle
          radius: Double
        model Square
          side: Double
          inner: Shape?
        """)
        #expect(diagnostics == [])
        guard case .enumeration(let priority)? = type("Priority", in: model)?.kind,
              case .union(let shape)? = type("Shape", in: model)?.kind else { Issue.record("kinds"); return }
        #expect(priority.rawType == .integer)
        #expect(priority.cases.map(\.wireValue) == ["1", "10"])
        #expect(priority.cases.map(\.swiftName) == ["low", "high"])
        #expect(shape.discriminator == "kind")
        #expect(shape.variants.map(\.tag) == ["circle", "big-square"])
        #expect(shape.variants.map(\.swiftName) == ["circle", "square"])
        // Square holds Shape?, which holds Square: only an indirect enum can.
        #expect(shape.isIndirect)
    }

    @Test func aModelHoldsItselfThroughOptionalFieldsStoredIndirectly() throws {
        let (model, diagnostics) = load("api A\nmodel Item\n  name: String\n  parent: Item?\n  owner: Owner?\nmodel Owner\n  favourite: Item?\n  name: String\n")
        #expect(diagnostics == [])
        guard case .model(let item)? = type("Item", in: model)?.kind, case .model(let owner)? = type("Owner", in: model)?.kind else { Issue.record("kinds"); return }
        #expect(item.fields.map(\.isIndirect) == [false, true, true])
        #expect(owner.fields.map(\.isIndirect) == [true, false])
    }

    @Test func aTreeThroughAnArrayIsFine() {
        let (model, diagnostics) = load("api A\nmodel Node\n  children: [Node]\n  parent: ID<Node>?\n")
        #expect(diagnostics == [])
        #expect(model?.types.count == 1)
    }

    @Test func everyProblemIsReportedAtOnce() {
        let text = rendered("""
        api Shop
        model Book
          id: ID<Book>
          title: String
          title: Int
          count: Int = ten
          tags: [String] = 3
          parent: Book?
          author: Autor
        enum Genre
          fantasy
          "fantasy" as fantasy2
        patch BookPatch of Book
          titel
        model Page<Item, Extra>
          items: [Item]
        group Books public
          book GET /books/{id: ID<Book>} -> Boook
        """)
        #expect(text == """
        api.routes:5:3: error: field 'title' is declared twice in 'model Book'; remove one
          title: Int
          ^
        note: first declared at line 4
        api.routes:6:16: error: default value 'ten' does not fit type 'Int'; write a whole number such as 20
          count: Int = ten
                       ^
        api.routes:7:20: error: a collection field defaults to empty only: write '= []'
          tags: [String] = 3
                           ^
                           []
        api.routes:9:11: error: unknown type 'Autor'; declare it with 'model Autor', import the module that defines it, or name the target's own type with 'external Autor'
          author: Autor
                  ^
        api.routes:12:3: error: enum 'Genre' has two cases with the wire value 'fantasy'; remove one
          "fantasy" as fantasy2
          ^
        note: first declared at line 11
        api.routes:14:3: error: model 'Book' has no field 'titel'; did you mean 'title'?
          titel
          ^
          title
        api.routes:15:18: error: generic parameter 'Extra' of 'model Page' is not used by any field; remove it
        model Page<Item, Extra>
                         ^
        api.routes:18:37: error: unknown type 'Boook'; declare it with 'model Boook', import the module that defines it, or name the target's own type with 'external Boook' (did you mean 'Book'?)
          book GET /books/{id: ID<Book>} -> Boook
                                            ^
                                            Book

        """)
    }

    @Test(arguments: [
        ("model A\n  a: Int\n  b: A\n", "4:3: error: model 'A' holds itself through 'b' (A → A), which no value can end; make a field on the way optional ('b: A?'), use an array, or refer to it by 'ID<A>'"),
        ("model A\n  b: B\nmodel B\n  a: A\n", "3:3: error: model 'A' holds itself through 'b' (A → B → A), which no value can end; make a field on the way optional ('b: B?'), use an array, or refer to it by 'ID<B>'"),
        ("enum E\n  a\n  unknown\n", "4:3: error: case 'unknown' clashes with 'unknown(_:)', which holds the values the server adds later; give it another Swift name with 'as', such as 'unknown as unknownValue'"),
        ("enum E\n", "2:6: error: enum 'E' has no cases; list its values below it, indented"),
        ("enum E: Int\n  a\n", "3:3: error: integer enum case 'a' needs its value; write 'a = 1'"),
        ("enum E: Int\n  a = 1\n  b = 1\n", "4:3: error: enum 'E' has two cases with the wire value '1'; remove one"),
        ("enum E: Double\n  a\n", "2:9: error: enum raw type must be 'String' or 'Int', not 'Double'"),
        ("patch P of Missing\n  x\n", "2:12: error: unknown type 'Missing'; expected a model declared in this file"),
        ("model M\n  a: Int\npatch P of M\n", "4:7: error: patch 'P' lists no fields; list the fields of 'M' it may change below it, indented"),
        ("model M\n  a: Int\npatch P of M\n  a\n  a\n", "6:3: error: patch field 'a' is listed twice; remove one"),
        ("union U by kind\n  e: E\nenum E\n  x\n", "3:6: error: variant 'e' of 'union U' must hold a model; 'E' is an enum"),
        ("union U by shape\n  a: Int?\n  b: String\n", "3:6: error: variant 'a' of 'union U' cannot be optional; make the field that holds 'U' optional instead"),
        ("union U by shape\n  a: Data\n  b: String\n", "3:6: error: variant 'a' of 'union U' cannot hold 'Data', which is no JSON value"),
        ("union U by shape\n  a: Int\n  b: Int\n", "4:6: error: variants 'a' and 'b' of union 'U' both hold 'Int', so no value could choose the second; remove one"),
        ("union U by shape\n  a\n", "3:3: error: variant 'a' of 'union U' has no type; write 'a: Type'"),
        ("union U by shape\n", "2:7: error: union 'U' has no variants; list them below it, indented, as 'name: Type'"),
        ("model M\n  a: Int? = 1\n", "3:13: error: optional field 'a' cannot have a default value; nil is its default"),
        ("model M\n  a: Int required\n", "3:10: error: field 'a' is required already; 'required' marks an optional field that must be present (as null when nil)"),
        ("model M\n  a: Int depracated\n", "3:10: error: unknown flag 'depracated' on field 'a'; use 'deprecated', 'required' or 'additional'"),
        ("model M\n  a: [Int: String]\n", "3:7: error: a dictionary's keys must be 'String', as JSON object keys are; write '[String: String]'"),
        ("model M\n  a: Page\nmodel Page<T>\n  t: [T]\n", "3:6: error: 'Page' takes 1 generic argument, not 0"),
        ("model M includes M\n  a: Int\n", "2:7: error: model 'M' includes itself; remove one of the 'includes' in the cycle"),
        ("model String\n  a: Int\n", "2:7: error: type 'String' would hide the type of that name; rename it"),
        ("model M\n  a: Int\nmodel M\n  b: Int\n", "4:7: error: type 'M' is declared twice; rename one"),
        ("model M\n  \"a-b\": Int\n  a_b: Int\n", "4:3: error: fields 'a-b' and 'a_b' of 'model M' both become the property 'aB'; give one another name with 'as'"),
        ("model BooksEndpoints\n  a: Int\ngroup Books public\n  r GET /r -> Empty\n", "2:7: error: type 'BooksEndpoints' clashes with the generated endpoints of that name; rename it"),
        ("model M\n  r GET /r -> Empty\n", "3:3: error: route 'r' stands among the members of a type; put a 'group Name auth' or 'group Name public' line above it"),
        ("model M<>\n", "2:9: error: expected a generic parameter name in 'model M<...>', such as 'model Page<Item>'"),
        ("patch P\n", "2:8: error: 'patch P' needs the model it patches; write 'patch BookPatch of Book'"),
        // Found by the random compile check: each generated code that did not compile or round-trip.
        ("enum Filter\n  all_cases\n", "3:3: error: case 'all_cases' becomes 'allCases', which the generated enum already declares; give it another Swift name with 'as', such as 'all_cases as allCasesCase'"),
        ("model Plain\n  hash_value: String\n", "3:3: error: field 'hash_value' becomes 'hashValue', which every generated model already has (Hashable); give it another Swift name with 'as', such as 'hash_value as hashValueField'"),
        ("enum Level: Int\n  zero = 0\n  minus_zero = -0\n", "4:3: error: enum 'Level' has two cases with the wire value '0'; remove one"),
        ("model Box\n  s: Substring\n", "3:6: error: field 's' cannot hold 'Substring', which is not Codable; use 'String'"),
        ("model Box<Any>\n  x: [Any]\n", "2:11: error: generic parameter 'Any' is a Swift keyword; call it 'Item', 'T' or another name"),
        ("model Hashable\n  x: String\n", "2:7: error: type 'Hashable' would hide the type of that name; rename it"),
        ("model Inner\n  x: String\nmodel Login\n  inner: Inner\ngroup G public\n  login POST /login body form Login -> Empty\n",
         "7:31: error: route 'login' sends 'body form Login', but field 'inner' is 'Inner'; a form body holds one text per field, not a nested model, a dictionary or free JSON"),
    ])
    func oneProblem(body: String, expected: String) {
        let diagnostics = load("api A\n" + body).diagnostics.filter { $0.severity == .error }
        #expect(diagnostics.map { "\($0.location!.line):\($0.location!.column): error: \($0.message)" } == [expected])
    }

    @Test func aDeprecatedTypeUsedWhereNothingIsDeprecatedIsAWarning() {
        let diagnostics = load("api A\nmodel Old deprecated\n  a: Int\nmodel User\n  old: Old?\ngroup G public\n  r GET /r -> Old\n  s GET /s -> [Old] deprecated\n").diagnostics
        #expect(diagnostics == [
            .warning("'old' of 'model User' uses the deprecated type 'Old'; the generated code warns on every build until it stops", at: at(5, 3)),
            .warning("route 'r' uses the deprecated type 'Old'; mark the route 'deprecated' too, or the generated code warns on every build", at: at(7, 3)),
        ])
    }

    @Test func aFileThatImportsAModuleMayNameItsTypes() {
        #expect(load("api A\nimport Models\nmodel M\n  a: Elsewhere\n").diagnostics == [])
    }

    @Test func aFileWithoutDeclaredTypesLeavesTypeNamesToTheCompiler() {
        // The build plugin's case: the types live in the target the code is generated into.
        #expect(load("api A\ngroup G public\n  r GET /r -> SameTarget\n").diagnostics == [])
    }
}

/// `routegen format` on declared types: aligned members, idempotent, the same model.
@Suite("Formatting declared types")
struct ModelFormattingTests {
    static let messy = """
    api A
    /// A book.
    model   Book   deprecated # old
      id:ID<Book>
      "@type"   as kind :   String? required   deprecated
        tags: [ String ] = [ ]
      meta: [String:JSONValue]=[:]
    enum Priority :Int
      low=1
      # the top
      highest = 100
    patch   P   of   Book
      kind
    union U   by  type
      book: Book
    model Page< Item ,Other >
      items: [Item]
      other: Other?
    """

    static let canonical = """
    api A
    /// A book.
    model Book deprecated # old
      id:              ID<Book>
      "@type" as kind: String?             required deprecated
      tags:            [String]            = []
      meta:            [String: JSONValue] = [:]
    enum Priority: Int
      low     = 1
      # the top
      highest = 100
    patch P of Book
      kind
    union U by type
      book: Book
    model Page<Item, Other>
      items: [Item]
      other: Other?

    """

    private func formatted(_ text: String) -> String? {
        format(source: text, path: specPath, diagnostics: DiagnosticCollector())
    }

    @Test func membersAreAlignedAndTokensSpacedOnce() {
        #expect(formatted(Self.messy) == Self.canonical)
    }

    @Test func formattingIsIdempotentAndKeepsTheModel() throws {
        let once = try #require(formatted(Self.messy))
        #expect(formatted(once) == once)
        let before = try #require(load(Self.messy).model)
        let after = try #require(load(once).model)
        #expect(erasingLocations(before) == erasingLocations(after))
    }
}

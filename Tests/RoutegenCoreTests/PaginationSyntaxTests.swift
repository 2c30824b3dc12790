import RoutegenCore
import Testing

/// `paginate`: each form as the model holds it, and every problem at its column.
@Suite("paginate")
struct PaginationSyntaxTests {
    static let header = """
    api Shop
    model Page<Item>
      items: [Item]
      next: String?
      more: Bool = false
      next_page_uri: String?
    model Book
      id: ID<Book>
    group Books public

    """

    private func route(_ line: String) -> Route? {
        let (model, diagnostics) = load(Self.header + line + "\n")
        #expect(diagnostics == [])
        return model?.routes.first
    }

    @Test(arguments: [
        ("  s GET /s ?q: String ?cursor: String? -> Page<Book> paginate next -> ?cursor", PaginationSpec.Style.cursor(field: "next", parameter: "cursor"), nil as String?),
        ("  s GET /s ?cursor: String? -> Page<Book> paginate next -> ?cursor each items", .cursor(field: "next", parameter: "cursor"), "items"),
        ("  s GET /s -> Page<Book> paginate next_page_uri -> link", .bodyLink(field: "next_page_uri"), nil),
        ("  s GET /s -> [Book] paginate link", .linkHeader, nil),
        ("  s GET /s ?page: Int? -> Page<Book> paginate page ?page each items", .pageNumber(parameter: "page"), "items"),
        ("  s GET /s ?offset: Int = 0 -> Page<Book> paginate offset ?offset while more each items", .offset(parameter: "offset", hasMoreField: "more"), "items"),
    ])
    func eachForm(line: String, style: PaginationSpec.Style, items: String?) throws {
        let spec = try #require(route(line)?.pagination)
        #expect(spec.style == style)
        #expect(spec.itemsField == items)
        #expect(spec.location.line == 10)
    }

    @Test func aContinuationLineMayCarryIt() throws {
        let spec = try #require(route("  s GET /s ?cursor: String?\n      -> Page<Book>\n      paginate next -> ?cursor")?.pagination)
        #expect(spec.summary == "next -> ?cursor")
    }

    @Test func formattingKeepsItBesideTheResponse() {
        let text = Self.header + "  search  GET /s ?cursor: String?  -> Page<Book>   paginate  next ->  ?cursor  each items\n"
        #expect(format(source: text, path: specPath, diagnostics: DiagnosticCollector())?.hasSuffix(
            "  search GET /s ?cursor: String? -> Page<Book> paginate next -> ?cursor each items\n"
        ) == true)
    }

    @Test(arguments: [
        ("  s GET /s ?cursor: String? -> Page<Book> paginate nxt -> ?cursor", "10:52: error: model 'Page' has no field 'nxt'; it has 'items', 'next', 'more', 'next_page_uri' (did you mean 'next'?)"),
        ("  s GET /s ?c: String? -> Page<Book> paginate next -> ?cursor", "10:56: error: route 's' has no query parameter 'cursor'; it has '?c'"),
        ("  s GET /s -> Page<Book> paginate next -> ?cursor", "10:44: error: route 's' has no query parameter 'cursor'; it has no query parameters; add '?cursor: String?'"),
        ("  s GET /s ?cursor: Int? -> Page<Book> paginate next -> ?cursor", "10:58: error: query parameter 'cursor' is 'Int?'; 'next -> ?cursor' needs 'String?'"),
        ("  s GET /s ?cursor: String? -> Page<Book> paginate more -> ?cursor", "10:52: error: cursor field 'more' is 'Bool'; a cursor is text, sent back as it came: make it 'String?'"),
        ("  s GET /s ?cursor: String? -> [Book] paginate next -> ?cursor", "10:48: error: 'paginate' reads the field 'next' of the response, but '[Book]' is not a model declared in this file"),
        ("  s GET /s ?cursor: String -> Page<Book> paginate next -> ?cursor", "10:60: error: query parameter 'cursor' is required, but the first page is asked without it; write '?cursor: String?'"),
        ("  s GET /s ?page: Int? -> Page<Book> paginate page ?page", "10:38: error: 'paginate page ?page' needs 'each items': the field that holds a page's items tells the last page"),
        ("  s GET /s ?page: String? -> Page<Book> paginate page ?page each items", "10:56: error: query parameter 'page' is 'String?'; 'page ?page each items' needs 'Int?'"),
        ("  s GET /s ?offset: Int? -> Page<Book> paginate offset ?offset while next each items", "10:70: error: 'while next' reads 'String?'; the field that says more pages follow is a 'Bool'"),
        ("  s GET /s ?page: Int? -> Page<Book> paginate page ?page each next", "10:63: error: 'each next' reads 'String?'; the items of a page are an array"),
        ("  s GET /s -> Page<Book> paginate sideways", "10:35: error: unknown 'paginate' form 'sideways'; write 'paginate next -> ?cursor', 'paginate next_page_uri -> link', 'paginate link', 'paginate page ?page each items' or 'paginate offset ?offset each items'"),
        ("  s GET /s -> Page<Book> paginate", "10:34: error: 'paginate' needs a form: 'paginate next -> ?cursor', 'paginate next_page_uri -> link', 'paginate link', 'paginate page ?page each items' or 'paginate offset ?offset each items'"),
        ("  s GET /s -> Page<Book> paginate next ->", "10:40: error: 'paginate next ->' needs '?parameter' (a cursor) or 'link' (a next URL)"),
        ("  s GET /s -> Page<Book> paginate link paginate link", "10:40: error: route 's' has two 'paginate' clauses; keep one"),
    ])
    func oneProblem(line: String, expected: String) {
        let diagnostics = load(Self.header + line + "\n").diagnostics.filter { $0.severity == .error }
        #expect(diagnostics.map { "\($0.location!.line):\($0.location!.column): error: \($0.message)" } == [expected])
    }
}

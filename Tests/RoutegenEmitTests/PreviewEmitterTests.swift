import RoutegenCore
@testable import RoutegenEmit
import Testing

/// The served samples as Swift (`sample` on each declared type) and the preview client, as text,
/// in the companion module `<Api>APIPreview`;
/// `Generated/` compiles and runs them (GeneratedAPITests, RoutegenSamplesTests).
@Suite("Samples and the preview client")
struct PreviewEmitterTests {
    static let spec = #"""
    api Shop
    import Elsewhere
    model Page<Item>
      items: [Item]
      next:  String?
    model Wrapper<T>
      inner: Page<T>
    model Product
      name: String
    enum Kind
      sample
      other
    model Remote
      thing: Thing
    model Old deprecated
      id: Int
    group Shop public
      items   GET /items ?cursor: String?  -> Page<Product>  paginate next -> ?cursor each items
      numbers GET /numbers/{id: Int}/x/    -> Page<Int>
      olds    GET /olds                    -> Page<Old>
      again   GET /again ?cursor: String?  -> Page<Product>
      remote  GET /remote                  -> Remote
      nothing DELETE /items/{id: Int}      -> Empty
    """#

    private var files: [GeneratedFile] { SpecSnippets.previewFiles(Self.spec, options: EmitOptions(modelFiles: .perType)) }

    private func file(_ path: String) throws -> String {
        try #require(files.first { $0.relativePath == "ShopAPIPreview/" + path }?.contents)
    }

    @Test func aGenericModelHasASamplePerConcreteUseAndNoneForItsOwnParameters() throws {
        let page = try file("Models/PageSamples.swift")
        #expect(page.contains("""
        nonisolated extension Page where Item == Product {
            /// The sample `routegen serve` sends for `Page<Product>`: the same data in a preview as against the served API.
            public static var sample: Self {
                try! JSONCoding.decoder.decode(Self.self, from: Data(sampleJSON.utf8))
            }

            /// The JSON `routegen serve` sends for `Page<Product>`, which `sample` decodes.
            public static var sampleJSON: String {
                #"{"items":[{"name":"Name 1"},{"name":"Name 2"}],"next":"Next 1"}"#
            }
        }
        """))
        #expect(page.contains("nonisolated extension Page where Item == Int {"))
        // A use with a deprecated argument is deprecated itself, so the build stays free of warnings.
        #expect(page.contains("@available(*, deprecated)\nnonisolated extension Page where Item == Old {"))
        // `Page<T>` inside `Wrapper<T>` names no concrete type; `Page<Product>` of two routes is one sample.
        #expect(!page.contains("Item == T"))
        #expect(page.components(separatedBy: "extension Page where").count - 1 == 3)
        #expect(!(try file("Models/WrapperSamples.swift")).contains("static var sample"))
    }

    @Test func anEnumWithACaseNamedSampleNamesItsSampleValue() throws {
        let kind = try file("Models/KindSamples.swift")
        #expect(kind.contains("    public static var sampleValue: Self {\n        try! JSONCoding.decoder.decode(Self.self, from: Data(sampleJSON.utf8))"))
        #expect(kind.contains("    public static var sampleJSON: String {\n        #\"\"sample\"\"#\n"))
        #expect(!kind.contains("static var sample:"))
    }

    @Test func aTypeThatNeedsAnImportedTypeHasNoSample() throws {
        #expect(!(try file("Models/RemoteSamples.swift")).contains("static var sample"))
        #expect((try file("Models/ProductSamples.swift")).contains("public static var sample: Self"))
    }

    @Test func thePreviewClientHasACasePerRouteKeyedLikeEndpointRoute() throws {
        let client = try file("ShopPreviewClient.swift")
        #expect(client.contains("public typealias ShopPreviewClient = PreviewClient<ShopPreviewSamples>\n"))
        #expect(client.contains("public nonisolated enum ShopPreviewSamples: PreviewSamples {\n    /// The API's name, for the client's messages.\n    public static let apiName = \"Shop\"\n"))
        #expect(client.contains("import EndpointKit\npublic import EndpointKitTesting\npublic import Foundation\nimport Elsewhere\nimport ShopAPI\n"))
        // A paginated route answers the page the URL asks for: RouteSample's pages, serve's bytes.
        #expect(client.contains("""
                switch route {
                case "GET /items":
                    switch Self.cursorPage(Self.query("cursor", in: url)) {
                    case .first: return (#"{"items":[{"name":"Name 1"},{"name":"Name 2"}],"next":"page-2"}"#, nil)
                    case .second, .pastTheEnd: return (#"{"items":[{"name":"Name 3"},{"name":"Name 4"}]}"#, nil)
                    }
                case "GET /numbers/{value}/x/": return (#"{"items":[1,2],"next":"Next 1"}"#, nil)
                case "GET /olds": return (#"{"items":[{"id":1},{"id":2}],"next":"Next 1"}"#, nil)
                case "GET /again": return (#"{"items":[{"name":"Name 1"},{"name":"Name 2"}],"next":"Next 1"}"#, nil)
                case "GET /remote": throw Failure.noSample(route: route, type: "Remote")
                case "DELETE /items/{value}": return ("", nil)
                default: throw Failure.unknownRoute(route)
                }
        """))
    }

    @Test func aDeclaredTypesAnswerIsItsSampleJSONUnlessDeprecated() throws {
        let spec = "api Shop\nmodel P\n  name: String\nmodel Old deprecated\n  id: Int\ngroup G public\n  a GET /a -> P\n  b GET /b -> [P]\n  c GET /c -> Old  deprecated\n"
        let files = SpecSnippets.previewFiles(spec)
        let client = try #require(files.first { $0.relativePath == "ShopAPIPreview/ShopPreviewClient.swift" }?.contents)
        // The text lives once, in the models' file; a list of them, or a deprecated type, is a literal.
        #expect(client.contains("""
                switch route {
                case "GET /a": return (P.sampleJSON, nil)
                case "GET /b": return (#"[{"name":"Name 1"},{"name":"Name 2"}]"#, nil)
                case "GET /c": return (#"{"id":1}"#, nil)
                default: throw Failure.unknownRoute(route)
                }
        """))
    }

    @Test func thePageReadersAreEndpointKitTestingsNotGenerated() throws {
        let shop = try file("ShopPreviewClient.swift")
        #expect(shop.contains("switch Self.cursorPage(Self.query(\"cursor\", in: url)) {"))
        #expect(!shop.contains("func cursorPage(") && !shop.contains("func query(") && !shop.contains("PageIndex"))
        let linked = SpecSnippets.previewFiles("api Shop\nmodel P\n  next: String?\ngroup G public\n  a GET /a -> P  paginate next -> link\n  b GET /b -> P  paginate link\n")
        let client = try #require(linked.first { $0.relativePath == "ShopAPIPreview/ShopPreviewClient.swift" }?.contents)
        // The link is the request's own URL with `page=2`, so the first page's text is split around it.
        #expect(client.contains("""
                case "GET /a":
                    switch Self.numberedPage(Self.query("page", in: url), first: 1, last: 2) {
                    case .first: return (#"{"next":""# + Self.secondPageLink(of: url) + #""}"#, nil)
                    case .second, .pastTheEnd: return (#"{}"#, nil)
                    }
                case "GET /b":
                    switch Self.numberedPage(Self.query("page", in: url), first: 1, last: 2) {
                    case .first: return (#"{"next":"Next 1"}"#, "<" + Self.secondPageLink(of: url) + ">; rel=\\"next\\"")
                    case .second, .pastTheEnd: return (#"{"next":"Next 3"}"#, nil)
                    }
        """))
        #expect(!client.contains("func secondPageLink(") && !client.contains("func numberedPage("))
    }

    @Test func aRouteWithAnErrorBodyTypeHasItsErrorSample() throws {
        // Each distinct sample once, each route by its index: a table, not a switch of hundreds
        // of patterns for the type checker.
        let files = SpecSnippets.previewFiles("api Shop\nerrors Problem\nmodel Problem\n  title: String\ngroup G public\n  a GET /a -> Int\n  b DELETE /b -> Empty errors Other\n  c PUT /c -> Int\nmodel Other\n  code: Int\n")
        let client = try #require(files.first { $0.relativePath == "ShopAPIPreview/ShopPreviewClient.swift" }?.contents)
        #expect(client.contains("""
            private static let errorSampleOfRoute: [String: Int] = [
                "GET /a": 0,
                "DELETE /b": 1,
                "PUT /c": 0,
            ]

            /// The error body samples, each once.
            private static let errorSampleTexts: [String] = [
                #"{"title":"Title 1"}"#,
                #"{"code":1}"#,
            ]

            /// The sample of the error body type (`errors T`) of `route`; nil when it declares none.
            public static func errorSample(route: String) -> String? {
                errorSampleOfRoute[route].map { errorSampleTexts[$0] }
            }
        """))
        // `failing(_:status:)` is `PreviewClient`'s; an API without error bodies keeps the
        // protocol's `errorSample(route:)`, which answers nil.
        #expect(!client.contains("func failing"))
        let plain = try file("ShopPreviewClient.swift")
        #expect(!plain.contains("failing") && !plain.contains("errorSample") && !plain.contains("APIErrorBody"))
    }

    @Test func aGenericErrorBodyTypeHasASampleForItsUse() throws {
        let files = SpecSnippets.previewFiles("api Shop\nmodel Problem<D>\n  detail: D\ngroup G public\n  a GET /a -> Int errors Problem<Int>\n")
        let models = files.filter { $0.relativePath.hasSuffix("Samples.swift") }.map(\.contents).joined()
        #expect(models.contains("nonisolated extension Problem where D == Int {"))
    }

    @Test func anAPIWithoutRoutesStillHasItsPreviewClient() throws {
        let files = SpecSnippets.previewFiles("api Shop\n")
        let client = try #require(files.first { $0.relativePath == "ShopAPIPreview/ShopPreviewClient.swift" }?.contents)
        #expect(client.contains("        switch route {\n        default: throw Failure.unknownRoute(route)\n        }"))
    }

    @Test func aDeclaredTypeNamedLikeThePreviewClientIsRefused() {
        let collector = DiagnosticCollector()
        _ = loadAPI(source: "api Shop\nmodel ShopPreviewClient\n  id: Int\n", path: "t.routes", diagnostics: collector)
        let errors = collector.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["type 'ShopPreviewClient' clashes with the generated preview client of that name; rename it"])
        #expect(errors.map { $0.location?.line } == [2] && errors.map { $0.location?.column } == [7])
    }
}

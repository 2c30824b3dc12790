import EndpointKit
import Foundation
import LibraryAPI
import LibraryAPIPreview
import PizzeriaAPI
import PizzeriaAPIPreview
import RoutegenCore
import RoutegenSamples
import Testing

@Suite("Samples made from the route file's types")
struct SampleMakerTests {
    private static func text(_ type: TypeReference, in api: APIModel, name: String = "value") -> String? {
        SampleMaker(api: api).sample(of: type, name: name)?.text
    }

    @Test func theLibrarysBookIsPlausibleAndFixed() throws {
        let library = try SampleSpecs.specModel("Library")
        #expect(Self.text(.named("Book"), in: library) == #"{"genre":"science_fiction","id":"book-1","published_at":"2026-01-01T09:00:00Z","subtitle":"Subtitle 1","tags":["Tags 1","Tags 2"],"title":"Title 1"}"#)
        #expect(Self.text(.named("Page", arguments: [.named("Book")]), in: library)
            == #"{"items":[{"genre":"science_fiction","id":"book-1","published_at":"2026-01-01T09:00:00Z","subtitle":"Subtitle 1","tags":["Tags 1","Tags 2"],"title":"Title 1"},"#
            + #"{"genre":"science_fiction","id":"book-2","published_at":"2026-01-01T09:00:00Z","subtitle":"Subtitle 2","tags":["Tags 2","Tags 3"],"title":"Title 2"}],"next":"Next 1"}"#)
        #expect(Self.text(.named("NewBook"), in: library) == #"{"authorID":"author-1","title":"Title 1"}"#)
        #expect(Self.text(.named("BookPatch"), in: library) == #"{"subtitle":"Subtitle 1","title":"Title 1"}"#)
        #expect(Self.text(.array(.named("Loan")), in: library) == #"[{"book":"book-1","due":"2026-01-01T09:00:00Z"},{"book":"book-2","due":"2026-01-01T09:00:00Z"}]"#)
    }

    @Test func listsHoldEachValueOnceAndAnEmptyCaseComesLast() throws {
        let api = try SampleSpecs.model("""
            api Shop
            enum Consistency
              ""
              strong
            enum One
              only
            model Query
              ids: [String] pattern "^(0|[1-9][0-9]*)$"
              ones: [One]
              consistency: Consistency
            """)
        #expect(Self.text(.named("Query"), in: api) == #"{"consistency":"strong","ids":["0"],"ones":["only"]}"#)
    }

    /// The server sends these bytes and a preview decodes them: each must decode as the generated
    /// type and encode back to exactly the same text.
    @Test func everyLibraryAndPizzeriaSampleDecodesAsTheGeneratedTypeAndEncodesBackUnchanged() throws {
        let library = try SampleSpecs.specModel("Library")
        let pizzeria = try SampleSpecs.specModel("Pizzeria")
        func roundTrip<T: Codable>(_ type: T.Type, _ reference: TypeReference, in api: APIModel) throws {
            let text = try #require(SampleMaker(api: api).sample(of: reference)?.text, "no sample of \(reference)")
            let decoded = try JSONCoding.decoder.decode(T.self, from: Data(text.utf8))
            #expect(String(decoding: try JSONCoding.encoder.encode(decoded), as: UTF8.self) == text, "\(reference)")
        }
        try roundTrip(LibraryAPI.Book.self, .named("Book"), in: library)
        try roundTrip(LibraryAPI.NewBook.self, .named("NewBook"), in: library)
        try roundTrip(LibraryAPI.Author.self, .named("Author"), in: library)
        try roundTrip([LibraryAPI.Loan].self, .array(.named("Loan")), in: library)
        try roundTrip(LibraryAPI.Genre.self, .named("Genre"), in: library)
        try roundTrip(LibraryAPI.BookPatch.self, .named("BookPatch"), in: library)
        try roundTrip(LibraryAPI.Page<LibraryAPI.Book>.self, .named("Page", arguments: [.named("Book")]), in: library)
        try roundTrip(PizzeriaAPI.OpeningHours.self, .named("OpeningHours"), in: pizzeria)
        try roundTrip(URL.self, .named("URL"), in: library)
        try roundTrip(Decimal.self, .named("Decimal"), in: library)
        try roundTrip(PizzeriaAPI.Payment.self, .named("Payment"), in: pizzeria)
        #expect(Self.text(.named("Payment"), in: pizzeria) == #"{"last4":"Last4 1","method":"card"}"#)
    }

    @Test func aTypeThatLeadsBackStopsAtTheFirstListOrDictionaryAndAUnionTakesAnotherVariant() throws {
        let api = try SampleSpecs.model("""
        api T
        model Node
          name: String
          children: [Node]
          index: [String: Node]
        union Expr by kind
          neg: Neg
          lit: Lit
        model Neg
          operand: Expr
        model Lit
          value: Int
        group G public
          r GET /r -> Node
          e GET /e -> Expr
        """)
        #expect(Self.text(.named("Node"), in: api) == #"{"children":[],"index":{},"name":"Name 1"}"#)
        // `neg` would hold an `Expr` again, so the union's sample is its first variant that ends.
        #expect(Self.text(.named("Expr"), in: api) == #"{"kind":"lit","value":1}"#)
        #expect(Self.text(.named("Neg"), in: api) == #"{"operand":{"kind":"lit","value":1}}"#)
    }

    @Test func aUnionByShapeTakesTheFirstVariantWhoseSampleNoOtherVariantTakes() throws {
        let api = try SampleSpecs.model("""
        api T
        union Translation by shape
          verbose: Verbose
          plain: Plain
        union Agent by shape
          user: UserRef
          team: TeamRef
        union Either by shape
          wide: Wide
          narrow: Plain
        union Grouping by shape
          parameters: Parameters
          reference: Reference
        model Parameters
          type: Kind?
        enum Kind
          content_based
        model Reference
          id: String?
          type: String?
        model Verbose
          text: String
          language: String
        model Plain
          text: String
        model Wide
          text: String
          note: String?
        enum UserKind
          user_reference
        enum TeamKind
          team_reference
        model UserRef
          type: UserKind
        model TeamRef
          type: TeamKind
        group G public
          r GET /r -> Translation
          a GET /a -> Agent
          e GET /e -> Either
          g GET /g -> Grouping
        """)
        // `Plain` takes `Verbose`'s sample too (other members are allowed), so `plain` is sent.
        #expect(Self.text(.named("Translation"), in: api) == #"{"text":"Text 1"}"#)
        // An enum takes only its values there, so each reference's sample is its own.
        #expect(Self.text(.named("Agent"), in: api) == #"{"type":"user_reference"}"#)
        // Every variant takes every other's sample: the first one's, as before.
        #expect(Self.text(.named("Either"), in: api) == #"{"note":"Note 1","text":"Text 1"}"#)
        // `Reference` takes `Parameters`' sample; `Reference`'s own, `Parameters` takes as the
        // decoder reads it (an unknown `Kind`), so it would come back as `parameters`: the first.
        #expect(Self.text(.named("Grouping"), in: api) == #"{"type":"content_based"}"#)
    }

    @Test func importedTypesHaveNoSampleAndOptionalFieldsOfThemAreLeftOut() throws {
        let api = try SampleSpecs.model("""
        api T
        import Elsewhere
        model Box
          label: String
          extra: Foreign?
        model Held
          thing: Foreign
        group G public
          r GET /r -> Box
        """)
        #expect(Self.text(.named("Box"), in: api) == #"{"label":"Label 1"}"#)
        #expect(Self.text(.named("Held"), in: api) == nil)
        #expect(Self.text(.named("Foreign"), in: api) == nil)
        #expect(Self.text(.array(.named("Foreign")), in: api) == nil)
    }

    @Test func scalarsFollowTheirNameAndType() throws {
        let api = try SampleSpecs.model("api T\ngroup G public\n  r GET /r -> Empty\n")
        #expect(Self.text(.named("String"), in: api, name: "contact_email") == #""user-1@example.com""#)
        #expect(Self.text(.named("String"), in: api, name: "avatarURL") == #""https://example.com/avatar/1""#)
        #expect(Self.text(.named("String"), in: api, name: "href") == #""https://example.com/items/1""#)
        #expect(Self.text(.named("String"), in: api, name: "first_name") == #""First name 1""#)
        #expect(Self.text(.named("Int64"), in: api) == "1")
        #expect(Self.text(.named("Double"), in: api) == "1.5")
        #expect(Self.text(.named("Bool"), in: api) == "true")
        #expect(Self.text(.named("UUID"), in: api) == #""00000000-0000-4000-8000-000000000001""#)
        #expect(Self.text(.named("URL"), in: api, name: "avatar") == #""https://example.com/avatar/1""#)
        #expect(Self.text(.named("Foundation.URL"), in: api, name: "") == #""https://example.com/items/1""#)
        #expect(Self.text(.named("Decimal"), in: api, name: "price") == "1.5")
        #expect(Self.text(.named("ID", arguments: [.named("OrderLine")]), in: api) == #""order-line-1""#)
        #expect(Self.text(.named("Data"), in: api) == #""c2FtcGxl""#)
        #expect(Self.text(.named("JSONValue"), in: api) == "{}")
        #expect(Self.text(.named("Dictionary", arguments: [.named("Int"), .named("Bool")]), in: api) == #"{"1":true}"#)
        #expect(Self.text(.optional(.named("Int")), in: api) == "1")
    }

    @Test func textIsEscapedAsFoundationEscapesIt() throws {
        let sample = SampleJSON.object([.init("b/\"q\"", .string("line\nbreak\t\u{01}é")), .init("a", .null)])
        #expect(sample.text == #"{"a":null,"b/\"q\"":"line\nbreak\t\u0001é"}"#)
        let encoded = try JSONCoding.encoder.encode(["b/\"q\"": "line\nbreak\t\u{01}é"])
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"b/\"q\"":"line\nbreak\t\u0001é"}"#)
    }
}

import RoutegenCore
import RoutegenSamples
import Testing

/// The structural check of request bodies and fixtures.
@Suite("SampleValidator on the located reader's tree")
struct SampleValidatorTests {
    private static func problem(_ json: String, _ type: TypeReference, in api: APIModel) throws -> String? {
        let collector = DiagnosticCollector()
        let value = try #require(JSONDocumentReader(path: "body").read(Array(json.utf8), diagnostics: collector))
        #expect(collector.diagnostics == [])
        return SampleValidator(api: api).problem(with: value, as: type)?.description
    }

    @Test func everySampleFitsItsOwnType() throws {
        for name in ["Library", "Pizzeria"] {
            let api = try ServeTestSupport.specModel(name)
            let maker = SampleMaker(api: api)
            for route in api.routes {
                guard let sample = maker.sample(of: route.response, name: route.name) else { continue }
                #expect(try Self.problem(sample.text, route.response, in: api) == nil, "\(name).\(route.name)")
            }
        }
    }

    @Test func aUnionByShapeTakesAValueOneVariantFits() throws {
        let api = try ServeTestSupport.specModel("Pizzeria")
        let tip = TypeReference.named("Tip")
        #expect(try Self.problem("500", tip, in: api) == nil)
        #expect(try Self.problem(#"{"percent":10}"#, tip, in: api) == nil)
        #expect(try Self.problem(#""ten""#, tip, in: api) == "fits no variant of Tip (cents: expected an integer; share: expected an object (TipShare))")
        #expect(try Self.problem(#"{"percent":"ten"}"#, tip, in: api) == "fits no variant of Tip (cents: expected an integer; share: expected an integer at percent)")
    }

    @Test func problemsNameTheirPath() throws {
        let api = try ServeTestSupport.model("""
            api T
            model Item
              id: ID<Item>
              count: Int
              ratio: Double?
              note: String? required
              tags: [String: Int] = [:]
              kind: Kind
            enum Kind
              a
              b
            model Box
              items: [Item]
            group G public
              box GET /box -> Box

            """)
        let box = TypeReference.named("Box")
        let item = #"{"id":"i","count":1,"note":null,"kind":"a"}"#
        #expect(try Self.problem(#"{"items":[\#(item)]}"#, box, in: api) == nil)
        #expect(try Self.problem(#"{"items":[\#(item),{"id":7}]}"#, box, in: api) == "items[1].id: expected a string")
        #expect(try Self.problem(#"{"items":[{"id":"i","count":1.5}]}"#, box, in: api) == "items[0].count: expected an integer")
        #expect(try Self.problem(#"{"items":[{"id":"i","count":1,"kind":"a"}]}"#, box, in: api) == "items[0].note: required field is missing")
        #expect(try Self.problem(#"{"items":[{"id":"i","count":null,"note":null,"kind":"a"}]}"#, box, in: api) == "items[0].count: must not be null")
        #expect(try Self.problem(#"{"items":[{"id":"i","count":1,"note":null,"kind":"z","ratio":2,"tags":{"x":1}}]}"#, box, in: api) == nil)
        #expect(try Self.problem(#"{"items":[{"id":"i","count":1,"note":null,"kind":"a","tags":{"x":"y"}}]}"#, box, in: api) == "items[0].tags.x: expected an integer")
        #expect(try Self.problem(#"{"items":[{"id":"i","count":1,"note":null,"kind":1}]}"#, box, in: api) == "items[0].kind: expected a string (Kind)")
        #expect(try Self.problem("[]", box, in: api) == "expected an object (Box)")
        #expect(try Self.problem(#"{"items":{}}"#, box, in: api) == "items: expected an array")
        #expect(try Self.problem("true", .named("Int"), in: api) == "expected an integer")
        #expect(try Self.problem("null", .optional(.named("Int")), in: api) == nil)
    }

    @Test func integersAreNumbersWrittenWithoutAFractionOrAnExponent() throws {
        let api = try ServeTestSupport.model("""
            api T
            enum Level: Int
              low = 1
            group G public
              ping GET /ping -> Empty

            """)
        #expect(try Self.problem(#"[1,-20,0]"#, .array(.named("Int")), in: api) == nil)
        #expect(try Self.problem(#"[1,2.5]"#, .array(.named("Int")), in: api) == "[1]: expected an integer")
        #expect(try Self.problem(#"[1,-3e2]"#, .array(.named("Int")), in: api) == "[1]: expected an integer")
        #expect(try Self.problem(#"[1,"1"]"#, .array(.named("Int")), in: api) == "[1]: expected an integer")
        #expect(try Self.problem(#"[1,2.5,-3e2]"#, .array(.named("Double")), in: api) == nil)
        #expect(try Self.problem(#"[true,1]"#, .array(.named("Bool")), in: api) == "[1]: expected true or false")
        #expect(try Self.problem("2", .named("Level"), in: api) == nil)
        #expect(try Self.problem("2.0", .named("Level"), in: api) == "expected an integer (Level)")
        #expect(try Self.problem(#"{"a":"\u00e9\n\/"}"#, .named("Dictionary", arguments: [.named("String"), .named("String")]), in: api) == nil)
    }
}

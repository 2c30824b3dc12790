import RoutegenCore
import Testing

@Suite("Constraints and examples on fields and parameters")
struct ConstraintTests {
    private static let track = """
        api Music

        model Track
          title: String max-length 100 min-length 1
          signature: Int example 4 minimum 3 maximum 12
          price: Double exclusive-minimum 0 multiple-of 0.01
          email: String? format email
          tags: [String] min-items 1 pattern "^[a-z]+\\\\d*$"

        group Tracks public
          tracks GET /tracks ?limit: Int = 20 maximum 100 minimum 1 -> [Track]
          track POST /tracks header X-Request-Id: String? max-length 36 body Track -> Track

        """

    @Test func theFormatterWritesThemInTheTablesOrderInTheirOwnColumn() throws {
        let (model, diagnostics) = load(Self.track)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(model != nil)
        let formatted = format(source: Self.track, path: specPath, diagnostics: DiagnosticCollector())
        #expect(formatted == """
            api Music

            model Track
              title:     String   min-length 1 max-length 100
              signature: Int      minimum 3 maximum 12 example 4
              price:     Double   exclusive-minimum 0 multiple-of 0.01
              email:     String?  format email
              tags:      [String] pattern "^[a-z]+\\\\d*$" min-items 1

            group Tracks public
              tracks GET  /tracks ?limit: Int = 20 minimum 1 maximum 100                -> [Track]
              track  POST /tracks header X-Request-Id: String? max-length 36 body Track -> Track

            """)
    }

    @Test func theResolvedFieldsAndParametersCarryThem() throws {
        let model = try #require(load(Self.track).model)
        let fields = try #require(model.typesByName()["Track"]).fields
        #expect(fields[0].constraints == ValueConstraints(minLength: 1, maxLength: 100))
        #expect(fields[1].constraints == ValueConstraints(minimum: .init("3"), maximum: .init("12"), example: .number("4")))
        #expect(fields[2].constraints == ValueConstraints(minimum: .init("0", isExclusive: true), multipleOf: "0.01"))
        #expect(fields[3].constraints == ValueConstraints(format: .email))
        #expect(fields[4].constraints == ValueConstraints(pattern: "^[a-z]+\\d*$", minItems: 1))
        #expect(fields[4].constraints.elementConstraints == ValueConstraints(pattern: "^[a-z]+\\d*$"))
        let routes = model.routes
        #expect(routes[0].queryParameters[0].constraints == ValueConstraints(minimum: .init("1"), maximum: .init("100")))
        #expect(routes[1].headerParameters[0].constraints == ValueConstraints(maxLength: 36))
    }

    @Test func eachMisuseIsAnErrorAtItsPlace() {
        let source = """
            api Music

            model Track
              count: Int pattern "x"
              tags: String min-items 1
              title: String max-length ten min-length 1 min-length 2
              n: Int minimum 5 maximum 1
              m: Int minimum 1 exclusive-minimum 0
              name: String pattern "[" format mail
              o: Int minimum 3 example 1
              p: Int example "x"
              q: [Track] example 1
              r: Double multiple-of 0

            enum Genre
              rock max-length 3

            """
        #expect(rendered(source) == """
            api.routes:4:14: error: 'pattern' bounds a text, and field 'count' is 'Int'
              count: Int pattern "x"
                         ^
            api.routes:5:16: error: 'min-items' bounds an array, and field 'tags' is 'String'
              tags: String min-items 1
                           ^
            api.routes:6:28: error: 'max-length' needs a whole number of 0 or more, not 'ten'
              title: String max-length ten min-length 1 min-length 2
                                       ^
            api.routes:6:45: error: 'min-length' is written twice on field 'title'; keep one
              title: String max-length ten min-length 1 min-length 2
                                                        ^
            api.routes:7:10: error: field 'n' has a minimum of 5 above its maximum of 1
              n: Int minimum 5 maximum 1
                     ^
            api.routes:8:10: error: field 'm' has 'minimum' and 'exclusive-minimum'; keep one
              m: Int minimum 1 exclusive-minimum 0
                     ^
            api.routes:9:24: error: pattern "[" of field 'name' is no valid regular expression
              name: String pattern "[" format mail
                                   ^
            api.routes:9:35: error: unknown format 'mail' on field 'name'; use 'uri', 'email', 'date', 'hostname', 'ipv4', 'time', 'duration'
              name: String pattern "[" format mail
                                              ^
                                              email
            api.routes:10:28: error: example 1 of field 'o' does not fit: is below the minimum of 3
              o: Int minimum 3 example 1
                                       ^
            api.routes:11:18: error: example "x" does not fit field 'p' of type 'Int'
              p: Int example "x"
                             ^
            api.routes:12:22: error: an example is a number, a boolean or a text; field 'q' is '[Track]'
              q: [Track] example 1
                                 ^
            api.routes:13:25: error: 'multiple-of' of field 'r' must be above 0
              r: Double multiple-of 0
                                    ^
            api.routes:16:8: error: 'max-length' stands on a model's field, not on case 'rock'
              rock max-length 3
                   ^

            """)
    }

    @Test func aKeywordWithoutItsValueIsASyntaxError() {
        #expect(rendered("api A\n\nmodel M\n  title: String max-length\n") == """
            api.routes:4:27: error: 'max-length' needs a value; write 'max-length 1'
              title: String max-length
                                      ^

            """)
    }

    @Test func numbersAreCheckedAgainstBoundsAndMultiples() {
        let bounds = ValueConstraints(minimum: .init("0", isExclusive: true), maximum: .init("1"), multipleOf: "0.1")
        #expect(ConstraintCheck.problem(withNumber: "0.3", in: bounds) == nil)
        #expect(ConstraintCheck.problem(withNumber: "0", in: bounds) == "is not above 0")
        #expect(ConstraintCheck.problem(withNumber: "1.5", in: bounds) == "is above the maximum of 1")
        #expect(ConstraintCheck.problem(withNumber: "0.35", in: bounds) == "is no multiple of 0.1")
    }

    @Test func textsAreCheckedAgainstLengthsPatternsAndFormats() {
        let bounds = ValueConstraints(minLength: 2, maxLength: 4, pattern: "^[a-z]+$")
        #expect(ConstraintCheck.problem(withText: "abc", in: bounds) == nil)
        #expect(ConstraintCheck.problem(withText: "a", in: bounds) == "is shorter than 2 characters")
        #expect(ConstraintCheck.problem(withText: "abcde", in: bounds) == "is longer than 4 characters")
        #expect(ConstraintCheck.problem(withText: "AB", in: bounds) == #"does not match the pattern "^[a-z]+$""#)
        let valid = ["uri": "https://example.com/a", "email": "user-1@example.com", "date": "2024-02-29", "hostname": "api.example.com", "ipv4": "192.0.2.1", "time": "09:30:00.5+01:00", "duration": "P1DT2H30M"]
        let invalid = ["uri": "example.com/a", "email": "user@", "date": "2023-02-29", "hostname": "-a.example.com", "ipv4": "192.0.2.256", "time": "24:00:00Z", "duration": "PT"]
        for format in ValueFormat.allCases {
            #expect(FormatCheck.holds(format, for: valid[format.rawValue]!), "\(format)")
            #expect(!FormatCheck.holds(format, for: invalid[format.rawValue]!), "\(format)")
        }
    }
}

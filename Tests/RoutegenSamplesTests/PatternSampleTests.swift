import Foundation
import Testing
@testable import RoutegenSamples

/// One pattern with its options and the exact sample expected (nil: no sample).
struct PatternExample: Sendable, CustomTestStringConvertible {
    let pattern: String
    var minLength = 0
    var maxLength: Int?
    var hint = "sample"
    let expected: String?

    var testDescription: String { "\(pattern) min \(minLength) max \(maxLength.map(String.init) ?? "-") → \(expected ?? "nil")" }
}

/// Whether `pattern` (compiled by Foundation) finds a match anywhere in `text`.
private func searchMatches(_ pattern: String, _ text: String) -> Bool {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
    return regex.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
}

let patternExamples: [PatternExample] = [
    PatternExample(pattern: #"^[a-z]+$"#, hint: "name", expected: "name"),
    PatternExample(pattern: #"^\d{3}-\d{4}$"#, expected: "123-4567"),
    PatternExample(pattern: #"^[A-Z]{2}[0-9]{2}$"#, expected: "SA12"),
    PatternExample(pattern: #"^(foo|bar)-[0-9]+$"#, expected: "foo-1"),
    PatternExample(pattern: #"^#[0-9a-fA-F]{6}$"#, expected: "#123456"),
    PatternExample(pattern: #"^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$"#, expected: "sample@sample.sample"),
    PatternExample(pattern: #"^\+?[1-9]\d{1,14}$"#, expected: "12"),
    PatternExample(pattern: #"^[^\s]+$"#, expected: "sample"),
    PatternExample(pattern: #"^(?:v\d+)?$"#, expected: ""),
    PatternExample(pattern: #"^(?:v\d+)?$"#, minLength: 1, expected: "v1"),
    PatternExample(pattern: #"^[a-z0-9-]{3,63}$"#, minLength: 5, expected: "sample"),
    PatternExample(pattern: #"^[a-z0-9-]{3,63}$"#, minLength: 10, expected: "samplesamp"),
    PatternExample(pattern: #"^.{1,10}$"#, maxLength: 3, expected: "sam"),
    PatternExample(pattern: "abc", expected: "abc"),
    PatternExample(pattern: "(?=x)", expected: nil),
    PatternExample(pattern: #"(a)\1"#, expected: nil),
    PatternExample(pattern: "[", expected: nil),
    // Seen in real OpenAPI documents.
    PatternExample(pattern: #"^[0-9]+(\.[0-9]+)?$"#, expected: "1"),
    PatternExample(pattern: #"^arn:aws:[a-z0-9-]+$"#, expected: "arn:aws:sample"),
    PatternExample(pattern: #"^https?://.+$"#, expected: "http://sample"),
    PatternExample(pattern: #"^\S+$"#, expected: "sample"),
    PatternExample(pattern: #"^[\w-]+$"#, expected: "sample"),
    PatternExample(pattern: #"^\d{4}-\d{2}-\d{2}$"#, expected: "1234-56-78"),
    PatternExample(pattern: #"^(?<year>\d{4})-(?<month>0[1-9]|1[0-2])$"#, expected: "1234-05"),
    PatternExample(pattern: #"^[A-Z][a-z]+$"#, expected: "Sample"),
    PatternExample(pattern: #"^[^a-z]+$"#, expected: "SAMPLE"),
    PatternExample(pattern: #"^[a-z]+_[a-z]+$"#, hint: "userName", expected: "username_username"),
    PatternExample(pattern: #"^[\u4e00-\u9fa5]+$"#, expected: "中"),
    PatternExample(pattern: #"^\p{Lu}\p{L}*$"#, expected: "Sample"),
    PatternExample(pattern: #"\bfoo\b"#, expected: "foo"),
    PatternExample(pattern: #"^[a-z]*?x+?$"#, expected: "samplex"),
    PatternExample(pattern: #"^\x41\u0042\t$"#, expected: "AB\t"),
    PatternExample(pattern: #"^[0-9]{5}(?:-[0-9]{4})?$"#, maxLength: 10, expected: "12345"),
    PatternExample(pattern: #"^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$"#, maxLength: 10, expected: "sa@sam.sam"),
    PatternExample(pattern: #"^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$"#, minLength: 25, expected: "samplesampl@sample.sample"),
    // Where the structure cannot meet the lengths, the match is still returned.
    PatternExample(pattern: #"^\d{3}$"#, minLength: 5, expected: "123"),
    PatternExample(pattern: #"^\d{3}$"#, maxLength: 2, expected: "123"),
    // Unsupported or not a valid ECMA-262 pattern.
    PatternExample(pattern: "(?!x)y", expected: nil),
    PatternExample(pattern: "(?<=x)y", expected: nil),
    PatternExample(pattern: "(?<!x)y", expected: nil),
    PatternExample(pattern: #"(?<n>a)\k<n>"#, expected: nil),
    PatternExample(pattern: "(?i)abc", expected: nil),
    PatternExample(pattern: #"\p{Script=Greek}"#, expected: nil),
    PatternExample(pattern: "[z-a]", expected: nil),
    PatternExample(pattern: "x{2,1}", expected: nil),
    PatternExample(pattern: "a**", expected: nil),
    PatternExample(pattern: "*a", expected: nil),
    PatternExample(pattern: "[]", expected: nil),
]

@Suite("Sample texts a pattern matches")
struct PatternSampleTests {
    @Test(arguments: patternExamples)
    func sample(_ example: PatternExample) {
        let result = PatternSample.text(
            matching: example.pattern, minLength: example.minLength, maxLength: example.maxLength, hint: example.hint)
        #expect(result == example.expected)
        if let result {
            #expect(searchMatches(example.pattern, result))
        }
    }

    @Test func lengthsAreHonoredWhereTheStructureAllows() throws {
        let long = try #require(PatternSample.text(matching: "^[a-z]+$", minLength: 40))
        #expect(long.count == 40)
        let short = try #require(PatternSample.text(matching: "^[a-z]{2,}-[0-9]+$", maxLength: 4))
        #expect(short == "sa-1")
        let huge = try #require(PatternSample.text(matching: "^a+$", minLength: 1_000_000))
        #expect(huge.count == 10_000) // capped: samples stay bounded
    }

    @Test func hostileInputsReturnWithoutTrapping() {
        let hostile = [
            String(repeating: "(", count: 5_000) + "a" + String(repeating: ")", count: 5_000),
            "a{99999999999999999999}", "(?:(?:){1000000}){1000000}", "(a{1000}){1000}", "((a|[])|([]|[]))",
            "\\", "\\u12", "\\uD800", "\\u{110000}", "\\c1", "[\\B]", "[^\\s\\S]", "[", "(", ")", "a)", "(?", "(?<", "(?<>a)",
            "{", "a{", "a{1", "a{,5}", "}", "]", "|", "||", "^*", "$+", "\\b?", "[\\d-z]", "[a-\\d]", "\u{0}", "\\0",
        ]
        for pattern in hostile {
            let result = PatternSample.text(matching: pattern, minLength: -3, maxLength: -1)
            if let result { #expect(searchMatches(pattern, result), "\(pattern)") }
        }
    }

    /// A fixed-seed generator (PatternFuzzGenerator), so the fuzz inputs are the same on every run.
}

private struct PatternFuzzGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Test func fuzzedPatternsNeverTrapAndAnyResultMatches() {
    var random = PatternFuzzGenerator(state: 20_240_601)
    let alphabet = Array("ab09-_.^$|()[]{}*+?\\dDwWsSbBkpux,:=!<>1 é")
    var produced = 0
    for _ in 0..<600 {
        let length = Int.random(in: 0...24, using: &random)
        let pattern = String((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" })
        let minLength = Int.random(in: 0...12, using: &random)
        let maxLength = Bool.random(using: &random) ? Int.random(in: 0...12, using: &random) : nil
        let result = PatternSample.text(matching: pattern, minLength: minLength, maxLength: maxLength)
        #expect(result == PatternSample.text(matching: pattern, minLength: minLength, maxLength: maxLength))
        if let result {
            produced += 1
            #expect(searchMatches(pattern, result), "\(pattern) → \(result)")
        }
    }
    #expect(produced > 50) // the fuzz must exercise generation, not only rejection
}

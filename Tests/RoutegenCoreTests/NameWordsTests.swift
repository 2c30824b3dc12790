import RoutegenCore
import Testing

@Suite("Names split into words in one place")
struct NameWordsTests {
    @Test func wordsAreTheRunsBetweenSeparatorsWithTheirCase() {
        #expect(NameWords.words("per_page") == ["per", "page"])
        #expect(NameWords.words("X-API-Key") == ["X", "API", "Key"])
        #expect(NameWords.words("userId") == ["userId"])
        #expect(NameWords.words("filter[status]") == ["filter", "status"])
        #expect(NameWords.words("Zoë.東京") == ["Zoë", "東京"])
        #expect(NameWords.words("__") == [])
    }

    @Test func readingWordsSplitAtCapitalsAndLowerCase() {
        #expect(NameWords.readingWords("accessToken") == ["access", "token"])
        #expect(NameWords.readingWords("api_key") == ["api", "key"])
        #expect(NameWords.readingWords("X-API-Key") == ["x", "api", "key"])
        #expect(NameWords.readingWords("page2Size") == ["page2", "size"])
        #expect(NameWords.squashed("User_ID") == "userid")
        #expect(NameWords.squashed("userId") == "userid")
    }

    @Test func swiftNamesAreMadeFromTheSameWords() {
        #expect(SwiftNaming.lowerCamelCase("X-API-Key") == "xApiKey")
        #expect(SwiftNaming.lowerCamelCase("größe_in_cm") == "größeInCm")
    }
}

import RoutegenCore
import Testing

@Suite("SwiftNaming")
struct SwiftNamingTests {
    // MARK: lowerCamelCase

    @Test func snakeCaseWireNameBecomesLowerCamelCase() {
        #expect(SwiftNaming.lowerCamelCase("per_page") == "perPage")
    }

    @Test func dottedWireNameBecomesLowerCamelCase() {
        #expect(SwiftNaming.lowerCamelCase("page.size") == "pageSize")
    }

    @Test func hyphenatedHeaderNameBecomesLowerCamelCase() {
        #expect(SwiftNaming.lowerCamelCase("If-Match") == "ifMatch")
    }

    @Test func lowerCaseHyphenatedHeaderNameBecomesLowerCamelCase() {
        #expect(SwiftNaming.lowerCamelCase("if-none-match") == "ifNoneMatch")
    }

    @Test func shoutingWordsAreLoweredBeforeCapitalizing() {
        #expect(SwiftNaming.lowerCamelCase("X-EARLY-ACCESS") == "xEarlyAccess")
    }

    @Test func leadingAcronymIsLoweredUpToTheNextWord() {
        #expect(SwiftNaming.lowerCamelCase("URLPath") == "urlPath")
    }

    @Test func singleLeadingCapitalIsLowered() {
        #expect(SwiftNaming.lowerCamelCase("ETag") == "eTag")
    }

    @Test func allCapitalWordIsLowered() {
        #expect(SwiftNaming.lowerCamelCase("ID") == "id")
    }

    @Test func lowerCamelCaseNameIsKept() {
        #expect(SwiftNaming.lowerCamelCase("userId") == "userId")
    }

    @Test func leadingDigitGetsAnUnderscore() {
        #expect(SwiftNaming.lowerCamelCase("2fa-code") == "_2faCode")
    }

    @Test func leadingUnderscoreIsDropped() {
        #expect(SwiftNaming.lowerCamelCase("_page") == "page")
    }

    @Test func nameWithoutLettersBecomesUnderscore() {
        #expect(SwiftNaming.lowerCamelCase("-") == "_")
    }

    // MARK: upperCamelCase

    @Test func upperCamelCaseCapitalizesTheFirstLetter() {
        #expect(SwiftNaming.upperCamelCase("books") == "Books")
    }

    @Test func upperCamelCaseJoinsSnakeCaseWords() {
        #expect(SwiftNaming.upperCamelCase("book_loans") == "BookLoans")
    }

    @Test func upperCamelCaseDropsTheDigitGuardUnderscore() {
        #expect(SwiftNaming.upperCamelCase("3d") == "3d")
    }

    // MARK: identifiers

    @Test func letterFollowedByDigitsIsAnIdentifier() {
        #expect(SwiftNaming.isIdentifier("tokenLookUp2"))
    }

    @Test func leadingDigitIsNotAnIdentifier() {
        #expect(!SwiftNaming.isIdentifier("2fa"))
    }

    @Test func hyphenIsNotInAnIdentifier() {
        #expect(!SwiftNaming.isIdentifier("if-match"))
    }

    @Test func emptyStringIsNotAnIdentifier() {
        #expect(!SwiftNaming.isIdentifier(""))
    }

    @Test func nonASCIILetterIsAnIdentifier() {
        #expect(SwiftNaming.isIdentifier("café"))
    }

    @Test func moduleQualifiedNameIsATypeName() {
        #expect(SwiftNaming.isTypeName("Foundation.Date"))
    }

    @Test func trailingDotIsNotATypeName() {
        #expect(!SwiftNaming.isTypeName("Foundation."))
    }

    // MARK: escaping

    @Test func keywordIsEscapedWithBackticks() {
        #expect(SwiftNaming.escapedIdentifier("default") == "`default`")
    }

    @Test func importKeywordIsEscapedWithBackticks() {
        #expect(SwiftNaming.escapedIdentifier("import") == "`import`")
    }

    @Test func selfGetsATrailingUnderscore() {
        #expect(SwiftNaming.escapedIdentifier("self") == "self_")
    }

    @Test func typeGetsATrailingUnderscore() {
        #expect(SwiftNaming.escapedIdentifier("Type") == "Type_")
    }

    @Test func initGetsATrailingUnderscore() {
        #expect(SwiftNaming.escapedIdentifier("init") == "init_")
    }

    @Test func underscoreAloneGetsATrailingUnderscore() {
        #expect(SwiftNaming.escapedIdentifier("_") == "__")
    }

    @Test func ordinaryNameIsNotEscaped() {
        #expect(SwiftNaming.escapedIdentifier("book") == "book")
    }

    @Test func everyKeywordEscapesToSomethingOtherThanItself() {
        let unescaped = SwiftNaming.keywords.sorted().filter { SwiftNaming.escapedIdentifier($0) == $0 }
        #expect(unescaped == [])
    }

    @Test func callSiteLabelDropsBackticksExceptForInout() {
        #expect(SwiftNaming.callSiteLabel(forDeclaredLabel: "`var`") == "var")
        #expect(SwiftNaming.callSiteLabel(forDeclaredLabel: "`default`") == "default")
        #expect(SwiftNaming.callSiteLabel(forDeclaredLabel: "`inout`") == "`inout`")
        #expect(SwiftNaming.callSiteLabel(forDeclaredLabel: "self_") == "self_")
        #expect(SwiftNaming.callSiteLabel(forDeclaredLabel: "perPage") == "perPage")
    }

    @Test func argumentLabelCamelCasesThenEscapes() {
        #expect(SwiftNaming.argumentLabel(forWireName: "default") == "`default`")
    }

    @Test func argumentLabelOfHeaderName() {
        #expect(SwiftNaming.argumentLabel(forWireName: "X-Request-ID") == "xRequestId")
    }

    @Test func argumentLabelOfSelfWireName() {
        #expect(SwiftNaming.argumentLabel(forWireName: "self") == "self_")
    }

    // MARK: string literals

    @Test func stringLiteralEscapesQuotesAndBackslashes() {
        #expect(SwiftNaming.stringLiteral(#"a "b" \c"#) == #""a \"b\" \\c""#)
    }

    @Test func stringLiteralEscapesNewlinesAndTabs() {
        #expect(SwiftNaming.stringLiteral("a\nb\tc\r") == #""a\nb\tc\r""#)
    }

    @Test func stringLiteralEscapesOtherControlCharactersAsUnicode() {
        #expect(SwiftNaming.stringLiteral("\u{1}\u{7F}") == #""\u{1}\u{7f}""#)
    }

    @Test func stringLiteralNeutralizesInterpolation() {
        #expect(SwiftNaming.stringLiteral(#"\(x)"#) == #""\\(x)""#)
    }

    @Test func stringLiteralKeepsNonASCIIText() {
        #expect(SwiftNaming.stringLiteral("Käse") == #""Käse""#)
    }
}

@Suite("Raw string literals for embedded text")
struct RawStringLiteralTests {
    @Test func jsonTakesOneHash() {
        #expect(SwiftNaming.rawStringLiteral(#"{"a":"b\\c"}"#) == ##"#"{"a":"b\\c"}"#"##)
    }

    @Test func aQuoteOrBackslashFollowedByHashesTakesOneHashMore() {
        #expect(SwiftNaming.rawStringLiteral("say \"# and \\## here") == "###\"say \"# and \\## here\"###")
        #expect(SwiftNaming.rawStringLiteral("a # b") == ##"#"a # b"#"##)
    }

    @Test func controlCharactersAndALeadingEmptyStringFallBackToTheEscapedLiteral() {
        #expect(SwiftNaming.rawStringLiteral("a\nb") == #""a\nb""#)
        #expect(SwiftNaming.rawStringLiteral(#""""#) == #""\"\"""#)
        #expect(SwiftNaming.rawStringLiteral(#""x""#) == ##"#""x""#"##)
    }

    @Test func theSampleIsNamedAroundACaseOfThatName() {
        #expect(SwiftNaming.sampleMemberName(caseNames: ["fantasy"]) == "sample")
        #expect(SwiftNaming.sampleMemberName(caseNames: ["sample"]) == "sampleValue")
    }

    @Test func theSampleJSONIsNamedAroundACaseOfThatName() {
        #expect(SwiftNaming.sampleJSONMemberName(caseNames: ["sample"]) == "sampleJSON")
        #expect(SwiftNaming.sampleJSONMemberName(caseNames: ["sampleJSON"]) == "sampleJSONText")
        #expect(SwiftNaming.sampleJSONMemberName(caseNames: ["sampleJSON", "sampleJSONText"]) == "sampleJSONTextText")
    }
}

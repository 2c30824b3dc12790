import RoutegenCore
import Testing

/// Errors and warnings beyond the required list, each with its own message.
@Suite("Other diagnostics")
struct MoreDiagnosticTests {
    private func only(_ source: String) -> Diagnostic? {
        let diagnostics = load(source).diagnostics
        return diagnostics.count == 1 ? diagnostics[0] : nil
    }

    @Test func unknownDeclarationSuggestsTheClosestKeyword() {
        #expect(only("api A\ngroop G auth\n  r GET /r -> R\n") == .error("unknown declaration 'groop'; expected 'api', 'import', 'external', 'group', 'model', 'enum', 'patch' or 'union' (did you mean 'group'?)", at: at(2, 1), fixIt: "group"))
    }

    @Test func unindentedRouteMustBeIndented() {
        #expect(only(spec("r GET /r -> R")) == .error("route 'r' must be indented under its group; indent it with two spaces", at: at(4, 1)))
    }

    @Test func indentedGroupLineMustStartTheLine() {
        #expect(only("api A\ngroup G auth\n  r GET /r -> R\n  group H auth\n") == .error("'group' must start at the beginning of the line; remove the indentation", at: at(4, 3)))
    }

    @Test func doubleSlashIsNotAComment() {
        #expect(only(spec("  // old\n  r GET /r -> R")) == .error("'//' does not start a comment; use '# text' for a comment or '/// text' for documentation", at: at(4, 3)))
    }

    @Test func routeWithoutMethod() {
        #expect(only(spec("  r")) == .error("route 'r' has no method; write 'r GET /path -> Response'", at: at(4, 4)))
    }

    @Test func routeWithoutPath() {
        #expect(only(spec("  r GET books -> R")) == .error("route 'r' has no path; a path starts with '/'", at: at(4, 9)))
    }

    @Test func trailingSlashIsAcceptedOnceAfterASegment() {
        #expect(load(spec("  r GET /books/ -> R")).diagnostics == [])
        #expect(load(spec("  r GET /books/{id: Int}/?q: String -> R")).diagnostics == [])
    }

    @Test func doubleTrailingSlashIsAnEmptySegment() {
        #expect(only(spec("  r GET /books// -> R")) == .error("empty path segment in '/books//'; remove the extra '/'", at: at(4, 16)))
    }

    @Test func pathOfTwoSlashesIsAnEmptySegment() {
        #expect(only(spec("  r GET // -> R")) == .error("empty path segment in '//'; remove the extra '/'", at: at(4, 10)))
    }

    @Test func emptySegmentBeforeATrailingSlashIsStillRefused() {
        #expect(only(spec("  r GET /a//b/ -> R")) == .error("empty path segment in '/a//b/'; remove the extra '/'", at: at(4, 12)))
    }

    @Test func twoParametersSideBySideInOneSegment() {
        #expect(only(spec("  r GET /files/{a: String}{b: String} -> R")) == .error("two path parameters side by side in segment '{a: String}{b: String}'; a server cannot tell where one ends, so put literal text between them, such as '.'", at: at(4, 27)))
        #expect(only(spec("  r GET /f/x{a: Int}{b: Int}.json -> R")) == .error("two path parameters side by side in segment 'x{a: Int}{b: Int}.json'; a server cannot tell where one ends, so put literal text between them, such as '.'", at: at(4, 21)))
    }

    @Test func unclosedParameterInsideASegment() {
        #expect(only(spec("  r GET /files/{id: Int.json -> R")) == .error("unclosed '{' in path; close the parameter with '}'", at: at(4, 16)))
    }

    @Test func literalTextAroundAParameterIsCheckedLikeAnyLiteral() {
        #expect(only(spec("  r GET /files/{id: Int}.j%n -> R")) == .error("'%' is not allowed in a path; write the character itself, the output percent-encodes it", at: at(4, 27)))
        #expect(only(spec("  r GET /files/{id: Int}.json} -> R")) == .error("unmatched '}' in path '/files/{id: Int}.json}'", at: at(4, 30)))
    }

    @Test func unmatchedClosingBrace() {
        #expect(only(spec("  r GET /books/id} -> R")) == .error("unmatched '}' in path '/books/id}'", at: at(4, 18)))
    }

    @Test func pathParameterWithoutName() {
        #expect(only(spec("  r GET /books/{: Int} -> R")) == .error("path parameter has no name; write '{name: Type}'", at: at(4, 17)))
    }

    @Test func queryParameterWithoutType() {
        #expect(only(spec("  r GET /r ?page -> R")) == .error("query parameter 'page' has no type; write '?page: Type'", at: at(4, 13)))
    }

    @Test func numberIsNotAType() {
        #expect(only(spec("  r GET /r ?q: 20 -> R")) == .error("'20' is not a type name; a type is a Swift identifier such as 'Int' or 'Book'", at: at(4, 16)))
    }

    @Test func dictionaryQueryParameter() {
        #expect(only(spec("  r GET /r ?m: [String: Int] -> R")) == .error("query parameter 'm' cannot be a dictionary without a style; write 'deep' after the type to send 'm[key]=value', 'spread' for 'key=value', 'comma' for 'm=key,value', or use one parameter per key", at: at(4, 16)))
    }

    @Test func dotSegment() {
        #expect(only(spec("  r GET /a/../b -> R")) == .error("path segment '..' is not allowed; servers and clients resolve it away", at: at(4, 12)))
    }

    @Test func hashInPath() {
        #expect(only(spec("  r GET /a#b -> R")) == .error("character '#' is not allowed in a path segment", at: at(4, 11)))
    }

    @Test func percentInPath() {
        #expect(only(spec("  r GET /a%20b -> R")) == .error("'%' is not allowed in a path; write the character itself, the output percent-encodes it", at: at(4, 11)))
    }

    @Test func optionalPathParameter() {
        #expect(only(spec("  r GET /r/{id: Int?} -> R")) == .error("path parameter 'id' cannot be optional; a path segment is always sent", at: at(4, 17)))
    }

    @Test func pathParameterWithDefault() {
        #expect(only(spec("  r GET /r/{id: Int = 1} -> R")) == .error("path parameter 'id' cannot have a default value; a path segment is always sent", at: at(4, 21)))
    }

    @Test func arrayHeaderIsOneCommaJoinedField() {
        #expect(only(spec("  r GET /r header X-Tags: [String] -> R")) == nil)
    }

    @Test func dictionaryHeader() {
        #expect(only(spec("  r GET /r header X-Tags: [String: String] -> R")) == .error("header 'X-Tags' cannot be a dictionary; give it one value such as 'String' or an array such as '[String]'", at: at(4, 27)))
    }

    @Test func defaultOnAnArray() {
        #expect(only(spec("  r GET /r ?ids: [Int] = 1 -> R")) == .error("parameter 'ids' of type '[Int]' cannot have a default value; an array already defaults to empty", at: at(4, 26)))
    }

    @Test func defaultOnATypeRoutegenCannotCheck() {
        #expect(only(spec("  r GET /r ?sort: Order = \"asc\" -> R")) == .error("default value \"asc\" cannot be checked against type 'Order'; defaults are allowed on Int, Double, Bool and String parameters", at: at(4, 27)))
    }

    @Test func unquotedStringDefault() {
        #expect(only(spec("  r GET /r ?sort: String = asc -> R")) == .error("default value 'asc' does not fit type 'String'; write a string in double quotes", at: at(4, 28), fixIt: "\"asc\""))
    }

    @Test func integerDefaultOutOfRange() {
        #expect(only(spec("  r GET /r ?n: Int8 = 300 -> R")) == .error("default value '300' does not fit type 'Int8'; it is out of range", at: at(4, 23)))
    }

    @Test func booleanDefault() {
        #expect(only(spec("  r GET /r ?all: Bool = yes -> R")) == .error("default value 'yes' does not fit type 'Bool'; write 'true' or 'false'", at: at(4, 25)))
    }

    @Test func twoBodies() {
        #expect(only(spec("  r POST /r body A body B -> R")) == .error("route 'r' has two bodies; keep one", at: at(4, 20)))
    }

    @Test func twoResponses() {
        #expect(only(spec("  r GET /r -> A -> B")) == .error("route 'r' has two response types; keep one", at: at(4, 17)))
    }

    @Test func bothAuthAndPublic() {
        #expect(only(spec("  r GET /r -> R auth public")) == .error("route 'r' is flagged both 'auth' and 'public'; keep one", at: at(4, 22)))
    }

    @Test func repeatedFlagIsAWarning() {
        #expect(only(spec("  r GET /r -> R deprecated deprecated")) == .warning("flag 'deprecated' is repeated on route 'r'; remove one", at: at(4, 28)))
    }

    @Test func rawBodyNeedsAQuotedMediaType() {
        #expect(only(spec("  r PUT /r body raw image/png -> R")) == .error("write the media type of a raw body in quotes: 'body raw \"image/png\"'", at: at(4, 21), fixIt: "\"image/png\""))
    }

    @Test func acceptNeedsAMediaTypeShape() {
        #expect(only(spec("  r GET /r accept png -> R")) == .error("media type 'png' of 'accept' must look like 'type/subtype', such as 'image/png'", at: at(4, 19)))
    }

    @Test func unclosedString() {
        #expect(only(spec("  r GET /r ?s: String = \"abc -> R")) == .error("unclosed string; end it with '\"'", at: at(4, 25)))
    }

    @Test func unknownEscapeInString() {
        #expect(only(spec(#"  r GET /r ?s: String = "a\qb" -> R"#)) == .error(#"unknown escape '\q' in string; use \", \\, \n or \t"#, at: at(4, 27)))
    }

    @Test func typeWrittenWithoutArrow() {
        #expect(only(spec("  r GET /r Book")) == .error("unexpected 'Book' in route 'r'; write the response type after an arrow: '-> Book'", at: at(4, 12), fixIt: "-> Book"))
    }

    @Test func strayTokenInRoute() {
        #expect(only(spec("  r GET /r = -> R")) == .error("unexpected '=' in route 'r'; expected '?name: Type', 'header', 'cookie', 'body', 'accept' or '-> Response'", at: at(4, 12)))
    }

    @Test func parameterClashingWithTheBodyArgument() {
        #expect(only(spec("  r POST /r ?body: String body B -> R")) == .error("parameter 'body' of route 'r' clashes with its 'body' argument; rename it", at: at(4, 14)))
    }

    @Test func headersThatDifferOnlyInCaseAreDuplicates() {
        #expect(only(spec("  r GET /r header ETag: String header etag: String -> R")) == .error("parameter 'etag' is declared twice in route 'r'; rename one", at: at(4, 39), note: "first declared at line 4, column 19"))
    }

    @Test func invalidQueryParameterName() {
        #expect(only(spec("  r GET /r ?1st: Int -> R")) == .error("query parameter name '1st' is not valid; start with a letter or '_' and use letters, digits, '_', '-' and '.'", at: at(4, 13)))
    }

    @Test func wrongGroupAccessWord() {
        #expect(only("api A\ngroup G private\n  r GET /r -> R\n") == .error("group access must be 'auth' or 'public', not 'private'", at: at(2, 9)))
    }

    @Test func groupDeclaredTwice() {
        #expect(only("api A\ngroup G auth\n  a GET /a -> A\ngroup G auth\n  b GET /b -> B\n") == .error("group 'G' is declared twice; rename one or merge them", at: at(4, 7), note: "first declared at line 2"))
    }

    @Test func detachedDocumentationIsAWarning() {
        #expect(only(spec("  /// Lost.\n\n  r GET /r -> R")) == .warning("documentation is not attached to a group or route; remove the blank line below it, or use '#' for a comment", at: at(4, 3)))
    }

    @Test func emptyGroupIsAWarning() {
        #expect(only("api A\ngroup G auth\n") == .warning("group 'G' has no routes; add routes below it or remove it", at: at(2, 7)))
    }

    @Test func duplicateImportIsAWarning() {
        #expect(only("api A\nimport M\nimport M\ngroup G auth\n  r GET /r -> R\n") == .warning("module 'M' is imported twice; remove one", at: at(3, 8), note: "first imported at line 2"))
    }

    @Test func disableCommentWithoutRulesIsAWarning() {
        #expect(only(spec("  r GET /r -> R # routegen:disable")) == .warning("'routegen:disable' names no rule; add rule ids such as 'routegen:disable path-style'", at: at(4, 17)))
    }

    @Test func indentedLineStartingAClauseWithoutARouteAbove() {
        let diagnostics = load(spec("  r GET /r\n\n    -> R")).diagnostics
        #expect(diagnostics.contains(.error("'->' continues a route, but no route line is right above it; put it directly below its route", at: at(6, 5))))
    }
}

import RoutegenCore
import RoutegenLint
import Testing

/// The rules about declared types, beyond their examples: every message of the examples word
/// for word, and the cases at the edges of what each rule reads.
@Suite struct TypeLintRuleTests {
    /// The findings of `rule` in `source` as `line:column: message`.
    func findings(_ rule: any LintRule.Type, _ source: String) throws -> [String] {
        let model = try #require(parseWithoutErrors(source, path: "Types.routes"))
        return rule.init().check(model, context: LintContext(source: source)).map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    /// The findings of `rule` in its triggering example `index`, markers removed.
    func exampleFindings(_ rule: any LintRule.Type, _ index: Int) throws -> [String] {
        try findings(rule, MarkedExample(rule.triggeringExamples[index], path: "Types.routes").source)
    }

    @Test func untypedIDFieldNamesTheModelTheIDBelongsTo() throws {
        #expect(try exampleFindings(UntypedIDFieldRule.self, 1) == [
            "8:3: field 'author_id' of model 'Book' is a plain 'String' holding the id of model 'Author'; write 'ID<Author>', so the compiler tells it apart from other ids and strings (the JSON stays the same string)",
            "9:3: field 'contributor_ids' of model 'Book' is a plain '[String]?' holding ids of model 'Contributor'; write '[ID<Contributor>]?', so the compiler tells it apart from other ids and strings (the JSON stays the same string)",
        ])
    }

    @Test func untypedIDFieldReadsAnOptionalIDAndAnUnderscoredOne() throws {
        let source = """
            api Library
            model Book
              _id: String?
            group Books public
              books GET /books -> [Book]
            """
        #expect(try findings(UntypedIDFieldRule.self, source) == [
            "3:3: field '_id' of model 'Book' is a plain 'String?'; write 'ID<Book>?', so the compiler tells it apart from other ids and strings (the JSON stays the same string)",
        ])
    }

    @Test func untypedIDFieldLeavesNumericIDsAlone() throws {
        // `ID` is a JSON string: an `Int` id would decode differently.
        let source = """
            api Library
            model Book
              id: Int
            group Books public
              books GET /books -> [Book]
            """
        #expect(try findings(UntypedIDFieldRule.self, source) == [])
    }

    @Test func patchListsIDSaysWhenThePatchListsOnlySomeFields() throws {
        #expect(try exampleFindings(PatchListsIDRule.self, 1) == [
            "8:3: patch 'BookPatch' lists 'key' of model 'Book', so a client can send a new 'key'; a resource's identity is its path, not its body: remove it",
        ])
    }

    @Test func floatingPointMoneyReadsOptionalsArraysAndFloat() throws {
        #expect(try exampleFindings(FloatingPointMoneyRule.self, 1) == [
            "4:3: field 'total' of model 'Order' holds money in 'Float', which cannot hold amounts such as 0.10 exactly, so sums and comparisons drift; write 'Decimal', which decodes the same JSON number",
            "5:3: field 'shipping_fee' of model 'Order' holds money in 'Double', which cannot hold amounts such as 0.10 exactly, so sums and comparisons drift; write 'Decimal?', which decodes the same JSON number",
            "6:3: field 'line_amounts' of model 'Order' holds money in 'Double', which cannot hold amounts such as 0.10 exactly, so sums and comparisons drift; write '[Decimal]', which decodes the same JSON number",
        ])
    }

    @Test func unusedTypeNamesTheUnusedTypesThatUseIt() throws {
        #expect(try exampleFindings(UnusedTypeRule.self, 1) == [
            "4:7: model 'Draft' is declared but no route, field, variant, patch or include uses it; remove it, or if hand-written code needs it (a webhook payload), keep it with '# routegen:disable unused-type'",
            "7:6: enum 'Genre' is used only by 'Draft', which no route uses; remove both, or keep the type hand-written code needs with '# routegen:disable unused-type'",
        ])
    }

    @Test func unusedTypeCountsUnionVariantsIncludesAndGenericArguments() throws {
        let source = """
            api Library
            model Timestamps
              created_at: Date
            model Book includes Timestamps
              id: ID<Book>
            model Page<Item>
              items: [Item]
            model Circle
              radius: Int
            union Shape by kind
              circle: Circle
            group Books public
              books GET /books -> Page<Book>
              shape GET /shape -> Shape
            """
        #expect(try findings(UnusedTypeRule.self, source) == [])
    }

    @Test func unusedTypeListsEveryUnusedUser() throws {
        let source = """
            api Library
            enum Genre
              fantasy
            model Draft
              genre: Genre
            model Proposal
              genre: Genre
            group Books public
              books GET /books -> [String]
            """
        #expect(try findings(UnusedTypeRule.self, source).first == "2:6: enum 'Genre' is used only by 'Draft' and 'Proposal', which no route uses; remove them all, or keep the type hand-written code needs with '# routegen:disable unused-type'")
    }

    @Test func typeNameStyleReportsEveryKind() throws {
        #expect(try exampleFindings(TypeNameStyleRule.self, 1) == [
            "2:6: enum 'genre' is not UpperCamelCase, as Swift type names are; rename it 'Genre' here and where the file names it (the JSON stays the same)",
            "4:7: union 'Search_Result' is not UpperCamelCase, as Swift type names are; rename it 'SearchResult' here and where the file names it (the JSON stays the same)",
        ])
    }

    @Test func wireNameStyleReportsEnumValuesAndUnionTags() throws {
        #expect(try exampleFindings(WireNameStyleRule.self, 1) == [
            "5:3: value 'CANCELLED' of enum 'OrderStatus' is SCREAMING_SNAKE_CASE but the enum uses snake_case; the server decides its wire values: rename it to 'cancelled' on the server and here together, or keep the server's spelling",
            "9:3: tag 'GiftCard' of union 'Payment' is PascalCase but the union uses snake_case; the server decides its tags: rename it to 'gift_card' on the server and here together, or keep the server's spelling",
        ])
    }

    @Test func wireNameStyleFindsLowerCaseWordsAmongScreamingValuesAndKeepsPrefixes() throws {
        let source = """
            api Shop
            enum Status
              ACTIVE
              IN_REVIEW
              pending
            model Event
              _created_at: Date
              _updated_at: Date
              _deletedAt: Date?
            group Orders auth
              status GET /status -> Status
              events GET /events -> [Event]
            """
        #expect(try findings(WireNameStyleRule.self, source) == [
            "5:3: value 'pending' of enum 'Status' is lower case but the enum uses SCREAMING_SNAKE_CASE; the server decides its wire values: rename it to 'PENDING' on the server and here together, or keep the server's spelling",
            "9:3: field '_deletedAt' of model 'Event' is camelCase but the model uses snake_case; the server decides its wire names: rename it to '_deleted_at' on the server and here together, or keep the server's spelling",
        ])
    }

    @Test func unreachableUnionVariantSaysWhichVariantTakesItsValues() throws {
        let example = try exampleFindings(UnreachableUnionVariantRule.self, 1)
        #expect(example == [
            "9:3: variant 'message' of union 'Item' can never be chosen: 'note' comes first and decodes every value 'message' does; move 'message' above 'note'",
            "12:3: variant 'whole' of union 'Item' can never be chosen: 'amount' comes first and decodes every value 'whole' does; move 'whole' above 'amount'",
            "13:3: variant 'small' of union 'Item' can never be chosen: 'amount' comes first and decodes every value 'small' does; move 'small' above 'amount'",
        ])
        let twins = """
            api Log
            model Person
              id: String
              type: String
            model Bot
              id: String
              type: String
              summary: String?
            union Agent by shape
              person: Person
              bot: Bot
              anything: JSONValue
              id: ID<Person>
            group Entries public
              agent GET /agent -> Agent
            """
        let found = try findings(UnreachableUnionVariantRule.self, twins)
        #expect(found == [
            "11:3: variant 'bot' of union 'Agent' can never be chosen: 'person' comes first and decodes every value 'bot' does; nothing tells the two apart; give 'bot' a required field 'person' lacks, or keep one of them",
            "13:3: variant 'id' of union 'Agent' can never be chosen: 'anything' comes first and decodes every value 'id' does; move 'id' above 'anything'",
        ])
    }
}

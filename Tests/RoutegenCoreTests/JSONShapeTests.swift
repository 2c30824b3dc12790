import RoutegenCore
import Testing

/// Which JSON values a type takes: the one description the importer, the lint rule and the
/// sample validator read.
@Suite("JSON shapes")
struct JSONShapeTests {
    static let declarations: [String: JSONShape.Declared] = ["Genre": .textEnum, "Priority": .integerEnum, "Book": .object, "Content": .unionByShape]

    static func shape(_ type: TypeReference) -> JSONShape {
        JSONShape.of(type) { declarations[$0] }
    }

    @Test(arguments: [
        (TypeReference.named("String"), JSONShape.text(anyText: true)),
        (.named("Substring"), .text(anyText: true)),
        (.named("Date"), .text(anyText: false)),
        (.named("UUID"), .text(anyText: false)),
        (.named("URL"), .text(anyText: false)),
        (.named("ID", arguments: [.named("Book")]), .text(anyText: false)),
        (.named("Genre"), .text(anyText: false)),
        (.named("Int8"), .number(whole: true)),
        (.named("UInt32"), .number(whole: true)),
        (.named("Priority"), .number(whole: true)),
        (.named("Float32"), .number(whole: false)),
        (.named("Decimal"), .number(whole: false)),
        (.named("Bool"), .boolean),
        (.named("Book"), .object),
        (.named("Dictionary", arguments: [.named("String"), .named("Int")]), .object),
        (.named("Elsewhere"), .object),
        (.array(.named("Book")), .array),
        (.optional(.named("Int")), .number(whole: true)),
        (.named("JSONValue"), .anyValue),
        (.named("Data"), .none),
        (.named("Content"), .variants),
    ])
    func eachTypeHasTheShapeItsSwiftDecodes(type: TypeReference, shape: JSONShape) {
        #expect(Self.shape(type) == shape)
    }

    @Test func anyTextTakesEveryTextAnyNumberEveryNumberAndJSONEverything() {
        #expect(JSONShape.text(anyText: true).takesEvery(.text(anyText: false)))
        #expect(!JSONShape.text(anyText: false).takesEvery(.text(anyText: true)))
        #expect(JSONShape.number(whole: false).takesEvery(.number(whole: true)))
        #expect(!JSONShape.number(whole: true).takesEvery(.number(whole: false)))
        #expect(JSONShape.anyValue.takesEvery(.array))
        #expect(!JSONShape.object.takesEvery(.object))
    }
}

import RoutegenCore
import Testing

/// Hostile nesting ends in one diagnostic, never in a stack overflow.
@Suite("Type nesting limit")
struct NestingLimitTests {
    @Test func sixtyFourLevelsOfGenericsAreAccepted() {
        let type = String(repeating: "Page<", count: 63) + "Book" + String(repeating: ">", count: 63)
        #expect(load(spec("  r GET /r -> \(type)")).diagnostics == [])
    }

    @Test func deeperGenericsAreOneErrorAtTheFirstTypeTooDeep() {
        let type = String(repeating: "Page<", count: 20_000) + "Book" + String(repeating: ">", count: 20_000)
        let diagnostics = load(spec("  r GET /r -> \(type)")).diagnostics
        #expect(diagnostics == [
            .error("type nests deeper than 64 levels; name an inner type with a typealias in Swift", at: at(4, 15 + 64 * 5)),
        ])
    }

    @Test func deeperArraysAreOneError() {
        let type = String(repeating: "[", count: 10_000) + "Book" + String(repeating: "]", count: 10_000)
        let diagnostics = load(spec("  r GET /r -> \(type)")).diagnostics
        #expect(diagnostics.map(\.message) == ["type nests deeper than 64 levels; name an inner type with a typealias in Swift"])
    }
}

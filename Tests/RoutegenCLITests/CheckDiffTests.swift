@testable import RoutegenCLI
import Testing

@Suite("CheckDiff")
struct CheckDiffTests {
    @Test func equalTextsGiveNoDiff() {
        #expect(CheckDiff().render(old: "a\nb\n", new: "a\nb\n", oldLabel: "a/x", newLabel: "b/x") == "")
    }

    @Test func changedLineIsShownWithThreeLinesOfContext() {
        let old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
        let new = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n"
        #expect(CheckDiff().render(old: old, new: new, oldLabel: "a/x", newLabel: "b/x") == """
            --- a/x
            +++ b/x
            @@ -2,7 +2,7 @@
             2
             3
             4
            -5
            +five
             6
             7
             8

            """)
    }

    @Test func distantChangesGiveSeparateHunks() {
        let old = (1...20).map(String.init).joined(separator: "\n") + "\n"
        let new = old.replacingFirst("2\n", with: "two\n").replacingFirst("19\n", with: "nineteen\n")
        let diff = CheckDiff().render(old: old, new: new, oldLabel: "a/x", newLabel: "b/x")
        let hunkHeaders = diff.split(separator: "\n").filter { $0.hasPrefix("@@") }
        #expect(hunkHeaders == ["@@ -1,5 +1,5 @@", "@@ -16,5 +16,5 @@"])
    }

    @Test func insertedLineIsAPlusLine() {
        #expect(CheckDiff().operations(from: ["a", "c"], to: ["a", "b", "c"]) == [.keep("a"), .insert("b"), .keep("c")])
    }

    @Test func deletedLineIsAMinusLine() {
        #expect(CheckDiff().operations(from: ["a", "b", "c"], to: ["a", "c"]) == [.keep("a"), .delete("b"), .keep("c")])
    }

    @Test func newFileIsAllInsertionsFromLineZero() {
        #expect(CheckDiff().render(old: "", new: "a\nb\n", oldLabel: "/dev/null", newLabel: "b/x") == "--- /dev/null\n+++ b/x\n@@ -0,0 +1,2 @@\n+a\n+b\n")
    }

    @Test func middleTooLargeForTheTableIsOneReplacedBlock() {
        let diff = CheckDiff(maximumTableSize: 4)
        #expect(diff.operations(from: ["x", "a", "b", "y"], to: ["x", "b", "a", "y"]) == [.keep("x"), .delete("a"), .delete("b"), .insert("b"), .insert("a"), .keep("y")])
    }

    @Test func longDiffIsCutWithACount() {
        let new = (1...50).map(String.init).joined(separator: "\n") + "\n"
        let rendered = CheckDiff(maximumLines: 5).render(old: "", new: new, oldLabel: "/dev/null", newLabel: "b/x")
        #expect(rendered == "--- /dev/null\n+++ b/x\n@@ -0,0 +1,50 @@\n+1\n+2\n... 48 more diff lines\n")
    }
}

import RoutegenCore
import Testing
@testable import RoutegenCLI

@Suite("Route file discovery")
struct RouteFileDiscoveryTests {
    private func discover(_ arguments: [String], files: [String]) -> (paths: [String], messages: [String]) {
        var tree: [String: String] = [:]
        for file in files { tree["/work/" + file] = "" }
        let system = InMemoryFileSystem(files: tree)
        let context = CommandContext(standardOutput: StringOutputSink(), standardError: StringOutputSink(), fileSystem: system, currentDirectory: "/work")
        let collector = DiagnosticCollector()
        let paths = RouteFileDiscovery.routeFiles(for: arguments, context: context, diagnostics: collector)
        return (paths, collector.diagnostics.map(\.message))
    }

    @Test func folderMeansItsRouteFilesSortedByPathBytes() {
        let found = discover(["Specs"], files: ["Specs/b.routes", "Specs/B.routes", "Specs/a.routes", "Specs/notes.md"])
        #expect(found.paths == ["Specs/B.routes", "Specs/a.routes", "Specs/b.routes"])
    }

    @Test func folderIncludesSubfoldersButNotHiddenOnes() {
        let found = discover(["Specs/"], files: ["Specs/z.routes", "Specs/Sub/a.routes", "Specs/.build/x.routes"])
        #expect(found.paths == ["Specs/Sub/a.routes", "Specs/z.routes"])
    }

    @Test func fileIsTakenAsGivenWhateverItsExtension() {
        #expect(discover(["api.txt"], files: ["api.txt"]).paths == ["api.txt"])
    }

    @Test func argumentsKeepTheirOrderAndAFileIsReadOnce() {
        let found = discover(["b.routes", "./a.routes", "b.routes"], files: ["a.routes", "b.routes"])
        #expect(found.paths == ["b.routes", "./a.routes"])
    }

    @Test func missingPathIsAnError() {
        #expect(discover(["nope.routes"], files: []).messages == ["'nope.routes': no such file or folder"])
    }

    @Test func folderWithoutRouteFilesIsAnError() {
        let found = discover(["docs"], files: ["docs/readme.md"])
        #expect(found.messages == ["folder 'docs' holds no .routes file; name a route file or another folder"])
    }
}

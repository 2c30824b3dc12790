import Foundation
import Testing
@testable import RoutegenCLI

/// `routegen --version` and CHANGELOG.md name the same version, so a release cannot bump one
/// and forget the other.
@Suite("Changelog version")
struct ChangelogVersionTests {
    static let changelogPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CHANGELOG.md").path

    /// The first `## [x.y.z] - date` heading: the latest released version (`[Unreleased]` is not one).
    static func latestReleasedVersion(inChangelog text: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("## [") {
            let name = line.dropFirst(4).prefix { $0 != "]" }
            if name != "Unreleased" { return String(name) }
        }
        return nil
    }

    @Test func versionIsTheLatestReleaseTheChangelogNames() throws {
        let text = try String(contentsOfFile: Self.changelogPath, encoding: .utf8)
        #expect(Self.latestReleasedVersion(inChangelog: text) == routegenVersion)
        #expect(runInMemory(["--version"]).standardOutput == routegenVersion + "\n")
    }

    @Test func changelogHasAnUnreleasedSectionWithABreakingHeadingFirst() throws {
        let text = try String(contentsOfFile: Self.changelogPath, encoding: .utf8)
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.first == "## [Unreleased]")
        let unreleased = text.components(separatedBy: "\n## ")[1]
        #expect(unreleased.contains("\n### Breaking\n"))
    }

    @Test func latestReleasedVersionSkipsUnreleasedAndReadsTheBracketedName() {
        let text = "# Changelog\n\n## [Unreleased]\n\n### Breaking\n\n## [1.2.3] - 2027-01-01\n\n## [1.2.2] - 2026-12-24\n"
        #expect(Self.latestReleasedVersion(inChangelog: text) == "1.2.3")
        #expect(Self.latestReleasedVersion(inChangelog: "## [Unreleased]\n") == nil)
    }

    @Test func rootHelpListsTheVersionFlag() {
        let row = "\n  --version" + String(repeating: " ", count: 15) + "Show the version.\n"   // the 26-column layout
        #expect(runInMemory(["--help"]).standardOutput.contains(row))
    }
}

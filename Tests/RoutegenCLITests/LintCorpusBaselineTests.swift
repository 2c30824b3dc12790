import Foundation
import RoutegenCLI
import Testing

/// Lint on the real APIs of `corpus/real`: how many findings each set gives, and that a
/// baseline written and read back silences them all, then reports exactly one edited route's findings.
@Suite struct LintCorpusBaselineTests {
    /// Rule findings per corpus file: with every set, and with the default (`recommended`) set.
    /// docs/lint-rules.md ("Adopting lint on an existing API") quotes these numbers.
    static let expectedCounts: [String: (allSets: Int, defaultSets: Int)] = [
        "BoxPlatformAPI.routes": (57, 43),
        "HashiCorpVaultAPI.routes": (929, 757),
        "PagerDutyAPI.routes": (70, 54),
    ]

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("corpus/real").path

    /// Every `*/*.routes` of the corpus, sorted.
    static let routeFiles: [String] = {
        let manager = FileManager.default
        let folders = (try? manager.contentsOfDirectory(atPath: corpus)) ?? []
        return folders.sorted().flatMap { folder in
            ((try? manager.contentsOfDirectory(atPath: corpus + "/" + folder)) ?? []).sorted()
                .filter { $0.hasSuffix(".routes") }.map { corpus + "/" + folder + "/" + $0 }
        }
    }()

    @Test func theCorpusHasTheRouteFilesTheCountsDescribe() {
        #expect(Self.routeFiles.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() == Self.expectedCounts.keys.sorted())
    }

    /// The diagnostics of a `--format json` run, and its summary.
    func report(_ run: CommandRun) throws -> (diagnostics: [[String: Any]], summary: [String: Any]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        return (try #require(object["diagnostics"] as? [[String: Any]]), try #require(object["summary"] as? [String: Any]))
    }

    @Test(arguments: routeFiles)
    func baselineWrittenAndReadBackSilencesTheFileAndAnEditedRouteComesBack(path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let expected = try #require(Self.expectedCounts[name])
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let system = InMemoryFileSystem(files: ["/work/" + name: source])
        func lint(_ arguments: [String]) -> CommandRun { runInMemory(["lint"] + arguments + [name], fileSystem: system) }

        let everySet = try report(lint(["--format", "json", "--rule-sets", "recommended,style"]))
        #expect(everySet.diagnostics.count { $0["rule"] != nil } == expected.allSets)
        let defaults = try report(lint(["--format", "json"]))
        let findings = defaults.diagnostics.filter { $0["rule"] != nil }
        #expect(findings.count == expected.defaultSets)
        let others = defaults.diagnostics.filter { $0["rule"] == nil }

        let write = lint(["--write-baseline", "b.json"])
        #expect(write.status == 0)
        #expect(write.standardError.hasSuffix("wrote baseline 'b.json': \(expected.defaultSets) findings in 1 route file\n"))
        let written = String(decoding: try system.readFile(atPath: "/work/b.json"), as: UTF8.self)
        #expect(written.components(separatedBy: "\n").count { $0.hasPrefix("    {\"file\": \"\(name)\"") } == expected.defaultSets)

        let text = lint(["--baseline", "b.json"])
        #expect(text.status == 0)
        #expect(text.standardError.hasSuffix((others.isEmpty ? "" : "\(others.count) warning\(others.count == 1 ? "" : "s")\n") + "baseline 'b.json' suppressed \(expected.defaultSets) findings\n"))
        #expect(!text.standardError.contains("] \n") && !text.standardError.contains("]\n  "))
        let silenced = try report(lint(["--baseline", "b.json", "--format", "json"]))
        #expect(silenced.diagnostics.count { $0["rule"] != nil } == 0)
        #expect(silenced.diagnostics.count == others.count)
        let baselineSummary = try #require(silenced.summary["baseline"] as? [String: Any])
        #expect(baselineSummary["suppressed"] as? Int == expected.defaultSets)
        #expect(baselineSummary["stale"] as? Int == 0)

        // Rename the route of the first finding and add a line above everything: every other
        // finding moves down a line and stays suppressed; the renamed route's findings come back.
        let line = try #require(findings.first?["line"] as? Int)
        var lines = source.components(separatedBy: "\n")
        let indent = lines[line - 1].prefix { $0 == " " }
        let routeName = try #require(lines[line - 1].dropFirst(indent.count).split(separator: " ").first)
        lines[line - 1] = String(indent) + routeName + "Edited" + lines[line - 1].dropFirst(indent.count + routeName.count)
        try system.writeFileAtomically(Array(("# edited\n" + lines.joined(separator: "\n")).utf8), toPath: "/work/" + name)

        let editedFindings = try report(lint(["--format", "json"])).diagnostics.filter { $0["rule"] != nil }
        let routeFindings = editedFindings.filter { $0["line"] as? Int == line + 1 }
        #expect(!routeFindings.isEmpty)
        let reported = try report(lint(["--baseline", "b.json", "--format", "json"]))
        let reportedFindings = reported.diagnostics.filter { $0["rule"] != nil }
        #expect(reportedFindings.map { $0["message"] as? String } == routeFindings.map { $0["message"] as? String })
        #expect(reportedFindings.map { $0["line"] as? Int } == routeFindings.map { _ in line + 1 })
        let editedSummary = try #require(reported.summary["baseline"] as? [String: Any])
        #expect(editedSummary["suppressed"] as? Int == expected.defaultSets - routeFindings.count)
        #expect(editedSummary["stale"] as? Int == routeFindings.count)
    }
}

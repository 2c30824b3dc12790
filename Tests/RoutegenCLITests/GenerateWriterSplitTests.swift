@testable import RoutegenCLI
import Testing

/// How `GenerateWriter` shares the staging writes between its two jobs.
@Suite("GenerateWriter.splitByFolder")
struct GenerateWriterSplitTests {
    @Test func theSourcesAndTheAuditTestsGoToDifferentJobs() {
        let targets = ["/o/A/X.swift", "/o/A/Y.swift", "/o/ATests/X.swift", "/o/A/Z.swift", "/o/ATests/Y.swift"]
        #expect(GenerateWriter.splitByFolder(targets) == [[0, 1, 3], [2, 4]])
    }

    @Test func foldersGoLargestFirstToTheJobWithFewerFiles() {
        let targets = ["/o/S/1", "/o/T/1", "/o/T/2", "/o/U/1", "/o/U/2", "/o/U/3"]
        // U (3 files) to job 0, T (2) to job 1, S (1) to job 1, which then has 3 as well.
        #expect(GenerateWriter.splitByFolder(targets) == [[3, 4, 5], [0, 1, 2]])
    }

    @Test func oneFolderIsCutInHalves() {
        #expect(GenerateWriter.splitByFolder(["/o/A/1", "/o/A/2", "/o/A/3"]) == [[0, 1], [2]])
    }
}

import Foundation
@testable import RoutegenCLI
import Testing

/// `routegen diff`: exit status, `--allow-breaking`, `--base` with an injected revision reader.
@Suite struct DiffCommandTests {
    static let old = """
        api Library
        group Books public
          book GET /books/{id: ID<Book>} -> Book
          search GET /books ?q: String -> [Book]

        """
    static let withoutSearch = """
        api Library
        group Books public
          book GET /books/{id: ID<Book>} -> Book

        """
    static let withCover = old + "  cover GET /books/{id: ID<Book>}/cover accept image/* -> Data\n"

    @Test func breakingChangeExitsOneAndPrintsItWithASummary() {
        let run = runInMemory(["diff", "old.routes", "new.routes"], files: ["old.routes": Self.old, "new.routes": Self.withoutSearch])
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            old.routes:4:3: breaking: route 'Books.search' (GET /books) was removed
            1 breaking, 0 for security review, 0 non-breaking

            """)
    }

    @Test func allowBreakingExitsZero() {
        let run = runInMemory(["diff", "--allow-breaking", "old.routes", "new.routes"], files: ["old.routes": Self.old, "new.routes": Self.withoutSearch])
        #expect(run.status == 0)
    }

    @Test func nonBreakingChangeExitsZero() {
        let run = runInMemory(["diff", "old.routes", "new.routes"], files: ["old.routes": Self.old, "new.routes": Self.withCover])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            new.routes:5:3: non-breaking: route 'Books.cover' (GET /books/{id}/cover) was added
            0 breaking, 0 for security review, 1 non-breaking

            """)
    }

    @Test func identicalFilesPrintNoChanges() {
        let run = runInMemory(["diff", "old.routes", "new.routes"], files: ["old.routes": Self.old, "new.routes": Self.old])
        #expect(run.status == 0)
        #expect(run.standardOutput == "no changes\n")
    }

    @Test func baseComparesTheFileWithItsTextAtTheRevision() {
        struct FixedRevision: DiffRevisionReader {
            func text(ofPath path: String, atRevision revision: String, currentDirectory: String) throws(DiffRevisionError) -> String {
                guard path == "Specs/Library.routes", revision == "main", currentDirectory == "/work" else {
                    throw DiffRevisionError(reason: "unexpected \(path) at \(revision) in \(currentDirectory)")
                }
                return DiffCommandTests.old
            }
        }
        let output = StringOutputSink(), errors = StringOutputSink()
        let fileSystem = InMemoryFileSystem(files: ["/work/Specs/Library.routes": Self.withoutSearch])
        let context = CommandContext(standardOutput: output, standardError: errors, fileSystem: fileSystem, currentDirectory: "/work")
        let arguments = ParsedArguments(values: ["base": ["main"]], positionals: ["Specs/Library.routes"])
        let status = DiffCommand(revisionReader: FixedRevision()).run(arguments, context: context)
        #expect(status == .failure)
        #expect(errors.text == "")
        #expect(output.text == """
            main:Specs/Library.routes:4:3: breaking: route 'Books.search' (GET /books) was removed
            1 breaking, 0 for security review, 0 non-breaking

            """)
    }

    @Test func unreadableRevisionIsAnError() {
        struct MissingRevision: DiffRevisionReader {
            func text(ofPath path: String, atRevision revision: String, currentDirectory: String) throws(DiffRevisionError) -> String {
                throw DiffRevisionError(reason: "invalid object name 'nope'")
            }
        }
        let output = StringOutputSink(), errors = StringOutputSink()
        let fileSystem = InMemoryFileSystem(files: ["/work/Library.routes": Self.old])
        let context = CommandContext(standardOutput: output, standardError: errors, fileSystem: fileSystem, currentDirectory: "/work")
        let status = DiffCommand(revisionReader: MissingRevision()).run(ParsedArguments(values: ["base": ["nope"]], positionals: ["Library.routes"]), context: context)
        #expect(status == .failure)
        #expect(errors.text.hasPrefix("error: cannot read 'nope:Library.routes': invalid object name 'nope'\n"))
    }

    @Test func baseWithTwoFilesIsAUsageError() {
        let run = runInMemory(["diff", "--base", "main", "old.routes", "new.routes"], files: ["old.routes": Self.old, "new.routes": Self.old])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: --base takes exactly one route file, got 2\n"))
    }

    @Test func oneFileWithoutBaseIsAUsageError() {
        let run = runInMemory(["diff", "old.routes"], files: ["old.routes": Self.old])
        #expect(run.status == 2)
    }

    @Test func gitRevisionReaderReadsACommittedFile() throws {
        // This file is committed in the routegen repository; skip when the tests run outside a git checkout.
        let reader = GitRevisionReader()
        let folder = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!))
        guard let text = try? reader.text(ofPath: "DiffCommandTests.swift", atRevision: "HEAD", currentDirectory: folder) else {
            print("skipping: not in a git checkout with this file committed")
            return
        }
        #expect(text.contains("gitRevisionReaderReadsACommittedFile"))
    }
}

/// `routegen diff --format github|sarif`: breaking changes as annotations on the route file.
@Suite struct DiffAnnotationFormatTests {
    @Test func githubFormatAnnotatesEachChangeAtItsLine() {
        let run = runInMemory(["diff", "--format", "github", "old.routes", "new.routes"], files: [
            "old.routes": DiffCommandTests.old, "new.routes": DiffCommandTests.withCover.replacingOccurrences(of: "?q: String", with: "?q: Int"),
        ])
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            ::error file=new.routes,line=4,col=25,title=breaking::route 'Books.search' changed query parameter 'q' from 'String' to 'Int'
            ::notice file=new.routes,line=5,col=3,title=non-breaking::route 'Books.cover' (GET /books/{id}/cover) was added

            """)
    }

    @Test func githubFormatPutsARouteRemovedSinceTheRevisionOnTheNewFile() {
        struct FixedRevision: DiffRevisionReader {
            func text(ofPath path: String, atRevision revision: String, currentDirectory: String) throws(DiffRevisionError) -> String {
                DiffCommandTests.old
            }
        }
        let output = StringOutputSink(), errors = StringOutputSink()
        let fileSystem = InMemoryFileSystem(files: ["/work/Specs/Library.routes": DiffCommandTests.withoutSearch])
        let context = CommandContext(standardOutput: output, standardError: errors, fileSystem: fileSystem, currentDirectory: "/work")
        let arguments = ParsedArguments(values: ["base": ["main"], "format": ["github"]], positionals: ["Specs/Library.routes"])
        #expect(DiffCommand(revisionReader: FixedRevision()).run(arguments, context: context) == .failure)
        #expect(output.text == "::error file=Specs/Library.routes,line=1,col=1,title=breaking::route 'Books.search' (GET /books) was removed (it was at main:Specs/Library.routes:4:3)\n")
    }

    @Test func sarifFormatHasOneResultPerChangeWithItsKindAsRule() throws {
        let run = runInMemory(["diff", "--format", "sarif", "old.routes", "new.routes"], files: ["old.routes": DiffCommandTests.old, "new.routes": DiffCommandTests.withoutSearch])
        #expect(run.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect((driver["rules"] as? [[String: Any]])?.map { $0["id"] as? String } == ["breaking", "security-review", "non-breaking"])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["breaking"])
        #expect(results.map { $0["level"] as? String } == ["error"])
        let physical = try #require((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "old.routes")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 4)
    }

    @Test func unknownFormatNamesAllFour() {
        let run = runInMemory(["diff", "--format", "xml", "a.routes", "b.routes"])
        #expect(run.standardError.hasPrefix("error: unknown format 'xml'; use text, json, sarif or github\n"))
    }

    static let withBook = """
        api Library
        model Book
          id: ID<Book>
          subtitle: String?
        model NewBook
          subtitle: String?
        group Books public
          book GET /books/{id: ID<Book>} -> Book
          createBook POST /books body NewBook -> Book   auth

        """

    @Test func typeChangeThatBreaksTheClientsThatSendTheModelExitsOne() {
        let new = Self.withBook.replacingOccurrences(of: "NewBook\n  subtitle: String?", with: "NewBook\n  subtitle: String? required")
        let run = runInMemory(["diff", "old.routes", "new.routes"], files: ["old.routes": Self.withBook, "new.routes": new])
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            new.routes:6:3: breaking: field 'subtitle' of model 'NewBook' changed from optional to required nullable; old clients that leave it out send bodies the server refuses
            1 breaking, 0 for security review, 0 non-breaking

            """)
    }

    @Test func theSameChangeToAModelTheClientsReceiveExitsZero() {
        let new = Self.withBook.replacingOccurrences(of: "id: ID<Book>\n  subtitle: String?", with: "id: ID<Book>\n  subtitle: String? required")
        let run = runInMemory(["diff", "old.routes", "new.routes"], files: ["old.routes": Self.withBook, "new.routes": new])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            new.routes:4:3: non-breaking: field 'subtitle' of model 'Book' changed from optional to required nullable; old clients decode it either way
            0 breaking, 0 for security review, 1 non-breaking

            """)
    }
}

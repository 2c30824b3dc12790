import Testing
import RoutegenCLI

@Suite("In-memory file system and paths")
struct FileSystemTests {
    @Test func pathsAreNormalized() {
        #expect(PathNormalizer.normalized("/work/./a/../b//c/") == "/work/b/c")
        #expect(PathNormalizer.normalized("a/../..") == "..")
        #expect(PathNormalizer.normalized("/..") == "/")
    }

    @Test func pathsAreMadeRelativeToTheFolderOfAFile() {
        #expect(PathNormalizer.relative("/a/b/c.routes", toFolderOf: "/a/d/base.json") == "../b/c.routes")
        #expect(PathNormalizer.relative("/a/c.routes", toFolderOf: "/a/base.json") == "c.routes")
        #expect(PathNormalizer.relative("/a/b/c.routes", toFolderOf: "/a/base.json") == "b/c.routes")
        #expect(PathNormalizer.relative("/x/c.routes", toFolderOf: "/a/b/base.json") == "../../x/c.routes")
    }

    @Test func relativePathsResolveAgainstTheCurrentDirectory() {
        let context = CommandContext(standardOutput: StringOutputSink(), standardError: StringOutputSink(), fileSystem: InMemoryFileSystem(), currentDirectory: "/work/project")
        #expect(context.resolvedPath("../Specs/a.routes") == "/work/Specs/a.routes")
        #expect(context.resolvedPath("/abs/x") == "/abs/x")
    }

    @Test func filesImplyTheirFolders() throws {
        let system = InMemoryFileSystem(files: ["/a/b/c.routes": "x"])
        #expect(system.isDirectory(atPath: "/a/b"))
        #expect(try system.contentsOfDirectory(atPath: "/a") == ["b"])
    }

    @Test func writingNeedsAnExistingFolder() throws {
        let system = InMemoryFileSystem()
        #expect(throws: FileSystemError(path: "/out/a.swift", reason: "cannot be written")) {
            try system.writeFileAtomically([65], toPath: "/out/a.swift")
        }
        try system.createDirectory(atPath: "/out")
        try system.writeFileAtomically([65], toPath: "/out/a.swift")
        #expect(system.text(atPath: "/out/a.swift") == "A")
    }

    @Test func removingAFolderRemovesItsContents() throws {
        let system = InMemoryFileSystem(files: ["/g/x/a": "1", "/g/b": "2", "/h": "3"])
        try system.removeItem(atPath: "/g")
        #expect(system.files.keys.sorted() == ["/h"])
        #expect(!system.fileExists(atPath: "/g/x"))
    }

    @Test func readingAMissingFileSaysSo() {
        #expect(throws: FileSystemError(path: "/nope", reason: "no such file or folder")) {
            try InMemoryFileSystem().readFile(atPath: "/nope")
        }
    }
}

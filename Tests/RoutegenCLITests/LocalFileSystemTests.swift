import Foundation
import RoutegenCLI
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The disk file system's own write: replace in place, leave nothing behind, fail cleanly.
@Suite("Local file system writes")
struct LocalFileSystemTests {
    private func makeFolder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-fs-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    @Test func writeCreatesThenReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let system = LocalFileSystem()
        let path = root + "/a.swift"

        try system.writeFileAtomically(Array("first\n".utf8), toPath: path)
        #expect(try system.readFile(atPath: path) == Array("first\n".utf8))
        try system.writeFileAtomically(Array("second, longer\n".utf8), toPath: path)
        #expect(try system.readFile(atPath: path) == Array("second, longer\n".utf8))
        try system.writeFileAtomically([], toPath: path)
        #expect(try system.readFile(atPath: path) == [])
        #expect(try system.contentsOfDirectory(atPath: root) == ["a.swift"])
    }

    @Test func aTemporaryFileIsWrittenInPlaceAndReplacedWhole() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let system = LocalFileSystem()
        let path = root + "/.a.swift.routegen-tmp"
        try system.writeTemporaryFile(Array("first, longer\n".utf8), toPath: path)
        try system.writeTemporaryFile(Array("second\n".utf8), toPath: path)
        #expect(try system.readFile(atPath: path) == Array("second\n".utf8))
        #expect(try system.contentsOfDirectory(atPath: root) == [".a.swift.routegen-tmp"])
        #expect(throws: FileSystemError(path: root + "/missing/b", reason: "cannot be written")) {
            try system.writeTemporaryFile(Array("x".utf8), toPath: root + "/missing/b")
        }
    }

    @Test func aLargeFileIsWrittenWhole() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try LocalFileSystem().writeFileAtomically(bytes, toPath: root + "/big")
        #expect(try LocalFileSystem().readFile(atPath: root + "/big") == bytes)
    }

    @Test func writingIntoAMissingFolderFailsWithThePathAndLeavesNothing() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/missing/a.swift"
        #expect(throws: FileSystemError(path: path, reason: "cannot be written")) {
            try LocalFileSystem().writeFileAtomically([65], toPath: path)
        }
        #expect(try LocalFileSystem().contentsOfDirectory(atPath: root) == [])
    }

    @Test func writingOverAFolderFailsAndTheFolderAndItsFilesStay() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let system = LocalFileSystem()
        try system.createDirectory(atPath: root + "/Taken")
        try system.writeFileAtomically([65], toPath: root + "/Taken/keep")
        #expect(throws: FileSystemError(path: root + "/Taken", reason: "cannot be written")) {
            try system.writeFileAtomically([66], toPath: root + "/Taken")
        }
        #expect(try system.contentsOfDirectory(atPath: root) == ["Taken"])
        #expect(try system.readFile(atPath: root + "/Taken/keep") == [65])
    }

    @Test func fileSizeIsKnownForFilesAndNotForFoldersOrMissingPaths() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let system = LocalFileSystem()
        try system.writeFileAtomically(Array("twelve bytes".utf8), toPath: root + "/a")
        #expect(system.fileSize(atPath: root + "/a") == 12)
        #expect(system.fileSize(atPath: root) == nil)
        #expect(system.fileSize(atPath: root + "/missing") == nil)
    }

    @Test func aHugeRouteFileIsRefusedWithoutBeingRead() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/huge.routes"
        // 5 GB, sparse: reading it would take minutes and all the memory; its size alone refuses it.
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 5 << 30) == 0)

        let output = StringOutputSink()
        let errors = StringOutputSink()
        let context = CommandContext(standardOutput: output, standardError: errors, fileSystem: LocalFileSystem(), currentDirectory: root)
        let status = runRoutegen(arguments: ["lint", "huge.routes"], context: context)
        #expect(status == 1)
        #expect(errors.text == "error: 'huge.routes' is 5120 MB; route files over 8 MB are refused. Split the API into several route files\n1 error\n")
    }
}

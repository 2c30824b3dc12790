import RoutegenCLI
import Testing

@Suite("reading route files")
struct RouteFileReaderTests {
    private func run(_ bytes: [UInt8]) -> CommandRun {
        let system = InMemoryFileSystem()
        try? system.createDirectory(atPath: "/work")
        try? system.writeFileAtomically(bytes, toPath: "/work/a.routes")
        return runInMemory(["lint", "a.routes"], fileSystem: system)
    }

    @Test func invalidUTF8IsAnErrorAtTheFirstBadByte() {
        let result = run(Array("api A\ngroup G public\n  r GET /caf".utf8) + [0xE9] + Array(" -> R\n".utf8))
        #expect(result.status == 1)
        #expect(result.standardError == "a.routes:3:13: error: the file is not valid UTF-8 (byte 0xE9); save it as UTF-8\n1 error\n")
    }

    @Test func aTruncatedMultiByteSequenceAtTheEndIsInvalid() {
        let result = run(Array("api A\n".utf8) + [0xE6, 0x9D])
        #expect(result.standardError == "a.routes:2:1: error: the file is not valid UTF-8 (byte 0xE6); save it as UTF-8\n1 error\n")
    }

    @Test func aNULByteMakesItABinaryFile() {
        let result = run(Array("api A\nx".utf8) + [0] + Array("y\n".utf8))
        #expect(result.status == 1)
        #expect(result.standardError == "a.routes:2:2: error: 'a.routes' is a binary file (a NUL byte at offset 7), not a route file\n1 error\n")
    }

    @Test func aFileOverTheLimitIsRefusedWithoutParsing() {
        let result = run(Array(repeating: UInt8(ascii: "#"), count: CommandContext.maximumRouteFileBytes + 1))
        #expect(result.status == 1)
        #expect(result.standardError == "error: 'a.routes' is 8 MB; route files over 8 MB are refused. Split the API into several route files\n1 error\n")
    }

    @Test func aByteOrderMarkAndCRLFAreAccepted() {
        let result = run([0xEF, 0xBB, 0xBF] + Array("api A\r\ngroup G public\r\n  r GET /r -> R\r\n".utf8))
        #expect(result.status == 0)
        #expect(result.standardError == "")
    }
}

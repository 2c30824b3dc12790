import RoutegenCLI
import Testing

/// `CommandContext.leaveToExit(_:)`: only the `routegen` executable, which exits as soon as the
/// command returns, keeps what it is given; a test or a plugin runs many commands in one process.
@Suite("Leaving memory to the process's exit")
struct LeaveToExitTests {
    final class Probe {}

    static func context(exitsAfterTheCommand: Bool) -> CommandContext {
        var context = CommandContext(standardOutput: StringOutputSink(), standardError: StringOutputSink(), fileSystem: InMemoryFileSystem(files: [:]), currentDirectory: "/work")
        context.exitsAfterTheCommand = exitsAfterTheCommand
        return context
    }

    /// A test's context frees what it is given; the executable's keeps it until the exit.
    @Test(arguments: [false, true])
    func onlyTheExecutablesContextKeepsAValue(exitsAfterTheCommand: Bool) {
        weak var probe: Probe?
        do {
            let value = Probe()
            probe = value
            Self.context(exitsAfterTheCommand: exitsAfterTheCommand).leaveToExit(value)
        }
        #expect((probe != nil) == exitsAfterTheCommand)
    }

    @Test func generateWritesTheSameFilesEitherWay() throws {
        let spec = "api Shop\n\nmodel Item\n  id: ID<Item>\n  name: String\n\ngroup Items public\n  item GET /items/{id: ID<Item>} -> Item\n"
        var written: [[String: [UInt8]]] = []
        for exits in [false, true] {
            let system = InMemoryFileSystem(files: ["/work/Specs/Shop.routes": spec])
            var context = Self.context(exitsAfterTheCommand: exits)
            context.fileSystem = system
            #expect(runRoutegen(arguments: ["generate", "Specs/Shop.routes", "--output", "Out"], context: context) == 0)
            written.append(system.files.filter { $0.key.hasPrefix("/work/Out/") })
        }
        #expect(written[0] == written[1])
        #expect(written[0].count > 4)
    }
}

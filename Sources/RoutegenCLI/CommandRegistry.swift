/// Every `routegen` subcommand, in the order `routegen --help` lists them.
///
/// How to add a command:
/// 1. Write `struct FooCommand: Command` in its own file in this folder (`FooCommand.swift`):
///    `name`, a one-line `abstract`, an optional `discussion`, `options` (`.flag(...)`,
///    `.value(...)`), `positional` (or nil) and `run(_:context:) -> ExitCode`.
///    Read and write only through `context` (`context.readText(atPath:)`,
///    `context.writeText(_:toPath:)`, `context.fileSystem`, `context.standardOutput`,
///    `context.standardError`) so tests can run it in memory with `InMemoryFileSystem`.
///    `RouteFileDiscovery` expands `<file or folder>` arguments; `RouteFileLoader` reads,
///    parses and validates them and prints their diagnostics; exit `.failure` on errors.
/// 2. Add ONE line `FooCommand(),` to `all` below, in the place help should list it.
///    One line per command keeps parallel additions trivially mergeable.
/// 3. Test it in `Tests/RoutegenCLITests/FooCommandTests.swift` through
///    `runRoutegen(arguments:context:)`.
public enum CommandRegistry {
    /// The commands, in help order.
    public static let all: [any Command] = [
        GenerateCommand(),
        CheckCommand(),
        LintCommand(),
        FormatCommand(),
        SurfaceCommand(),
        DiffCommand(),
        ExportCommand(),
        ServeCommand(),
        ImportCommand(),
    ]

    /// The command called `name`, if there is one.
    public static func command(named name: String) -> (any Command)? {
        all.first { $0.name == name }
    }
}

import Foundation
import RoutegenCLI

// The only place that touches the real process: wire stdout, stderr and the disk, then exit.
var context = CommandContext(
    standardOutput: FileHandleOutputSink(handle: .standardOutput),
    standardError: FileHandleOutputSink(handle: .standardError),
    fileSystem: LocalFileSystem(),
    currentDirectory: FileManager.default.currentDirectoryPath
)
context.exitsAfterTheCommand = true
exit(runRoutegen(arguments: Array(CommandLine.arguments.dropFirst()), context: context))

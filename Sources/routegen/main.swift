import Foundation
import RoutegenCLI

// The only place that touches the real process: wire stdout, stderr and the disk, then exit.
let context = CommandContext(
    standardOutput: FileHandleOutputSink(handle: .standardOutput),
    standardError: FileHandleOutputSink(handle: .standardError),
    fileSystem: LocalFileSystem(),
    currentDirectory: FileManager.default.currentDirectoryPath
)
exit(runRoutegen(arguments: Array(CommandLine.arguments.dropFirst()), context: context))

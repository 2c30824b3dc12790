import RoutegenCLI

/// One in-process run of `routegen`: its exit status and everything it printed.
struct CommandRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs `routegen` with `arguments` in `/work` of an in-memory tree holding `files`
/// (paths relative to `/work`, or absolute), and returns what happened.
func runInMemory(_ arguments: [String], files: [String: String] = [:], fileSystem: InMemoryFileSystem? = nil) -> CommandRun {
    var absoluteFiles: [String: String] = [:]
    for (path, text) in files {
        absoluteFiles[path.hasPrefix("/") ? path : "/work/" + path] = text
    }
    let system = fileSystem ?? InMemoryFileSystem(files: absoluteFiles)
    try? system.createDirectory(atPath: "/work")
    let output = StringOutputSink()
    let errors = StringOutputSink()
    let context = CommandContext(standardOutput: output, standardError: errors, fileSystem: system, currentDirectory: "/work")
    let status = runRoutegen(arguments: arguments, context: context)
    return CommandRun(status: status, standardOutput: output.text, standardError: errors.text)
}

import RoutegenCore

/// The version `routegen --version` prints.
public let routegenVersion = "0.3.0"

/// Runs `routegen` with `arguments` (without the program name) against `context` and
/// returns the exit status: 0 success, 1 errors found, 2 usage error. Never exits the process,
/// so tests run it in-process.
public func runRoutegen(arguments: [String], context: CommandContext) -> Int32 {
    dispatch(arguments: arguments, context: context).rawValue
}

private func dispatch(arguments: [String], context: CommandContext) -> ExitCode {
    let commands = CommandRegistry.all
    guard let first = arguments.first else {
        context.standardOutput.write(HelpText.root(commands: commands))
        return .success
    }
    switch first {
    case "--help", "-h":
        context.standardOutput.write(HelpText.root(commands: commands))
        return .success
    case "--version":
        context.standardOutput.write(routegenVersion + "\n")
        return .success
    case "help":
        let rest = arguments.dropFirst()
        guard let name = rest.first else {
            context.standardOutput.write(HelpText.root(commands: commands))
            return .success
        }
        if rest.count > 1 {
            context.standardError.write(HelpText.usageError("unexpected argument '\(rest[rest.startIndex + 1])'", command: nil))
            return .usageError
        }
        guard let command = CommandRegistry.command(named: name) else {
            return unknownCommand(name, context: context)
        }
        context.standardOutput.write(HelpText.command(command))
        return .success
    default:
        break
    }
    if first.hasPrefix("-") {
        context.standardError.write(HelpText.usageError("unknown option '\(first)'", command: nil))
        return .usageError
    }
    guard let command = CommandRegistry.command(named: first) else {
        return unknownCommand(first, context: context)
    }
    switch CommandLineParser(command: command).parse(Array(arguments.dropFirst())) {
    case .help:
        context.standardOutput.write(HelpText.command(command))
        return .success
    case .usageError(let message):
        context.standardError.write(HelpText.usageError(message, command: command))
        return .usageError
    case .run(let parsed):
        return command.run(parsed, context: context)
    }
}

private func unknownCommand(_ name: String, context: CommandContext) -> ExitCode {
    let names = CommandRegistry.all.map(\.name) + ["help"]
    let hint = Suggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
    context.standardError.write(HelpText.usageError("unknown command '\(name)'" + hint, command: nil))
    return .usageError
}

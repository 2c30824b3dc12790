/// The help and usage texts, laid out like swift-argument-parser's.
enum HelpText {
    static let toolName = "routegen"
    private static let columnWidth = 26

    /// `routegen --help` and `routegen help`.
    static func root(commands: [any Command]) -> String {
        var text = "OVERVIEW: Checks .routes files and generates typed Swift endpoints from them.\n\n"
        text += "USAGE: \(toolName) <subcommand>\n\n"
        text += "OPTIONS:\n"
        text += row("--version", "Show the version.")
        text += row("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for command in commands {
            text += row(command.name, command.abstract)
        }
        text += "\n  See '\(toolName) help <subcommand>' for detailed help.\n"
        return text
    }

    /// `routegen <command> --help` and `routegen help <command>`.
    static func command(_ command: any Command) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\n"
        if !command.discussion.isEmpty {
            text += wrapped(command.discussion)
        }
        text += "USAGE: \(usage(command))\n\n"
        if let positional = command.positional {
            text += "ARGUMENTS:\n"
            text += row("<\(positional.name)>", positional.help)
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in command.options {
            let spelled = option.shortName.map { "-\($0), " + option.synopsis } ?? option.synopsis
            text += row(spelled, option.help)
        }
        text += row("-h, --help", "Show help information.")
        return text
    }

    /// The one-line usage: `routegen format <file> ... [--check] [--in-place]`.
    static func usage(_ command: any Command) -> String {
        var parts = [toolName, command.name]
        if let positional = command.positional { parts.append(positional.synopsis) }
        for option in command.options { parts.append("[" + option.synopsis + "]") }
        return parts.joined(separator: " ")
    }

    /// The lines printed after a usage error: the problem, the usage, where to read more.
    static func usageError(_ message: String, command: (any Command)?) -> String {
        let usageLine = command.map(usage) ?? "\(toolName) <subcommand>"
        let helpHint = command.map { "\(toolName) \($0.name) --help" } ?? "\(toolName) --help"
        return "error: \(message)\nUsage: \(usageLine)\n  See '\(helpHint)' for more information.\n"
    }

    /// Each paragraph of `text` wrapped at 80 columns, a blank line after each.
    private static func wrapped(_ text: String) -> String {
        var result = ""
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && line.unicodeScalars.count + 1 + word.unicodeScalars.count > 80 {
                    result += line + "\n"
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            result += line + "\n\n"
        }
        return result
    }

    private static func row(_ left: String, _ right: String) -> String {
        let label = "  " + left
        let scalars = label.unicodeScalars.count
        if scalars >= columnWidth {
            return label + "\n" + String(repeating: " ", count: columnWidth) + right + "\n"
        }
        return label + String(repeating: " ", count: columnWidth - scalars) + right + "\n"
    }
}

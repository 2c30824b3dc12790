import RoutegenCore

/// Parses one command's arguments against its declarations, the way swift-argument-parser
/// does: `--name value`, `--name=value`, `-n value`, flags, repeated positionals, `--`
/// to end options, and `-h`/`--help` anywhere before `--`.
struct CommandLineParser {
    /// What the arguments asked for.
    enum Outcome {
        /// Run the command with these arguments.
        case run(ParsedArguments)
        /// Show the command's help.
        case help
        /// The arguments are wrong; the message is one line, lower case.
        case usageError(String)
    }

    let command: any Command

    func parse(_ arguments: [String]) -> Outcome {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                return .help
            }

            let declaration: OptionDeclaration?
            var inlineValue: String?
            let spelled: String
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: Substring
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = body
                }
                spelled = "--" + name
                declaration = command.options.first { $0.name == name }
            } else {
                spelled = argument
                let letters = argument.dropFirst()
                declaration = letters.count == 1 ? command.options.first { $0.shortName == letters.first } : nil
            }

            guard let option = declaration else {
                return .usageError("unknown option '\(spelled)'" + suggestion(for: spelled))
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil {
                    return .usageError("option '--\(option.name)' takes no value")
                }
                parsed.addFlag(option.name)
            case .value:
                if let value = inlineValue {
                    parsed.addValue(value, for: option.name)
                } else if index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" {
                    parsed.addValue(arguments[index], for: option.name)
                    index += 1
                } else {
                    return .usageError("missing value for '\(option.synopsis)'")
                }
            }
        }

        if let positional = command.positional {
            if positional.isRequired && parsed.positionals.isEmpty {
                return .usageError("missing expected argument '<\(positional.name)>'")
            }
            if !positional.isRepeated && parsed.positionals.count > 1 {
                return .usageError("unexpected argument '\(parsed.positionals[1])'")
            }
        } else if let first = parsed.positionals.first {
            return .usageError("unexpected argument '\(first)'")
        }
        return .run(parsed)
    }

    /// `; did you mean '--check'?` when a declared option is one or two edits away.
    private func suggestion(for spelled: String) -> String {
        guard spelled.hasPrefix("--") else { return "" }
        let candidates = command.options.map { "--" + $0.name } + ["--help"]
        guard let best = Suggestion.closest(to: spelled, among: candidates) else { return "" }
        return "; did you mean '\(best)'?"
    }
}

/// Levenshtein distance, for "did you mean" suggestions on short words.

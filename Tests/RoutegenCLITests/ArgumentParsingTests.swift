import Testing
@testable import RoutegenCLI

@Suite("Command line")
struct ArgumentParsingTests {
    @Test func versionPrintsTheVersionAndSucceeds() {
        let run = runInMemory(["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput == routegenVersion + "\n")
        #expect(run.standardError == "")
    }

    @Test func helpListsEveryRegisteredCommand() {
        let run = runInMemory(["--help"])
        #expect(run.status == 0)
        for command in CommandRegistry.all {
            #expect(run.standardOutput.contains("\n  " + command.name + " "))
        }
        #expect(run.standardOutput.hasPrefix("OVERVIEW: Checks .routes files and generates typed Swift endpoints from them.\n\nUSAGE: routegen <subcommand>\n"))
    }

    @Test func noArgumentsPrintsTheRootHelp() {
        #expect(runInMemory([]).standardOutput == runInMemory(["--help"]).standardOutput)
    }

    @Test func helpCommandPrintsTheCommandsHelp() {
        let run = runInMemory(["help", "format"])
        #expect(run.status == 0)
        #expect(run.standardOutput == runInMemory(["format", "--help"]).standardOutput)
        #expect(run.standardOutput.contains("USAGE: routegen format <file> ... [--check] [--in-place]\n"))
    }

    @Test func shortHelpFlagAfterTheCommandPrintsItsHelp() {
        #expect(runInMemory(["lint", "x.routes", "-h"]).standardOutput == runInMemory(["help", "lint"]).standardOutput)
    }

    @Test func unknownCommandIsAUsageErrorWithOneLineAndTheUsage() {
        let run = runInMemory(["lnit"])
        #expect(run.status == 2)
        #expect(run.standardOutput == "")
        #expect(run.standardError == """
            error: unknown command 'lnit'; did you mean 'lint'?
            Usage: routegen <subcommand>
              See 'routegen --help' for more information.

            """)
    }

    @Test func unknownOptionOfACommandIsAUsageError() {
        let run = runInMemory(["format", "--frobnicate", "a.routes"])
        #expect(run.status == 2)
        #expect(run.standardError == """
            error: unknown option '--frobnicate'
            Usage: routegen format <file> ... [--check] [--in-place]
              See 'routegen format --help' for more information.

            """)
    }

    @Test func unknownRootOptionIsAUsageError() {
        let run = runInMemory(["--verbose"])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: unknown option '--verbose'\nUsage: routegen <subcommand>\n"))
    }

    @Test func helpForAnUnknownCommandIsAUsageError() {
        let run = runInMemory(["help", "nope"])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: unknown command 'nope'\n"))
    }

    @Test func missingPositionalIsAUsageError() {
        let run = runInMemory(["lint"])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: missing expected argument '<file-or-folder>'\n"))
    }
}

/// A command with every kind of declaration, to test the parser without a real command.
private struct SampleCommand: Command {
    let name = "sample"
    let abstract = "Exercises the parser."
    let options: [OptionDeclaration] = [
        .flag("check", help: "Check only."),
        .value("output", shortName: "o", valueName: "dir", help: "Where to write."),
    ]
    let positional: PositionalDeclaration? = PositionalDeclaration(name: "file", help: "A file.")

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode { .success }
}

@Suite("Option parsing")
struct OptionParsingTests {
    private func parse(_ arguments: [String]) -> ParsedArguments? {
        if case .run(let parsed) = CommandLineParser(command: SampleCommand()).parse(arguments) { return parsed }
        return nil
    }

    private func usageError(_ arguments: [String]) -> String? {
        if case .usageError(let message) = CommandLineParser(command: SampleCommand()).parse(arguments) { return message }
        return nil
    }

    @Test func valueAfterASpaceIsTaken() {
        #expect(parse(["--output", "Gen", "a"])?.value("output") == "Gen")
    }

    @Test func valueAfterAnEqualsSignIsTaken() {
        #expect(parse(["--output=Gen", "a"])?.value("output") == "Gen")
    }

    @Test func shortNameTakesAValue() {
        #expect(parse(["-o", "Gen", "a"])?.value("output") == "Gen")
    }

    @Test func flagIsRecordedWhenPresent() {
        #expect(parse(["a", "--check"])?.flag("check") == true)
        #expect(parse(["a"])?.flag("check") == false)
    }

    @Test func positionalsKeepTheirOrderAroundOptions() {
        #expect(parse(["b", "--check", "a", "c"])?.positionals == ["b", "a", "c"])
    }

    @Test func doubleDashEndsOptions() {
        #expect(parse(["--", "--check"])?.positionals == ["--check"])
    }

    @Test func flagWithAValueIsAUsageError() {
        #expect(usageError(["--check=yes", "a"]) == "option '--check' takes no value")
    }

    @Test func optionWithoutItsValueIsAUsageError() {
        #expect(usageError(["a", "--output"]) == "missing value for '--output <dir>'")
    }

    @Test func misspeltOptionGetsASuggestion() {
        #expect(usageError(["--chek", "a"]) == "unknown option '--chek'; did you mean '--check'?")
    }

    @Test func commandHelpListsArgumentsAndOptions() {
        #expect(HelpText.command(SampleCommand()) == """
            OVERVIEW: Exercises the parser.

            USAGE: routegen sample <file> ... [--check] [--output <dir>]

            ARGUMENTS:
              <file>                  A file.

            OPTIONS:
              --check                 Check only.
              -o, --output <dir>      Where to write.
              -h, --help              Show help information.

            """)
    }
}

import RoutegenCore
import RoutegenOpenAPI

/// `routegen import <description> [-o File.routes] [--api Name] [--force]`: an OpenAPI 3.0 or
/// 3.1 description (JSON or YAML) as a route file in canonical form.
struct ImportCommand: Command {
    let name = "import"
    let abstract = "Turns an OpenAPI 3.0 or 3.1 description (JSON or YAML) into a route file."
    let discussion = """
        Operations become routes grouped by tag (or by first path segment), summaries their \
        documentation, operationIds their names; security becomes 'auth' lines, and every schema \
        the routes reach becomes a model, enum or union. What a route file cannot say is a warning \
        at its place in the description, naming what was done instead; the last line says how much \
        was imported. Nothing is written when there are errors, and an existing file is never \
        replaced without --force.
        Without -o the route file goes to standard output. A routegen.json (or \
        openapi-generator-config.yaml) beside the description, or the one --config names, filters \
        the operations, renames and maps schemas to the app's own types; openapi.overlay.yaml beside \
        it, or each --overlay, patches the description first.
        """
    let options: [OptionDeclaration] = [
        .value("output", shortName: "o", valueName: "file", help: "Write the route file here instead of standard output."),
        .value("api", valueName: "name", help: "The API's name (default: info.title as an identifier)."),
        .flag("force", help: "Replace the output file if it exists."),
    ] + DescriptionInput.options
    let positional: PositionalDeclaration? = PositionalDeclaration(
        name: "description",
        help: "An OpenAPI description: .json, .yaml or .yml.",
        isRepeated: false
    )

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            context.standardError.write(HelpText.usageError("give exactly one description file", command: self))
            return .usageError
        }
        let printer = DiagnosticPrinter(output: context.standardError)
        let output = arguments.value("output")
        if let output, !arguments.flag("force"), context.fileSystem.fileExists(atPath: context.resolvedPath(output)) {
            printer.emit(.error("'\(output)' exists; a route file may hold edits, so 'routegen import' replaces it only with --force", at: nil))
            printer.printSummary()
            return .failure
        }
        let input = DescriptionInput(path: path, arguments: arguments, context: context)
        guard let imported = input.importRouteFile(apiName: arguments.value("api"), context: context, printer: printer)?.imported else {
            printer.printSummary()
            return .failure
        }
        if let output {
            do {
                try context.writeText(imported.text, toPath: output)
            } catch {
                printer.emit(.error("'\(output)': \(error.reason)", at: nil))
                printer.printSummary()
                return .failure
            }
        } else {
            context.standardOutput.write(imported.text)
        }
        context.standardError.write(imported.summary.line + "\n")
        printer.printSummary()
        return .success
    }
}

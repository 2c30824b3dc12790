import RoutegenCore
import RoutegenLint
import RoutegenSurface

/// `routegen surface <file or folder>... [--format text|markdown|json]`: every route, then every declared type, as sorted tables.
struct SurfaceCommand: Command {
    let name = "surface"
    let abstract = "Lists every route and declared type of the API as stable, sorted tables."
    let discussion = """
        Prints one row per route: method, path template, access (auth or public), body, response \
        and group.name. Rows are sorted by path template (Unicode scalar order, so '/books' comes \
        before '/books/{id}'), then by method (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, then \
        others alphabetically), then by group.name. When the files declare types, a second table \
        follows with one row per field, enum value or union variant: the declaration (with its \
        generic parameters, includes, raw type, patched model or discriminator), the wire name, the \
        Swift name, the type and the presence (required, optional, required nullable, or defaulted \
        with its default); types are sorted by name, members keep their order. The listing depends \
        only on the routes and types, never on their order in the files, so it diffs cleanly in pull \
        requests. Nothing is printed when a file has errors; they go to standard error and the exit \
        status is 1.
        """
    let options: [OptionDeclaration] = [
        .value("format", valueName: "text|markdown|json", help: "Aligned text columns (default), Markdown tables, or a JSON object with 'routes' and 'types'."),
    ]
    let positional: PositionalDeclaration? = PositionalDeclaration(
        name: "file-or-folder",
        help: "A route file, or a folder searched for .routes files."
    )

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
        let formatName = arguments.value("format") ?? APISurface.Format.text.rawValue
        guard let format = APISurface.Format(rawValue: formatName) else {
            context.standardError.write(HelpText.usageError("unknown format '\(formatName)'; use text, markdown or json", command: self))
            return .usageError
        }
        let printer = DiagnosticPrinter(output: context.standardError)
        let paths = RouteFileDiscovery.routeFiles(for: arguments.positionals, context: context, diagnostics: printer)
        let loaded = RouteFileLoader.load(paths: paths, context: context, sink: printer)
        guard !printer.hasErrors else {
            printer.printSummary()
            return .failure
        }
        context.standardOutput.write(APISurface(models: loaded.compactMap(\.model)).render(format))
        return .success
    }
}

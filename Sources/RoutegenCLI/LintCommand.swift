import RoutegenCore

/// `routegen lint <file or folder>...`: parses and validates route files, runs the lint
/// rules on the valid ones, and prints every finding.
struct LintCommand: Command {
    let name = "lint"
    let abstract = "Checks route files and prints every problem found."
    let discussion = """
        Parses and validates each route file, then runs the lint rules on the files that are \
        valid. Diagnostics go to standard error as 'path:line:column: error: message' with \
        the source line and a caret. A folder means every .routes file in it and its \
        subfolders, sorted by path. Exits 0 when there are no errors (warnings do not \
        count), 1 when there are.
        Rules belong to the set 'recommended' (wrong on the wire or a security risk; the \
        default) or 'style' (naming, shape and docs for APIs you design); --rule-sets or \
        "ruleSets" in .routegen-lint.json choose. To adopt lint on an existing API, record \
        today's findings with --write-baseline lint-baseline.json, commit the file, and lint \
        with --baseline lint-baseline.json: only new findings are reported.
        """
    let options: [OptionDeclaration] = LintRulesRun.options
    let positional: PositionalDeclaration? = PositionalDeclaration(
        name: "file-or-folder",
        help: "A route file, or a folder searched for .routes files."
    )

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
        guard let lintRules = LintRulesRun(arguments, context: context, command: self) else { return .usageError }
        guard lintRules.format == .text else {
            // JSON, SARIF and GitHub: every diagnostic, discovery's too, goes into one report.
            let report = DiagnosticCollector()
            let paths = RouteFileDiscovery.routeFiles(for: arguments.positionals, context: context, diagnostics: report)
            return lintRules.runReport(paths: paths, report: report)
        }
        let printer = DiagnosticPrinter(output: context.standardError)
        let paths = RouteFileDiscovery.routeFiles(for: arguments.positionals, context: context, diagnostics: printer)
        guard lintRules.loadBaseline(sink: printer) else {
            printer.printSummary()
            return .failure
        }
        _ = RouteFileLoader.load(paths: paths, context: context, sink: printer) { model, source, sink in
            lintRules.check(model: model, source: source, sink: sink)
        }
        printer.printSummary()
        let baseline = lintRules.finishBaseline()
        if let line = baseline.line { context.standardError.write(line + "\n") }
        return printer.hasErrors || baseline.failed ? .failure : .success
    }
}

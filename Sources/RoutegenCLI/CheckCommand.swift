import RoutegenCore
import RoutegenEmit

/// `routegen check [same arguments as generate]`: exits 1 when the output folder is not
/// exactly what `generate` would write, listing each stale, missing or extra file with a
/// short diff and the command that fixes it. Writes nothing.
struct CheckCommand: Command {
    let name = "check"
    let abstract = "Fails when the generated folder differs from what 'routegen generate' would write."
    let discussion = """
        Takes the same arguments as generate and writes nothing. Lists each stale, missing or extra \
        generated file with a short unified diff, then the generate command that brings the folder \
        up to date, and exits 1. Exits 0 when the folder is up to date. Use it in CI so a stale \
        Generated folder fails the build.
        """
    let options: [OptionDeclaration] = GenerateSettings.options
    let positional: PositionalDeclaration? = GenerateSettings.positional

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
        guard let (run, planned) = GenerateRun.start(arguments, context: context, command: self) else { return .usageError }
        let settings = run.settings
        guard let outcome = planned else {
            run.printer.printSummary()
            return .failure
        }
        let plan = outcome.plan
        guard !plan.isUpToDate else {
            context.standardOutput.write("'\(settings.outputFolder)' is up to date (\(plan.unchangedPaths.count) files)\n")
            return .success
        }
        var report = ""
        for path in plan.conflictingPaths {
            report += "'\(path)' is not a routegen file but stands where one must be generated; move it away\n"
        }
        let diff = CheckDiff()
        for change in plan.changes {
            switch change.kind {
            case .create: report += "missing: \(change.path)\n"
            case .update: report += "stale: \(change.path)\n"
            case .remove: report += "extra: \(change.path) (nothing generates it any more)\n"
            }
            report += diff.render(
                old: change.oldContents,
                new: change.newContents,
                oldLabel: change.kind == .create ? "/dev/null" : "a/" + change.path,
                newLabel: change.kind == .remove ? "/dev/null" : "b/" + change.path
            )
        }
        let count = plan.changes.count + plan.conflictingPaths.count
        report += "error: '\(settings.outputFolder)' is out of date (\(count) file\(count == 1 ? "" : "s")); run '\(settings.fixCommand)'\n"
        context.standardError.write(report)
        return .failure
    }
}

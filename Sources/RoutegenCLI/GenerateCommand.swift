import RoutegenCore
import RoutegenEmit

/// `routegen generate [file or folder]... [--output DIR] [--access public|internal|package]`:
/// writes the Swift of every route file into the output folder.
struct GenerateCommand: Command {
    let name = "generate"
    let abstract = "Writes the Swift endpoints, repositories, route table and audit tests of route files."
    let discussion = """
        With no paths, reads every .routes file under Specs and writes into Generated. Each API \
        goes to <output>/<Api>API (one file per group plus <Api>Routes.swift) and its route-audit \
        tests to <output>/<Api>APIAuditTests. Only files whose content changed are written, each \
        through a temporary file and a rename, all renamed only after all were written. A generated \
        file in those folders that nothing generates any more (a removed group) is removed. A file \
        without the routegen header is never overwritten or removed: if one stands where a \
        generated file must go, nothing is written. A route file with errors writes nothing. \
        With --diagnostics deferred (and --audit-tests-only), a route file with errors gets one \
        note without a location and the run succeeds, writing nothing: the build of its endpoints \
        lists the errors and fails. The build plugin uses it on test targets, so each error shows once.
        """
    let options: [OptionDeclaration] = GenerateSettings.options + [GenerateSettings.diagnosticsOption]
    let positional: PositionalDeclaration? = GenerateSettings.positional

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
        guard let (run, planned) = GenerateRun.start(arguments, context: context, command: self) else { return .usageError }
        let settings = run.settings, printer = run.printer
        guard let outcome = planned else {
            printer.printSummary()
            // No error printed: every error was in a route file and deferred to the build of
            // its endpoints (--diagnostics deferred), which fails; failing here too could stop
            // a build before it reaches that step.
            return printer.hasErrors ? .failure : .success
        }
        let plan = outcome.plan
        guard plan.conflictingPaths.isEmpty else {
            printer.emit(contentsOf: plan.conflictingPaths.map { path in
                .error("'\(path)' was not written by routegen, so it is never replaced; move it away or choose another --output folder", at: nil)
            })
            printer.printSummary()
            return .failure
        }
        do {
            try GenerateWriter(context: context).apply(plan)
        } catch {
            printer.emit(.error(error.description + "; the output folder keeps its previous files", at: nil))
            printer.printSummary()
            return .failure
        }
        for change in plan.changes {
            let verb = switch change.kind {
            case .create: "created"
            case .update: "updated"
            case .remove: "removed"
            }
            context.standardOutput.write(verb + " " + change.path + "\n")
        }
        context.standardOutput.write(Self.summary(plan, outputFolder: settings.outputFolder) + "\n")
        return .success
    }

    /// `2 files written, 1 removed, 7 unchanged in Generated`.
    static func summary(_ plan: GeneratePlan, outputFolder: String) -> String {
        let written = plan.changes.filter { $0.kind != .remove }.count
        let removed = plan.changes.count - written
        return count(written, "file") + " written, " + String(removed) + " removed, " + String(plan.unchangedPaths.count) + " unchanged in " + outputFolder
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        String(number) + " " + noun + (number == 1 ? "" : "s")
    }
}

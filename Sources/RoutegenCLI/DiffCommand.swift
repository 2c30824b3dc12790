import RoutegenCore
import RoutegenLint
import RoutegenSurface

/// `routegen diff <old> <new>` or `routegen diff --base REV <file>`: every API change, classified.
struct DiffCommand: Command {
    let name = "diff"
    let abstract = "Classifies every change between two versions of a route file."
    let discussion = """
        Compares two route files, or one route file with itself at a git revision (--base REV runs \
        'git show REV:path'). Routes are matched by group.name; a route that disappears while a new \
        one appears with the same method and path shape is a rename. Breaking: a removed or renamed \
        route, a changed method or path shape, a renamed path parameter, a new required parameter, \
        a changed parameter, body or response type, a route that now requires authentication. \
        Security review: a route that became public. Not breaking: an added route, an added optional \
        or defaulted parameter, deprecation, documentation. Declared types are matched by name and \
        their members by wire name: a removed field, enum value or variant, a changed type, wire \
        name or Swift name, a field made optional or required, and a removed type that something \
        named are breaking; in a model the client sends, so is a new required field; in one it \
        receives, a field that may now be left out. An added type, enum value, variant or optional \
        field is not. Exits 1 when anything breaks, unless --allow-breaking; 0 otherwise.
        """
    let options: [OptionDeclaration] = [
        .value("format", valueName: "text|json|sarif|github", help: "One line per change with a summary (default), JSON, SARIF 2.1.0, or GitHub Actions workflow commands that annotate the route file's lines (breaking: error, security review: warning, others: notice)."),
        .value("base", valueName: "revision", help: "Compare the one file given with its content at this git revision."),
        .flag("allow-breaking", help: "Exit 0 even when a change breaks clients."),
    ]
    let positional: PositionalDeclaration? = PositionalDeclaration(
        name: "file",
        help: "The old and the new route file, or with --base the one file to compare."
    )

    /// Where `--base` texts come from; git unless a test injects another.
    var revisionReader: any DiffRevisionReader = GitRevisionReader()

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
        let formatName = arguments.value("format") ?? APIDiff.Format.text.rawValue
        guard let format = APIDiff.Format(rawValue: formatName) else {
            return usageError("unknown format '\(formatName)'; use text, json, sarif or github", context: context)
        }
        let files = arguments.positionals
        let base = arguments.value("base")
        if base != nil && files.count != 1 {
            return usageError("--base takes exactly one route file, got \(files.count)", context: context)
        }
        if base == nil && files.count != 2 {
            return usageError("diff takes an old and a new route file, got \(files.count); or one file with --base REV", context: context)
        }

        let printer = DiagnosticPrinter(output: context.standardError)
        let oldModel: APIModel?
        if let base {
            let shownPath = base + ":" + files[0]
            do {
                let text = try revisionReader.text(ofPath: files[0], atRevision: base, currentDirectory: context.currentDirectory)
                oldModel = RouteFileLoader.load(source: text, path: shownPath, sink: printer)
            } catch {
                printer.emit(.error("cannot read '\(shownPath)': \(error.reason)", at: nil))
                oldModel = nil
            }
        } else {
            oldModel = RouteFileLoader.load(paths: [files[0]], context: context, sink: printer).first?.model
        }
        let newModel = RouteFileLoader.load(paths: [files[files.count - 1]], context: context, sink: printer).first?.model
        guard let oldModel, let newModel, !printer.hasErrors else {
            printer.printSummary()
            return .failure
        }
        var diff = APIDiff(old: oldModel, new: newModel)
        if let base, format == .sarif || format == .github {
            diff.changes = diff.changes.map { Self.annotatable($0, revisionPath: base + ":" + files[0], newPath: files[0]) }
        }
        context.standardOutput.write(diff.render(format, toolVersion: routegenVersion))
        return diff.hasBreakingChanges && !arguments.flag("allow-breaking") ? .failure : .success
    }

    /// A change located in the old revision (a removed route) cannot be annotated there, since a
    /// pull request shows only the new file: it points at the new file's first line and names the
    /// old place in its message.
    static func annotatable(_ change: APIChange, revisionPath: String, newPath: String) -> APIChange {
        guard change.location.file == revisionPath else { return change }
        var moved = change
        moved.message += " (it was at \(change.location))"
        moved.location = SourceLocation(file: newPath, line: 1, column: 1)
        return moved
    }

    private func usageError(_ message: String, context: CommandContext) -> ExitCode {
        context.standardError.write(HelpText.usageError(message, command: self))
        return .usageError
    }
}

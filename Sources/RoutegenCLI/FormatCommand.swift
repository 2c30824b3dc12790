import RoutegenCore

/// `routegen format <file>... [--check] [--in-place]`: prints, checks or rewrites route files
/// in their canonical form.
struct FormatCommand: Command {
    let name = "format"
    let abstract = "Prints route files in canonical form, or checks or rewrites them."
    let discussion = """
        The canonical form aligns the columns of the routes within each group, puts one space \
        between tokens everywhere else, and keeps comments and documentation where they were. \
        Formatting is idempotent and never changes what a file means. A file with syntax errors \
        is reported and left alone. A folder means every .routes file in it and its subfolders.
        Without options the formatted text goes to standard output, file after file.
        """
    let options: [OptionDeclaration] = [
        .flag("check", help: "Print nothing; name each file that is not formatted and exit 1 if any."),
        .flag("in-place", help: "Rewrite each file that is not formatted."),
    ]
    let positional: PositionalDeclaration? = PositionalDeclaration(
        name: "file",
        help: "A route file, or a folder searched for .routes files."
    )

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
        let isCheck = arguments.flag("check")
        let isInPlace = arguments.flag("in-place")
        if isCheck && isInPlace {
            context.standardError.write(HelpText.usageError("'--check' and '--in-place' cannot be used together", command: self))
            return .usageError
        }
        let printer = DiagnosticPrinter(output: context.standardError)
        let paths = RouteFileDiscovery.routeFiles(for: arguments.positionals, context: context, diagnostics: printer)

        for path in paths {
            guard let source = RouteFileLoader.read(path, context: context, sink: printer),
                  let formatted = RouteFileLoader.run(source: source, path: path, sink: printer, stage: { text, collector in
                      format(text: text, path: path, diagnostics: collector)
                  }) else { continue }
            if isCheck {
                if let line = Self.firstDifferingLine(source, formatted) {
                    let location = SourceLocation(file: path, line: line, column: 1)
                    printer.emit(.error("'\(path)' is not formatted; run 'routegen format --in-place \(path)'", at: location))
                }
            } else if isInPlace {
                guard formatted != source else { continue }
                do {
                    try context.writeText(formatted, toPath: path)
                } catch {
                    printer.emit(.error("'\(path)': \(error.reason)", at: nil))
                }
            } else {
                context.standardOutput.write(formatted)
            }
        }
        printer.printSummary()
        return printer.hasErrors ? .failure : .success
    }

    /// The 1-based number of the first line where `formatted` differs from `source`; nil when they are equal.
    static func firstDifferingLine(_ source: String, _ formatted: String) -> Int? {
        guard source != formatted else { return nil }
        // Scalars, not Characters: "\r\n" is one Character and would hide CRLF line breaks.
        let sourceLines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        let formattedLines = formatted.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(sourceLines.count, formattedLines.count) {
            guard index < sourceLines.count, index < formattedLines.count,
                  sourceLines[index].elementsEqual(formattedLines[index]) else { return index + 1 }
        }
        return 1
    }
}

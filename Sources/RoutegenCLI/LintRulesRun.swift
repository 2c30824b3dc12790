import RoutegenCore
import RoutegenLint

/// What the lint rules add to `routegen lint`: `--strict`, `--format text|json|sarif` and
/// `--config <file>`, the `.routegen-lint.json` lookup beside each route file, and the JSON and
/// SARIF reports. `LintCommand` builds one per run; `runLintRules` calls `check` for each valid model.
///
/// The `lint-routes` command plugin runs `routegen lint`, so plugin and CLI apply the same rules.
final class LintRulesRun {
    /// The report forms `--format` accepts.
    enum Format: String, CaseIterable {
        case text, json, sarif
    }

    /// The options `routegen lint` declares for the rules.
    static let options: [OptionDeclaration] = [
        .flag("strict", help: "Report every lint finding as an error, so warnings fail the run."),
        .value("format", valueName: "text|json|sarif", help: "How to report: compiler-style text on standard error (default), or JSON or SARIF 2.1.0 on standard output."),
        .value("config", valueName: "file", help: "The lint configuration to use instead of the \(LintConfiguration.fileName) beside each route file."),
    ]

    /// The chosen report form.
    let format: Format
    private let isStrict: Bool
    private let explicitConfigurationPath: String?
    private let context: CommandContext
    /// Configurations already read, by path, so a shared file is read and reported once.
    private var configurations: [String: LintConfiguration] = [:]

    /// Reads the options; prints a usage error and returns nil when `--format` is not a known form.
    init?(_ arguments: ParsedArguments, context: CommandContext, command: any Command) {
        let formatName = arguments.value("format") ?? Format.text.rawValue
        guard let format = Format(rawValue: formatName) else {
            context.standardError.write(HelpText.usageError("unknown format '\(formatName)'; use text, json or sarif", command: command))
            return nil
        }
        self.format = format
        self.isStrict = arguments.flag("strict")
        self.explicitConfigurationPath = arguments.value("config")
        self.context = context
    }

    /// Runs the rules on a valid `model` with the configuration that applies to its file, and sends
    /// findings (and the configuration's own problems, the first time it is read) to `sink`.
    func check(model: APIModel, source: SourceText, sink: any DiagnosticSink) {
        let linter = Linter(configuration: configuration(forRouteFile: model.sourcePath, sink: sink), isStrict: isStrict)
        for diagnostic in linter.lint(model, text: source) {
            sink.emit(format == .text ? Self.taggedWithRuleID(diagnostic) : diagnostic)
        }
    }

    /// The printed text form ends with the rule id, as compilers print a warning flag: `message [secret-in-query]`.
    static func taggedWithRuleID(_ diagnostic: Diagnostic) -> Diagnostic {
        guard let ruleID = diagnostic.ruleID else { return diagnostic }
        var tagged = diagnostic
        tagged.message += " [\(ruleID)]"
        return tagged
    }

    /// `--config`, or `.routegen-lint.json` in the route file's folder, or the defaults when there is none.
    private func configuration(forRouteFile path: String, sink: any DiagnosticSink) -> LintConfiguration {
        let configurationPath: String
        if let explicitConfigurationPath {
            configurationPath = explicitConfigurationPath
        } else {
            // Beside the route file: the same folder, whatever form the path was given in.
            if let slash = path.lastIndex(of: "/") {
                configurationPath = String(path[...slash]) + LintConfiguration.fileName
            } else {
                configurationPath = LintConfiguration.fileName
            }
        }
        let key = context.resolvedPath(configurationPath)
        if let known = configurations[key] { return known }
        let configuration: LintConfiguration
        if explicitConfigurationPath == nil && !context.fileSystem.fileExists(atPath: key) {
            configuration = LintConfiguration()
        } else {
            do {
                configuration = LintConfiguration.parse(try context.readText(atPath: configurationPath), path: configurationPath, diagnostics: sink)
            } catch {
                sink.emit(.error("cannot read lint configuration '\(configurationPath)': \(error.reason)", at: nil))
                configuration = LintConfiguration()
            }
        }
        configurations[key] = configuration
        return configuration
    }

    /// `--format json` or `sarif`: reads and checks `paths` itself, because every diagnostic
    /// (parser errors too) goes into one document on standard output instead of being printed.
    func runReport(paths: [String], earlierDiagnostics: [Diagnostic]) -> ExitCode {
        let report = DiagnosticCollector()
        report.emit(contentsOf: earlierDiagnostics)
        _ = RouteFileLoader.load(paths: paths, context: context, sink: report) { model, source, sink in
            check(model: model, source: source, sink: sink)
        }
        switch format {
        case .text: break
        case .json: context.standardOutput.write(LintJSONReport.render(report.diagnostics))
        case .sarif: context.standardOutput.write(SarifReport.render(report.diagnostics, toolVersion: routegenVersion))
        }
        return report.hasErrors ? .failure : .success
    }
}

import RoutegenCore
import RoutegenEmit

/// What `generate` and `check` share: the inputs, the output folder and the emit options,
/// read from one command line, plus the command that regenerates exactly this output.
struct GenerateSettings {
    /// Route files and folders read when no path is given.
    static let defaultInputs = ["Specs"]
    /// The output folder used when `--output` is not given.
    static let defaultOutputFolder = "Generated"

    /// The options both commands accept, in help order.
    static var options: [OptionDeclaration] { commonOptions + descriptionOptions }

    private static let commonOptions: [OptionDeclaration] = [
        .value("output", shortName: "o", valueName: "dir", help: "The folder to write into (default: Generated)."),
        .value("access", valueName: "public|internal|package", help: "The access level of every generated declaration (default: public)."),
        .flag("no-audit-tests", help: "Write the sources and their companion module, not the route-audit tests."),
        .flag("audit-tests-only", help: "Write only the route-audit tests (the build plugin uses this on test targets)."),
        .flag("no-preview", help: "Leave out the companion module <Api>APIPreview (samples and preview client)."),
        .flag("preview-only", help: "Write only the companion module <Api>APIPreview (the build plugin uses this on <Target>Preview targets)."),
        .value("api-module", valueName: "name", help: "The module the audit tests import for the generated sources (default: <Api>API)."),
        .value(
            "model-files", valueName: "per-group|every-group|per-type|N",
            help: "Where the declared types go: per-group (the default) writes <Api>API/<Group>Models.swift beside each group's endpoints, for the types its routes are the first to use, and <Api>API/<Api>Models.swift for the rest, each only when it holds a type; every-group writes all of them, empty ones too (the build plugin uses it, so its list of output files does not change when a type is added); per-type writes <Api>API/Models/<Type>Model.swift; N (1 to 64) writes exactly N files, <Api>API/Models/<Api>Models1.swift ..."
        ),
    ]

    /// The option only `generate` accepts: `check` always lists every diagnostic.
    static let diagnosticsOption: OptionDeclaration = .value(
        "diagnostics",
        valueName: "full|deferred",
        help: "full (default): every diagnostic. deferred (with --audit-tests-only or --preview-only): one note per route file with errors, left to the build of its endpoints (the build plugin uses this on test and <Target>Preview targets)."
    )

    /// How the diagnostics of a route file's contents are reported.
    enum DiagnosticsStyle: String {
        /// Every error and warning at its `path:line:column`, with the source line and a caret;
        /// a file with errors fails the run.
        case full
        /// `--diagnostics deferred`, only with `--audit-tests-only` or `--preview-only`: the build of the route
        /// file's endpoints lists its diagnostics. A file with errors gets one `note:` line
        /// without a location (so a build system shows each error once) and nothing is
        /// written, but the run succeeds: a build that stops at its first failing step must
        /// still reach the step that lists the errors. Warnings are not printed. Other errors
        /// (a file in the way, a failed write) are still printed in full and fail the run.
        case deferred
    }

    /// Which artifacts a run writes.
    struct Artifacts: Equatable {
        /// The API module's sources (`<Api>API/`).
        var includesSources: Bool
        /// The companion module's samples and preview client (`<Api>APIPreview/`).
        var includesPreview: Bool
        /// The route-audit tests (`<Api>APIAuditTests/`).
        var includesAuditTests: Bool

        /// Sources, their companion and route-audit tests.
        static let all = Artifacts(includesSources: true, includesPreview: true, includesAuditTests: true)
        /// `--audit-tests-only`: route-audit tests only.
        static let auditTestsOnly = Artifacts(includesSources: false, includesPreview: false, includesAuditTests: true)
        /// `--preview-only`: the companion module only.
        static let previewOnly = Artifacts(includesSources: false, includesPreview: true, includesAuditTests: false)
    }

    /// The options of a description's import (`--api`, `--config`, `--overlay`) and the fixed
    /// file layout the build plugin uses for one.
    static let descriptionOptions: [OptionDeclaration] = [
        .value("api", valueName: "name", help: "The API's name when the input is an OpenAPI description (default: the configuration's \"api\", else info.title as an identifier)."),
    ] + DescriptionInput.options + [
        .value("files-per-folder", valueName: "N", help: "Write each generated folder as exactly N files (1 to 64), <Folder>/<Folder>1.swift ..., whatever the groups and types (the build plugin uses it for a description, whose groups only the import knows)."),
    ]

    /// The positional arguments both commands accept.
    static let positional = PositionalDeclaration(
        name: "file-or-folder",
        help: "A route file, an OpenAPI description (.yaml, .yml or .json: imported in memory, with the routegen.json and openapi.overlay.yaml beside it), or a folder searched for .routes files (default: Specs).",
        isRequired: false
    )

    /// Route files and folders, as the user wrote them.
    var inputs: [String]
    /// The output folder, as the user wrote it.
    var outputFolder: String
    /// Options for the emitters.
    var emitOptions: EmitOptions
    /// Which artifacts to write; a folder of an artifact not written is left alone.
    var artifacts: Artifacts
    /// The arguments as given, to print the command that fixes a stale folder.
    var givenArguments: [String]
    /// How route files' diagnostics are printed; always `full` for `check`.
    var diagnostics: DiagnosticsStyle = .full
    /// Whether `--access` was given: it wins over a description's configuration.
    var accessGiven = false
    /// `--files-per-folder`: each generated folder as exactly this many files (`FolderBundling`).
    var bundleCount: Int?
    /// `--api`: the name of a description's API.
    var apiName: String?
    /// `--config`: a description's configuration, instead of the one beside it.
    var configurationPath: String?
    /// `--overlay`: a description's overlays, instead of the one beside it.
    var overlayPaths: [String] = []

    /// Reads the settings, or returns a usage error message.
    static func parse(_ arguments: ParsedArguments) -> Result<GenerateSettings, UsageMessage> {
        var emitOptions = EmitOptions()
        var given = arguments.positionals
        if let access = arguments.value("access") {
            guard let level = AccessLevel(rawValue: access) else {
                return .failure(UsageMessage(text: "unknown access level '\(access)'; use public, internal or package"))
            }
            emitOptions.accessLevel = level
            given += ["--access", access]
        }
        let artifacts: Artifacts
        switch readArtifacts(arguments, given: &given) {
        case .success(let read): artifacts = read
        case .failure(let usage): return .failure(usage)
        }
        if let module = arguments.value("api-module") {
            guard SwiftNaming.isIdentifier(module) else {
                return .failure(UsageMessage(text: "'\(module)' is not a module name; pass a Swift identifier after --api-module"))
            }
            emitOptions.apiModule = module
            given += ["--api-module", module]
        }
        if let count = arguments.value("model-files") {
            switch count {
            case "per-group": emitOptions.modelFiles = .perGroup(everyFile: false)
            case "every-group": emitOptions.modelFiles = .perGroup(everyFile: true)
            case "per-type": emitOptions.modelFiles = .perType
            default:
                guard let files = Int(count), (1...64).contains(files) else {
                    return .failure(UsageMessage(text: "'\(count)' is not a file count or layout; pass per-group, every-group, per-type or a whole number from 1 to 64 after --model-files"))
                }
                emitOptions.modelFiles = .fixed(count: files)
            }
            given += ["--model-files", count]
        }
        var bundleCount: Int?
        if let count = arguments.value("files-per-folder") {
            guard let files = Int(count), (1...64).contains(files) else {
                return .failure(UsageMessage(text: "'\(count)' is not a file count; pass a whole number from 1 to 64 after --files-per-folder"))
            }
            bundleCount = files
            given += ["--files-per-folder", count]
        }
        let inputs = arguments.positionals.isEmpty ? defaultInputs : arguments.positionals
        let descriptionGiven = inputs.contains(where: DescriptionInput.isDescription)
        for name in ["api", "config", "overlay"] where arguments.values[name] != nil {
            guard descriptionGiven else {
                return .failure(UsageMessage(text: "--\(name) shapes the import of an OpenAPI description; name one (.yaml, .yml or .json), or write it in the route file"))
            }
            for value in arguments.values[name] ?? [] { given += ["--" + name, value] }
        }
        var diagnostics = DiagnosticsStyle.full
        if let style = arguments.value("diagnostics") {
            guard let parsed = DiagnosticsStyle(rawValue: style) else {
                return .failure(UsageMessage(text: "unknown diagnostics style '\(style)'; use full or deferred"))
            }
            guard parsed == .full || artifacts == .auditTestsOnly || artifacts == .previewOnly else {
                return .failure(UsageMessage(text: "--diagnostics deferred needs --audit-tests-only or --preview-only; only the route-audit tests' and the companion's builds can leave a route file's errors to the build of its endpoints"))
            }
            diagnostics = parsed
        }
        let output = arguments.value("output") ?? defaultOutputFolder
        if arguments.value("output") != nil { given += ["--output", output] }
        guard !output.isEmpty else {
            return .failure(UsageMessage(text: "the output folder is empty; name a folder after --output"))
        }
        return .success(GenerateSettings(
            inputs: inputs,
            outputFolder: output,
            emitOptions: emitOptions,
            artifacts: artifacts,
            givenArguments: given,
            diagnostics: diagnostics,
            accessGiven: arguments.value("access") != nil,
            bundleCount: bundleCount,
            apiName: arguments.value("api"),
            configurationPath: arguments.value("config"),
            overlayPaths: arguments.values["overlay"] ?? []
        ))
    }

    /// The artifacts the flags ask for; each flag given is appended to `given`.
    private static func readArtifacts(_ arguments: ParsedArguments, given: inout [String]) -> Result<Artifacts, UsageMessage> {
        let flags = ["no-audit-tests", "audit-tests-only", "no-preview", "preview-only"].filter { arguments.flag($0) }
        given += flags.map { "--" + $0 }
        let excluding = [("no-audit-tests", "audit-tests-only"), ("audit-tests-only", "preview-only"), ("no-preview", "preview-only")]
        for (one, other) in excluding where flags.contains(one) && flags.contains(other) {
            return .failure(UsageMessage(text: "--\(one) and --\(other) exclude each other; pass one"))
        }
        if flags.contains("audit-tests-only") { return .success(.auditTestsOnly) }
        if flags.contains("preview-only") { return .success(.previewOnly) }
        var artifacts = Artifacts.all
        artifacts.includesAuditTests = !flags.contains("no-audit-tests")
        artifacts.includesPreview = !flags.contains("no-preview")
        return .success(artifacts)
    }

    /// `swift run routegen generate ...` with the same arguments: what to run to bring the
    /// output folder up to date.
    var fixCommand: String {
        (["swift", "run", "routegen", "generate"] + givenArguments.map(Self.shellQuoted)).joined(separator: " ")
    }

    private static func shellQuoted(_ argument: String) -> String {
        let plain = argument.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-_./=,+:@".unicodeScalars.contains(scalar)
        }
        if plain && !argument.isEmpty { return argument }
        return "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

/// A usage problem in the arguments of `generate` or `check`.
struct UsageMessage: Error {
    /// The message, lower case, saying what to do.
    var text: String
}

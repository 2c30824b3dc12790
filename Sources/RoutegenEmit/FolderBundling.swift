/// `--files-per-folder N`: every generated folder written as exactly N files, whatever the
/// groups and types, so a build plugin that cannot read the API before the build (an OpenAPI
/// description, whose groups the import decides) still names its output files up front.
///
/// The files of a folder, in emission order, are cut into N consecutive runs of about equal
/// size, and each run becomes one file: the first file's header, every run member's imports
/// once (`public import` where any member exposes the module), then the members' declarations
/// in order. Every file an emitter writes has that shape (`GeneratedFileHeader`, then the
/// `ImportList` lines, each block ended by a blank line) and declares nothing `private` at file
/// level, so the run compiles as its members did. A run with no member is the header alone.
public enum FolderBundling {
    /// `files` with each top-level folder's files bundled into `count` files
    /// (`GeneratedLayout.bundleFile`), folders in the order they first appear.
    public static func bundle(_ files: [GeneratedFile], count: Int, sourcePath: String) -> [GeneratedFile] {
        var folders: [String] = []
        var filesOfFolder: [String: [GeneratedFile]] = [:]
        for file in files {
            let folder = String(file.relativePath.prefix { $0 != "/" })
            if filesOfFolder[folder] == nil { folders.append(folder) }
            filesOfFolder[folder, default: []].append(file)
        }
        return folders.flatMap { folder in
            runs(of: filesOfFolder[folder] ?? [], count: count).enumerated().map { index, run in
                GeneratedFile(
                    relativePath: GeneratedLayout.bundleFile(folder: folder, number: index + 1),
                    utf8: merged(run.map(GeneratedFileParts.init), sourcePath: sourcePath)
                )
            }
        }
    }

    /// `files` cut into `count` consecutive runs, each file in the run its middle byte falls in
    /// when the folder's bytes are spread evenly over the runs.
    static func runs(of files: [GeneratedFile], count: Int) -> [[GeneratedFile]] {
        var runs = Array(repeating: [GeneratedFile](), count: count)
        let total = max(1, files.reduce(0) { $0 + $1.utf8.count })
        var before = 0
        for file in files {
            let middle = before + file.utf8.count / 2
            runs[min(count - 1, middle * count / total)].append(file)
            before += file.utf8.count
        }
        return runs
    }

    /// The header, the imports of every part once, then each part's declarations, each block
    /// after a blank line.
    static func merged(_ parts: [GeneratedFileParts], sourcePath: String) -> [UInt8] {
        var header = SwiftWriter()
        header.lines(GeneratedFileHeader.lines(sourcePath: sourcePath))
        var output = header.outputUTF8
        let imports = parts.reduce(into: MergedImports()) { $0.add($1.importLines) }
        var blocks = parts.map(\.declarations).filter { !$0.isEmpty }
        if !imports.lines.isEmpty {
            var writer = SwiftWriter()
            writer.lines(imports.lines)
            blocks.insert(writer.outputUTF8, at: 0)
        }
        for block in blocks {
            output.append(UInt8(ascii: "\n"))
            output += block
        }
        return output
    }
}

/// A generated file cut at its two blank-line-ended blocks: the header, the imports, the rest.
struct GeneratedFileParts {
    /// The import block's lines, in order: imports and `#if canImport(...)` groups of them.
    var importLines: [Substring]
    /// Everything after the imports' blank line, ending in a newline.
    var declarations: [UInt8]

    init(_ file: GeneratedFile) {
        let bytes = file.utf8
        var lines: [Substring] = []
        var lineStart = 0
        var blankLines = 0
        // The header's comment lines and their blank line, then the import lines and theirs.
        while lineStart < bytes.count, blankLines < 2 {
            let end = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = Substring(decoding: bytes[lineStart..<end], as: UTF8.self)
            if line.isEmpty {
                blankLines += 1
            } else if blankLines == 1 {
                // A file without imports: this line starts the declarations.
                guard ImportItem.isImportBlockLine(line) else { break }
                lines.append(line)
            }
            lineStart = min(bytes.count, end + 1)
        }
        importLines = lines
        declarations = Array(bytes[lineStart...])
    }
}

/// One import of a file's import block: a module or a declaration of one
/// (`public import struct ShopAPI.Book`), or a `#if ... #endif` group kept as written.
enum ImportItem: Equatable {
    case module(path: String, access: String, testable: Bool)
    case conditional([Substring])

    /// The access keywords, narrowest first; an unmarked import is the narrowest.
    static let widening = ["", "internal", "package", "public"]

    /// Whether `line` belongs to an import block: an import or a conditional-compilation line.
    static func isImportBlockLine(_ line: Substring) -> Bool {
        line.hasPrefix("#") || parse(line) != nil
    }

    /// `@testable public import struct M.T` as its parts; nil for any other line.
    static func parse(_ line: Substring) -> ImportItem? {
        var words = line.split(separator: " ")[...]
        let testable = words.first == "@testable"
        if testable { words = words.dropFirst() }
        var access = ""
        if let first = words.first, widening.contains(String(first)) {
            access = String(first)
            words = words.dropFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        return .module(path: words.dropFirst().joined(separator: " "), access: access, testable: testable)
    }

    /// The import block's items: single imports, and each `#if` to its `#endif` as one.
    static func items(of lines: [Substring]) -> [ImportItem] {
        var items: [ImportItem] = []
        var group: [Substring]?
        for line in lines {
            if line.hasPrefix("#if") {
                group = [line]
            } else if var open = group {
                open.append(line)
                group = line.hasPrefix("#endif") ? nil : open
                if line.hasPrefix("#endif") { items.append(.conditional(open)) }
            } else if let item = parse(line) {
                items.append(item)
            }
        }
        return items
    }

    /// The lines as written.
    var lines: [String] {
        switch self {
        case .module(let path, let access, let testable):
            [(testable ? "@testable " : "") + (access.isEmpty ? "" : access + " ") + "import " + path]
        case .conditional(let lines):
            lines.map(String.init)
        }
    }
}

/// The imports of several files, each module (or `#if` group) once in the order first seen,
/// with the widest access any file gives it and `@testable` when any file has it.
struct MergedImports {
    private var items: [ImportItem] = []

    mutating func add(_ importLines: [Substring]) {
        for item in ImportItem.items(of: importLines) {
            guard case .module(let path, let access, let testable) = item else {
                if !items.contains(item) { items.append(item) }
                continue
            }
            guard let index = items.firstIndex(where: { if case .module(path, _, _) = $0 { true } else { false } }),
                  case .module(_, let earlierAccess, let earlierTestable) = items[index] else {
                items.append(item)
                continue
            }
            let widest = (ImportItem.widening.firstIndex(of: access) ?? 0) > (ImportItem.widening.firstIndex(of: earlierAccess) ?? 0) ? access : earlierAccess
            items[index] = .module(path: path, access: widest, testable: testable || earlierTestable)
        }
    }

    /// The merged lines, as the emitters write them.
    var lines: [String] {
        items.flatMap(\.lines)
    }
}

/// Everything a command may touch outside itself: two output streams, a file system and
/// the folder relative paths start from. Tests build one in memory; `main.swift` wires the process.
public struct CommandContext {
    /// Where results go (formatted text, listings).
    public var standardOutput: any OutputSink
    /// Where diagnostics, usage errors and summaries go.
    public var standardError: any OutputSink
    /// The files commands read and write.
    public var fileSystem: any FileSystem
    /// The absolute folder that relative paths on the command line are relative to.
    public var currentDirectory: String

    /// Creates a context.
    public init(standardOutput: any OutputSink, standardError: any OutputSink, fileSystem: any FileSystem, currentDirectory: String) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.fileSystem = fileSystem
        self.currentDirectory = currentDirectory
    }

    /// The absolute, normalized form of `path` (relative paths start at `currentDirectory`):
    /// what the file system expects. Diagnostics keep showing the path as the user wrote it.
    public func resolvedPath(_ path: String) -> String {
        PathNormalizer.normalized(path.hasPrefix("/") ? path : currentDirectory + "/" + path)
    }

    /// Reads the file at `path` (as the user wrote it) as UTF-8 text; a BOM is kept for the lexer.
    public func readText(atPath path: String) throws(FileSystemError) -> String {
        String(decoding: try fileSystem.readFile(atPath: resolvedPath(path)), as: UTF8.self)
    }

    /// Writes `text` as UTF-8 to `path` (as the user wrote it), atomically.
    public func writeText(_ text: String, toPath path: String) throws(FileSystemError) {
        try fileSystem.writeFileAtomically(text: text, toPath: resolvedPath(path))
    }
}

/// Path arithmetic on strings, the same on every platform and in memory.
public enum PathNormalizer {
    /// `path` without `.` segments, empty segments or a trailing `/`, and with `..` applied;
    /// a relative path stays relative.
    public static func normalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment == "..", let last = segments.last, last != ".." {
                segments.removeLast()
            } else if segment == "..", isAbsolute {
                continue
            } else {
                segments.append(segment)
            }
        }
        let joined = segments.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The normalized absolute `path` relative to the folder that holds the normalized absolute
    /// `file`: `/a/b/c.routes` from `/a/d/base.json` is `../b/c.routes`.
    public static func relative(_ path: String, toFolderOf file: String) -> String {
        let target = path.split(separator: "/").map(String.init)
        let folder = file.split(separator: "/").dropLast().map(String.init)
        var common = 0
        while common < target.count - 1, common < folder.count, target[common] == folder[common] { common += 1 }
        return (Array(repeating: "..", count: folder.count - common) + target[common...]).joined(separator: "/")
    }

    /// `folder/name`, without doubling a `/` the user typed at the end of `folder`.
    public static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

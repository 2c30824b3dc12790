/// A file tree held in memory: commands run against it in tests exactly as against the disk.
///
/// Folders exist when created explicitly or when a file lies below them.
public final class InMemoryFileSystem: FileSystem {
    /// File contents by absolute path.
    public private(set) var files: [String: [UInt8]] = [:]
    private var directories: Set<String> = ["/"]

    /// Creates a tree holding `files` (absolute paths to UTF-8 text); their folders exist too.
    public init(files: [String: String] = [:]) {
        for (path, text) in files {
            addFile(path, contents: Array(text.utf8))
        }
    }

    /// The text of the file at `path`, or nil when there is none; for assertions.
    public func text(atPath path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    private func addFile(_ path: String, contents: [UInt8]) {
        files[path] = contents
        var parent = Self.parent(of: path)
        while let folder = parent, !directories.contains(folder) {
            directories.insert(folder)
            parent = Self.parent(of: folder)
        }
    }

    private static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public func readFile(atPath path: String) throws(FileSystemError) -> [UInt8] {
        if let contents = files[path] { return contents }
        throw FileSystemError(path: path, reason: directories.contains(path) ? "is a folder, not a file" : "no such file or folder")
    }

    public func writeFileAtomically(_ contents: [UInt8], toPath path: String) throws(FileSystemError) {
        guard let parent = Self.parent(of: path), directories.contains(parent) else {
            throw FileSystemError(path: path, reason: "cannot be written")
        }
        guard !directories.contains(path) else { throw FileSystemError(path: path, reason: "is a folder, not a file") }
        files[path] = contents
    }

    public func fileExists(atPath path: String) -> Bool {
        files[path] != nil || directories.contains(path)
    }

    public func isDirectory(atPath path: String) -> Bool {
        directories.contains(path)
    }

    public func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        guard directories.contains(path) else {
            throw FileSystemError(path: path, reason: files[path] != nil ? "is a file, not a folder" : "no such file or folder")
        }
        var names: [String] = []
        for entry in Array(files.keys) + Array(directories) where Self.parent(of: entry) == path {
            names.append(String(entry[entry.index(after: entry.lastIndex(of: "/")!)...]))
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    public func createDirectory(atPath path: String) throws(FileSystemError) {
        guard files[path] == nil else { throw FileSystemError(path: path, reason: "is a file, not a folder") }
        var folder: String? = path
        while let current = folder, !directories.contains(current) {
            if files[current] != nil { throw FileSystemError(path: current, reason: "is a file, not a folder") }
            directories.insert(current)
            folder = Self.parent(of: current)
        }
    }

    public func removeItem(atPath path: String) throws(FileSystemError) {
        if files.removeValue(forKey: path) != nil { return }
        guard directories.contains(path) else { throw FileSystemError(path: path, reason: "no such file or folder") }
        let prefix = path == "/" ? "/" : path + "/"
        files = files.filter { !$0.key.hasPrefix(prefix) }
        directories = directories.filter { $0 != path && !$0.hasPrefix(prefix) }
        if path == "/" { directories.insert("/") }
    }
}

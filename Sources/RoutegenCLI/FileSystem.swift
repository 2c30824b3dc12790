import Foundation

/// The file operations commands need, so tests can run commands on an in-memory tree.
///
/// Every path given to a file system is absolute and normalized (no `.` or `..`, no
/// trailing `/`); `CommandContext.resolvedPath(_:)` makes it so.
public protocol FileSystem: AnyObject {
    /// The bytes of the file at `path`.
    func readFile(atPath path: String) throws(FileSystemError) -> [UInt8]
    /// Replaces the file at `path` with `contents` so that readers see the old or the new
    /// file, never a half-written one. The parent folder must exist.
    func writeFileAtomically(_ contents: [UInt8], toPath path: String) throws(FileSystemError)
    /// Whether anything exists at `path`.
    func fileExists(atPath path: String) -> Bool
    /// Whether `path` is a folder.
    func isDirectory(atPath path: String) -> Bool
    /// The names (not paths) of the entries of the folder at `path`, sorted by their UTF-8 bytes.
    func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String]
    /// Creates the folder at `path` and any missing parents; does nothing if it exists.
    func createDirectory(atPath path: String) throws(FileSystemError)
    /// Removes the file or folder (with its contents) at `path`.
    func removeItem(atPath path: String) throws(FileSystemError)
}

/// Why a file operation failed, worded for a person.
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path the operation was about, as the file system received it.
    public var path: String
    /// What went wrong, lower case: `no such file or folder`.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `'path': reason`.
    public var description: String { "'\(path)': \(reason)" }
}

/// The real disk, through Foundation's FileManager.
public final class LocalFileSystem: FileSystem {
    private let manager = FileManager.default

    /// Creates the disk file system.
    public init() {}

    public func readFile(atPath path: String) throws(FileSystemError) -> [UInt8] {
        if isDirectory(atPath: path) { throw FileSystemError(path: path, reason: "is a folder, not a file") }
        guard let data = manager.contents(atPath: path) else {
            throw FileSystemError(path: path, reason: fileExists(atPath: path) ? "cannot be read" : "no such file or folder")
        }
        return [UInt8](data)
    }

    public func writeFileAtomically(_ contents: [UInt8], toPath path: String) throws(FileSystemError) {
        do {
            try Data(contents).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FileSystemError(path: path, reason: "cannot be written")
        }
    }

    public func fileExists(atPath path: String) -> Bool {
        manager.fileExists(atPath: path)
    }

    public func isDirectory(atPath path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return manager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        do {
            return try manager.contentsOfDirectory(atPath: path).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        } catch {
            throw FileSystemError(path: path, reason: fileExists(atPath: path) ? "cannot be listed" : "no such file or folder")
        }
    }

    public func createDirectory(atPath path: String) throws(FileSystemError) {
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError(path: path, reason: "cannot create folder")
        }
    }

    public func removeItem(atPath path: String) throws(FileSystemError) {
        do {
            try manager.removeItem(atPath: path)
        } catch {
            throw FileSystemError(path: path, reason: fileExists(atPath: path) ? "cannot be removed" : "no such file or folder")
        }
    }
}

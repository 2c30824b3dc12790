import Foundation

/// Runs routegen with the package folder as its working directory, its output passed through.
enum RoutegenProcess {
    static func run(tool: URL, arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw RoutegenFailed(arguments: arguments, status: process.terminationStatus)
        }
    }
}

struct RoutegenFailed: Error, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    var description: String { "routegen \(arguments.first ?? "") failed with exit status \(status)" }
}

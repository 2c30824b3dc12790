import EndpointKit
import Foundation

// The article's library API, written as the article writes it: models, then endpoints as
// static functions constrained to their response type.

struct Book: Codable, Equatable, Sendable {
    let id: ID<Book>
    var title: String
    var subtitle: String?
}

struct Author: Codable, Sendable {
    let id: ID<Author>
    var name: String
}

struct Loan: Codable, Equatable, Sendable {
    let book: ID<Book>
    let due: Date
}

struct NewBook: Encodable, Sendable {
    var title: String
    var authorID: ID<Author>
}

struct BookPatch: Encodable, Sendable {
    var title: PatchField<String> = .unchanged
    var subtitle: PatchField<String> = .unchanged

    enum CodingKeys: String, CodingKey { case title, subtitle }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
    }
}

extension Endpoint where Response == Book {
    static func book(_ id: ID<Book>) -> Self { Self(method: .get, path: ["books", .value(id.rawValue)]) }

    static func createBook(_ book: NewBook) -> Self { Self(method: .post, path: ["books"], body: .json(book)) }

    static func updateBook(_ id: ID<Book>, _ patch: BookPatch) -> Self {
        var endpoint = Self(method: .patch, path: ["books", .value(id.rawValue)], body: .json(patch))
        endpoint.headers["Content-Type"] = "application/merge-patch+json"
        return endpoint
    }
}

extension Endpoint where Response == [Book] {
    static func search(_ text: String, limit: Int = 20) -> Self {
        Self(method: .get, path: ["books"], query: [URLQueryItem(name: "q", value: text), URLQueryItem(name: "limit", value: "\(limit)")])
    }
}

extension Endpoint where Response == Empty {
    static func returnBook(_ id: ID<Book>) -> Self { Self(method: .delete, path: ["me", "loans", .value(id.rawValue)]) }
}

/// The base URL the article's request assertions use.
let articleBase = URL(string: "https://api.library.example/v2")!

/// Text of bytes, for readable expectations.
func text(_ data: Data?) -> String? {
    data.map { String(decoding: $0, as: UTF8.self) }
}

/// A thread-safe list of captured log lines.
final class CapturedLines: Sendable {
    private let storage = LockedLines()

    var lines: [String] { storage.read() }

    var logger: EndpointLogger { logger(revealingPrivateValues: false) }

    func logger(revealingPrivateValues: Bool) -> EndpointLogger {
        let storage = storage
        return .capturing(revealingPrivateValues: revealingPrivateValues) { storage.append($0) }
    }
}

/// Lines behind a lock: the log sink is called from whatever task sends.
private final class LockedLines: @unchecked Sendable {
    // @unchecked: `lines` is only touched while `lock` is held.
    private var lines: [String] = []
    private let lock = NSLock()

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    func read() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

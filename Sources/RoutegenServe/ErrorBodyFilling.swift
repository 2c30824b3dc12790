import RoutegenSamples

/// How `serve` writes a refusal into a route's declared error type: the sample keeps only members
/// the type declares (the required ones, and of the others only those named like a reason or a
/// status), the reason goes into a text member and the status sent into a number member, each
/// found by its name, so a schema validator reads a body of that type and the app reads the
/// reason through `APIError.message`.
enum ErrorBodyFilling {
    /// Member names that hold a readable reason, most telling first (EndpointKit's
    /// `APIErrorBody.displayMessage` reads `message`, `detail`, `error`, `title` in that order).
    static let reasonKeys = ["message", "detail", "error", "error_description", "description", "reason", "title", "msg"]
    /// Member names that hold the HTTP status.
    static let statusKeys = ["status", "statusCode", "status_code", "httpStatus", "http_status"]
    /// The optional members a refusal keeps: the ones above. Other optional members are left out,
    /// so a description that gives another status another error schema still reads the body.
    static let keptKeys = Set(reasonKeys + statusKeys)

    /// `members` with the reason and the status filled in; an object member (`{"error": {...}}`)
    /// is filled the same way when the top level has no text member named like a reason.
    static func filled(_ members: [SampleJSON.Member], reason: String, status: Int) -> [SampleJSON.Member] {
        var members = members
        for index in members.indices where statusKeys.contains(members[index].key) {
            switch members[index].value {
            case .integer: members[index].value = .integer(status)
            case .string: members[index].value = .string(String(status))
            default: break
            }
        }
        if let index = reasonIndex(members) {
            members[index].value = .string(reason)
        } else if let index = members.firstIndex(where: { if case .object = $0.value { true } else { false } }),
                  case .object(let inner) = members[index].value {
            members[index].value = .object(filled(inner, reason: reason, status: status))
        }
        return members
    }

    /// The text member a reason goes into: the first named like one, in `reasonKeys` order.
    private static func reasonIndex(_ members: [SampleJSON.Member]) -> Int? {
        for key in reasonKeys {
            if let index = members.firstIndex(where: { $0.key == key }), case .string = members[index].value { return index }
        }
        return nil
    }
}

/// Which path parameters name a user or an account: what the `user-id-in-authenticated-path`
/// rule looks for, and what `routegen import` marks on the routes of a description, whose paths
/// only the server decides. `EndpointKitAudit`'s check of generated routes uses the same words
/// (`EndpointKitAuditTests` keeps the two lists equal).
public enum UserIdentifier {
    /// Parameter names, lower-cased with separators removed, that identify a user or an account.
    public static let names: Set<String> = [
        "uid", "user", "userid", "useruuid", "username", "login",
        "account", "accountid", "accountuuid", "customer", "customerid", "member", "memberid", "profileid",
    ]

    /// Entities of `ID<Entity>` that are a user or an account.
    public static let entities: Set<String> = ["User", "Account", "Customer", "Member", "Profile"]

    /// Whether a path parameter called `name` of type `type` identifies a user.
    public static func identifiesUser(name: String, type: TypeReference) -> Bool {
        if names.contains(NameWords.squashed(name)) { return true }
        if case .named("ID", let arguments) = type, case .named(let entity, let entityArguments)? = arguments.first, entityArguments.isEmpty {
            return entities.contains(entity)
        }
        return false
    }
}

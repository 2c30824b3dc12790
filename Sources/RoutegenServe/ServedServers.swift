import RoutegenCore

extension ServedAPI {
    /// What the start-up line says `serve` stands in for: the API's default server,
    /// `stands in for production https://api.example.com/v1`; nil for an API without servers.
    public static func standIn(for model: APIModel) -> String? {
        model.servers.first.map { "stands in for " + $0.displayText }
    }

    /// The start-up note when some route has a server of its own: a client sends it there unless
    /// its configuration sends every route to the base URL. Empty when no route has one.
    public static func ownServerNote(of models: [APIModel]) -> String {
        let routes = models.flatMap(\.routes).filter { $0.server != nil }
        guard !routes.isEmpty else { return "" }
        let names = routes.map { "'" + $0.name + "'" }.joined(separator: ", ")
        return "Served here too, though a client sends them to their own server: \(names); "
            + "set 'usesEndpointServers' of the app's APIConfiguration to false to send them here.\n"
    }
}

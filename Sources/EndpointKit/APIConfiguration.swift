import Foundation

/// Where the API lives and how long to wait for it. A struct passed in, not a singleton, so a
/// test can build one pointing anywhere and be certain of it.
public struct APIConfiguration: Equatable, Sendable {
    /// The URL every endpoint's path is appended to.
    public var baseURL: URL
    /// Seconds to wait for a response before failing with the timed-out message.
    public var requestTimeout: TimeInterval
    /// Whether an endpoint with a server of its own (`Endpoint.server`, an upload host) is sent
    /// there. False sends every endpoint to `baseURL`: for a stand-in that answers every route,
    /// such as `routegen serve` or a test server.
    public var usesEndpointServers = true

    /// Creates a configuration.
    public init(baseURL: URL, requestTimeout: TimeInterval = 30) {
        self.baseURL = baseURL
        self.requestTimeout = requestTimeout
    }

    /// The setting that names the base URL: `API_BASE_URL`.
    public static let baseURLSetting = "API_BASE_URL"
    /// The setting that names the timeout in seconds: `API_TIMEOUT`.
    public static let timeoutSetting = "API_TIMEOUT"
    /// What a debug build with nothing configured talks to: `http://localhost:8080`.
    public static let developmentBaseURL = URL(string: "http://localhost:8080")!

    /// Whether this code was compiled for debugging (`DEBUG` defined).
    public static var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// Builds the configuration from the build's settings, without stopping.
    ///
    /// `API_BASE_URL` and `API_TIMEOUT` come from `environment` first, then from
    /// `bundleSettings` (the Info.plist). An empty value or an unexpanded `$(...)` counts as
    /// unset. With no base URL a debug build uses `developmentBaseURL` for every endpoint (its
    /// `usesEndpointServers` is false), and a release build fails: a binary that silently talks
    /// to localhost is worse than one that refuses to launch.
    public static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        bundleSettings: [String: String] = mainBundleSettings(),
        isDebugBuild: Bool = APIConfiguration.isDebugBuild
    ) -> Result<APIConfiguration, APIConfigurationError> {
        func setting(_ name: String) -> String? {
            for source in [environment, bundleSettings] {
                if let value = source[name]?.trimmingCharacters(in: .whitespaces),
                   !value.isEmpty, !value.hasPrefix("$(") {
                    return value
                }
            }
            return nil
        }

        var timeout: TimeInterval = 30
        if let text = setting(timeoutSetting) {
            guard let seconds = TimeInterval(text), seconds > 0, seconds.isFinite else {
                return .failure(.invalidTimeout(text))
            }
            timeout = seconds
        }

        guard let text = setting(baseURLSetting) else {
            guard isDebugBuild else { return .failure(.missingBaseURL) }
            // The development URL is a stand-in for the whole API, its upload hosts too.
            var configuration = APIConfiguration(baseURL: developmentBaseURL, requestTimeout: timeout)
            configuration.usesEndpointServers = false
            return .success(configuration)
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil
        else { return .failure(.invalidBaseURL(text)) }
        return .success(APIConfiguration(baseURL: url, requestTimeout: timeout))
    }

    /// Builds the configuration as `resolve` does, and stops the app with the message naming
    /// the setting to fix when it fails. Call it once at launch.
    public static func load(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        bundleSettings: [String: String] = mainBundleSettings(),
        isDebugBuild: Bool = APIConfiguration.isDebugBuild
    ) -> APIConfiguration {
        switch resolve(environment: environment, bundleSettings: bundleSettings, isDebugBuild: isDebugBuild) {
        case .success(let configuration): configuration
        case .failure(let error): fatalError(error.description)
        }
    }

    /// `API_BASE_URL` and `API_TIMEOUT` from the main bundle's Info.plist on Apple platforms;
    /// empty elsewhere.
    public static func mainBundleSettings() -> [String: String] {
        #if canImport(Darwin)
        var settings: [String: String] = [:]
        for name in [baseURLSetting, timeoutSetting] {
            switch Bundle.main.object(forInfoDictionaryKey: name) {
            case let text as String: settings[name] = text
            case let number as NSNumber: settings[name] = number.stringValue
            default: break
            }
        }
        return settings
        #else
        return [:]
        #endif
    }
}

/// Why `APIConfiguration.resolve` could not build a configuration; each names the setting to fix.
public enum APIConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A release build has no `API_BASE_URL`.
    case missingBaseURL
    /// `API_BASE_URL` is not an absolute http or https URL (the value).
    case invalidBaseURL(String)
    /// `API_TIMEOUT` is not a positive number of seconds (the value).
    case invalidTimeout(String)

    /// A sentence naming the setting and what to do.
    public var description: String {
        switch self {
        case .missingBaseURL:
            "API_BASE_URL is not set in this release build; set it in the environment or the app's Info.plist"
        case .invalidBaseURL(let value):
            "API_BASE_URL '\(value)' is not an absolute http or https URL; fix the setting"
        case .invalidTimeout(let value):
            "API_TIMEOUT '\(value)' is not a positive number of seconds; fix the setting"
        }
    }
}

import EndpointKit
import Foundation
import Testing

/// Where the server is: settings, their precedence, and the asymmetric fallback.
@Suite struct APIConfigurationTests {
    @Test func defaultTimeoutIsThirtySeconds() {
        #expect(APIConfiguration(baseURL: URL(string: "https://a.example")!).requestTimeout == 30)
    }

    @Test func environmentGivesBaseURLAndTimeout() {
        let result = APIConfiguration.resolve(
            environment: ["API_BASE_URL": "https://api.example.com/v2", "API_TIMEOUT": "12.5"],
            bundleSettings: [:], isDebugBuild: false
        )
        #expect(result == .success(APIConfiguration(baseURL: URL(string: "https://api.example.com/v2")!, requestTimeout: 12.5)))
    }

    @Test func environmentWinsOverTheInfoPlist() {
        let result = APIConfiguration.resolve(
            environment: ["API_BASE_URL": "https://env.example"],
            bundleSettings: ["API_BASE_URL": "https://plist.example", "API_TIMEOUT": "9"], isDebugBuild: false
        )
        #expect(result == .success(APIConfiguration(baseURL: URL(string: "https://env.example")!, requestTimeout: 9)))
    }

    @Test func infoPlistIsUsedWhenTheEnvironmentIsSilent() {
        let result = APIConfiguration.resolve(environment: [:], bundleSettings: ["API_BASE_URL": "https://plist.example"], isDebugBuild: false)
        #expect(result == .success(APIConfiguration(baseURL: URL(string: "https://plist.example")!)))
    }

    @Test func unexpandedBuildSettingCountsAsUnset() {
        let result = APIConfiguration.resolve(environment: [:], bundleSettings: ["API_BASE_URL": "$(API_BASE_URL)"], isDebugBuild: true)
        #expect(result == .success(Self.development))
    }

    /// What a debug build with nothing configured talks to: localhost, for every endpoint, since
    /// what answers there (`routegen serve`) stands in for the upload hosts too.
    private static var development: APIConfiguration {
        var configuration = APIConfiguration(baseURL: URL(string: "http://localhost:8080")!, requestTimeout: 30)
        configuration.usesEndpointServers = false
        return configuration
    }

    @Test func debugBuildWithNothingConfiguredUsesLocalhost() {
        let result = APIConfiguration.resolve(environment: [:], bundleSettings: [:], isDebugBuild: true)
        #expect(result == .success(Self.development))
        #expect(APIConfiguration(baseURL: URL(string: "https://api.example.com")!).usesEndpointServers)
    }

    @Test func releaseBuildWithNothingConfiguredFailsNamingTheSetting() {
        let result = APIConfiguration.resolve(environment: [:], bundleSettings: [:], isDebugBuild: false)
        #expect(result == .failure(.missingBaseURL))
        #expect(APIConfigurationError.missingBaseURL.description
            == "API_BASE_URL is not set in this release build; set it in the environment or the app's Info.plist")
    }

    @Test func relativeBaseURLIsRefusedEvenInDebug() {
        let result = APIConfiguration.resolve(environment: ["API_BASE_URL": "api.example.com"], bundleSettings: [:], isDebugBuild: true)
        #expect(result == .failure(.invalidBaseURL("api.example.com")))
    }

    @Test func nonHTTPBaseURLIsRefused() {
        let result = APIConfiguration.resolve(environment: ["API_BASE_URL": "ftp://files.example"], bundleSettings: [:], isDebugBuild: true)
        #expect(result == .failure(.invalidBaseURL("ftp://files.example")))
    }

    @Test func nonPositiveTimeoutIsRefused() {
        let result = APIConfiguration.resolve(environment: ["API_TIMEOUT": "0"], bundleSettings: [:], isDebugBuild: true)
        #expect(result == .failure(.invalidTimeout("0")))
        #expect(APIConfigurationError.invalidTimeout("0").description == "API_TIMEOUT '0' is not a positive number of seconds; fix the setting")
    }

    @Test func loadReturnsTheResolvedConfiguration() {
        let configuration = APIConfiguration.load(environment: ["API_BASE_URL": "https://api.example.com"], bundleSettings: [:], isDebugBuild: false)
        #expect(configuration == APIConfiguration(baseURL: URL(string: "https://api.example.com")!))
    }
}

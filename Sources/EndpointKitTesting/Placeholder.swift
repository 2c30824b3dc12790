// Placeholder until the EndpointKitTesting stage lands.

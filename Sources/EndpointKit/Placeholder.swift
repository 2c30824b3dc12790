// Placeholder until the EndpointKit stage lands.

// Placeholder until the RoutegenCLI stage lands.

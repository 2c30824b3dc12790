// Placeholder until the RoutegenLint stage lands.

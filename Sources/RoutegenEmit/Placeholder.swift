// Placeholder until the RoutegenEmit stage lands.

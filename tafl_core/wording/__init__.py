"""German text: the one place where the engine's rules and events become reader sentences."""

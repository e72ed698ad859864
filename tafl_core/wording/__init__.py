"""German reader text in one place: rules as sentences, what happened in a turn as messages."""

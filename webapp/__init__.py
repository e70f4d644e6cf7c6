"""The Quart application: app factory, configuration, database start-up, auth, CLI and pages."""

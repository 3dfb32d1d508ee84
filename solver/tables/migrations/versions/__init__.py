"""One module per revision of the lobby's schema, oldest first."""

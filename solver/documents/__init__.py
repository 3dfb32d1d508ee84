"""The JSON answers of the library: one builder per question, shared by the command line and the server."""

"""Click commands for Schinderhannes: parse, call the library, print."""

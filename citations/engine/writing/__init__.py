"""Writing: the report of a verification and the response with its corrections applied."""

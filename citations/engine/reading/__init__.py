"""Reading: a response to its quotes and the citation sites they carry (markdown, HTML,
tables, JSON), and which source a citation names."""

"""The engine's name and version, as reports and correction records carry them."""

ENGINE_NAME = "verbatim"
ENGINE_VERSION = "0.10.0"

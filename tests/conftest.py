"""Test-wide fixtures. Settings: config/test_settings.py (real PostgreSQL and Redis)."""

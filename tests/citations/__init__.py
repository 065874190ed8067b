import pytest

# Asserts in the helper modules the tests share report their values, as the tests' own do
pytest.register_assert_rewrite("tests.citations.rule_helpers", "tests.citations.verify_helpers")

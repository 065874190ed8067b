"""The SSRF guard: deliveries never go to loopback, link-local, private, multicast or
reserved addresses, unless WEBHOOK_ALLOWED_NETWORKS allows one (the tests allow 127.0.0.1)."""

from pathlib import Path

import pytest
from django.test import override_settings

from webhooks.addresses import ADDRESS_RULES, AddressRefused, address_refusal, target_checked


@pytest.mark.parametrize(
    ("address", "rule"),
    [
        ("127.0.0.2", "ssrf.loopback"),
        ("::1", "ssrf.loopback"),
        ("::ffff:127.0.0.2", "ssrf.loopback"),
        ("0.0.0.0", "ssrf.unspecified"),
        ("::", "ssrf.unspecified"),
        ("169.254.169.254", "ssrf.link_local"),
        ("fe80::1", "ssrf.link_local"),
        ("10.0.0.1", "ssrf.private"),
        ("172.16.5.4", "ssrf.private"),
        ("192.168.1.1", "ssrf.private"),
        ("fd00::1", "ssrf.private"),
        ("::ffff:10.0.0.1", "ssrf.private"),
        ("224.0.0.1", "ssrf.multicast"),
        ("ff02::1", "ssrf.multicast"),
        ("240.0.0.1", "ssrf.reserved"),
        ("100.64.0.1", "ssrf.not_global"),
        ("93.184.215.14", None),
        ("2606:4700::1111", None),
    ],
)
def test_each_guarded_address_is_refused_by_its_rule(address, rule):
    refusal = address_refusal(address)
    assert (refusal.id if refusal else None) == rule


def test_every_rule_refuses_an_address_of_the_table():
    """No rule without a case above (the table is the rulebook)."""
    source = Path(__file__).read_text(encoding="utf-8")
    assert all(f'"{rule.id}"' in source for rule in ADDRESS_RULES)


def test_the_test_settings_allow_127_0_0_1_only():
    assert address_refusal("127.0.0.1") is None
    assert address_refusal("127.0.0.2").id == "ssrf.loopback"
    with override_settings(WEBHOOK_ALLOWED_NETWORKS=[]):
        assert address_refusal("127.0.0.1").id == "ssrf.loopback"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://10.0.0.1/hook", "resolves to 10.0.0.1, a private address (ssrf.private)"),
        ("http://169.254.169.254/latest/meta-data", "(ssrf.link_local)"),
        ("http://[::1]:8000/", "resolves to ::1, a loopback address (ssrf.loopback)"),
        ("ftp://example.com/", "must start with http:// or https://"),
        ("http://user:pw@example.com/", "must not carry a user name or password"),
        ("http:///hook", "names no host"),
        ("http://127.0.0.1/caf\u00e9", "must be ASCII without spaces"),
        ("http://127.0.0.1/a b", "must be ASCII without spaces"),
    ],
)
def test_a_refused_url_says_why(url, message):
    with pytest.raises(AddressRefused) as refused:
        target_checked(url)
    assert message in str(refused.value)


def test_the_connection_goes_to_the_checked_address():
    target = target_checked("http://127.0.0.1:8123/hooks?x=1")
    assert (target.host, target.port, target.path, target.address) == (
        "127.0.0.1",
        8123,
        "/hooks?x=1",
        "127.0.0.1",
    )


@override_settings(WEBHOOK_ALLOWED_NETWORKS=[])
def test_a_name_is_judged_by_the_addresses_it_resolves_to():
    with pytest.raises(AddressRefused, match=r"'localhost' resolves to 127.0.0.1, a loopback"):
        target_checked("http://localhost:9/")

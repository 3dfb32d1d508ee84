"""The join link's address: the routed interface's, never the machine's name or a loopback address."""

from __future__ import annotations

import ipaddress
import socket

import pytest

from solver.commands import serve
from solver.web import addresses


def test_the_offered_addresses_are_reachable_ones_the_routed_first() -> None:
    found = addresses.lan_addresses()
    assert found
    routed = addresses.routed_address()
    if routed is not None:
        assert found[0] == routed
    for address in found:
        if address != socket.gethostname():
            assert not ipaddress.ip_address(address).is_loopback


def test_the_join_link_names_the_routed_address_not_the_host_name(monkeypatch: pytest.MonkeyPatch) -> None:
    # on Debian the host name resolves to 127.0.1.1: a phone cannot use it
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.0.2.2", "10.1.2.3"])
    assert serve._url("0.0.0.0", 8000, "abc") == "http://192.0.2.2:8000/?token=abc"
    assert serve._other_urls("0.0.0.0", 8000, "abc") == ["http://10.1.2.3:8000/?token=abc"]
    assert serve._other_urls("127.0.0.1", 8000, None) == []
    assert {"192.0.2.2", "10.1.2.3"} <= serve._served_names("0.0.0.0")


def test_without_a_route_there_is_no_routed_address(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoRoute(socket.socket):
        def connect(self, address: object) -> None:
            raise OSError("Network is unreachable")

    monkeypatch.setattr(addresses.socket, "socket", NoRoute)
    assert addresses.routed_address() is None

"""The addresses other devices reach this machine by: the one of the interface the network is
reached through (the join link's), and every other interface's.

The machine's name is no help: on Debian and Ubuntu it resolves to 127.0.1.1, and phones cannot
resolve it at all. The routed address comes from a UDP socket "connected" to a documentation
address (RFC 5737): connecting a UDP socket sends nothing, it only picks the outgoing interface.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket

PROBE = {socket.AF_INET: "192.0.2.1", socket.AF_INET6: "2001:db8::1"}  # never reached: nothing is sent


def routed_address(family: socket.AddressFamily = socket.AF_INET) -> str | None:
    """The address of the interface that reaches the network, None without a route."""
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
        probe.connect((PROBE[family], 9))
        address = str(probe.getsockname()[0])
        return None if ipaddress.ip_address(address).is_unspecified else address
    return None


def interface_addresses() -> list[str]:
    """Every interface's IPv4 address but loopback's, sorted."""
    import psutil

    found = {entry.address for entries in psutil.net_if_addrs().values() for entry in entries
             if entry.family == socket.AF_INET and not ipaddress.ip_address(entry.address).is_loopback}
    return sorted(found, key=ipaddress.ip_address)


def lan_addresses() -> list[str]:
    """The addresses to offer other devices: the routed one first, then the other interfaces'
    (the machine's name when there is none)."""
    routed = routed_address()
    others = [address for address in interface_addresses() if address != routed]
    found = ([routed] if routed else []) + others
    return found or [socket.gethostname()]

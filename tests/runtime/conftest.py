"""Runtime companion tests run on CPU only, with four host devices so that sharding, device
placement and mesh changes can be exercised as on a machine with several accelerators."""

from __future__ import annotations

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
if "xla_force_host_platform_device_count" not in os.environ.get("XLA_FLAGS", ""):
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=4").strip()


import subprocess  # noqa: E402
import sys  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture
def four_devices(request: pytest.FixtureRequest) -> bool:
    """True when this process has four devices. Otherwise (JAX started before this file set the
    flag, as when other test directories run first) the test runs again in a child process that
    has them, must pass there, and this returns False."""
    import jax

    if jax.device_count() >= 4:
        return True
    environment = dict(os.environ, JAX_PLATFORMS="cpu", XLA_FLAGS="--xla_force_host_platform_device_count=4")
    child = subprocess.run(
        [sys.executable, "-m", "pytest", request.node.nodeid, "-q", "-p", "no:cacheprovider"],
        cwd=request.config.rootpath, env=environment, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert child.returncode == 0, child.stdout[-4000:] + child.stderr[-2000:]
    return False

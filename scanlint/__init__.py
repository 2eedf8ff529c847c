"""scanlint: find bugs in JAX `lax.scan` code, before it runs (static rules) and while it runs (runtime)."""

__version__ = "0.1.0"

# What to do when `scanlint trace` finds no JAX (scanlint is installed from a path or a Git URL).
RUNTIME_EXTRA_HINT = (
    "install scanlint with its runtime extra, scanlint[runtime] "
    "(pip install '/path/to/scanlint[runtime]'; see Install in scanlint's README)"
)

"""scanlint: find bugs in JAX `lax.scan` code, before it runs (static rules) and while it runs (runtime)."""

__version__ = "0.1.0"

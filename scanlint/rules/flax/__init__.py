"""SCN1xx: Flax state created or used inside the body of a raw `jax.lax.scan`.

A raw `lax.scan` traces its body once, at a deeper trace level than the code around it. Flax
state does not survive that:

* Linen creates parameters and variables lazily, the first time a module runs. Created inside the
  body, they are tracers of the scan trace: `init` returns them without error and `apply` raises
  `UnexpectedTracerError`, far from the cause.
* A random key drawn while the body is traced is drawn once: every step gets the same values.
* NNX objects remember the trace level they were created at and refuse to be mutated from the
  body's (`TraceContextError`).
* Python state made outside the body (a list the body appends to, a `nonlocal` name it rebinds)
  receives one tracer of the loop, and using it after the loop raises `UnexpectedTracerError`.

The bodies of a raw `lax.fori_loop` and `lax.while_loop` are traced once too and fail the same
ways: every SCN1xx rule checks them, words its message for that loop (`nn.while_loop`,
`nnx.fori_loop`) and offers no fix there (fixes are proven on scans).

The lifted transforms (`nn.scan`, `nnx.scan`) handle all of this and are never flagged; neither is
state allocated outside the body and closed over as plain arrays.

Each rule has its own module here (`scn101_linen_module.py`, ...); `reporting.py` holds the
wording they share. The facts they share live in the shared analyses: which classes are Linen
modules and what a scan body contains in `scanlint.analysis.flax_model`, the submodules a body
uses and whether `init` first calls them there in `scanlint.analysis.submodules`, how a body
runs a module through `apply` or `bind` in `scanlint.analysis.linen_apply`, which outside NNX
objects a body reads and what state they hold in `scanlint.analysis.nnx_state`, and in which
mode a module runs in `scanlint.analysis.run_flags`.
"""

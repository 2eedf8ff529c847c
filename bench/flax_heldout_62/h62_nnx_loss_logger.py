# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a module-level log_scalar helper appends to a global registry from the fori_loop body; flush() stacks the values after the loop
"""Validation loop with a module-level scalar logger: each batch's loss is logged from the
lax.fori_loop body and the logger is flushed at the end of the epoch."""
from collections import defaultdict

import jax
import jax.numpy as jnp
import flax.nnx as nnx

_SCALARS = defaultdict(list)


def log_scalar(name, value):
    _SCALARS[name].append(value)


def flush():
    summary = {name: float(jnp.mean(jnp.stack(vals))) for name, vals in _SCALARS.items()}
    _SCALARS.clear()
    return summary


class Autoencoder(nnx.Module):
    def __init__(self, d, *, rngs):
        self.enc = nnx.Linear(d, 4, rngs=rngs)
        self.dec = nnx.Linear(4, d, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, x):
        return self.dec(self.drop(nnx.relu(self.enc(x))))


def validate(model, xs):
    model.eval()

    def body(i, total):
        recon = model(xs[i])
        loss = jnp.mean((recon - xs[i]) ** 2)
        log_scalar("val/recon_loss", loss)
        return total + loss

    total = jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))
    return total / xs.shape[0]


def main():
    model = Autoencoder(8, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (4, 16, 8))
    validate(model, xs)
    flush()
    return None

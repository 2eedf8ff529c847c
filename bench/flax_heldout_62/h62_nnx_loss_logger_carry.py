# label: ok
# flax-error: none
# class: 1 the fori_loop carries the running loss; the module-level log_scalar helper is called once after the loop
"""Validation loop with a module-level scalar logger: the lax.fori_loop carries the summed
loss and the mean is logged after the loop, then the logger is flushed."""
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
        return total + jnp.mean((recon - xs[i]) ** 2)

    total = jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))
    mean = total / xs.shape[0]
    log_scalar("val/recon_loss", mean)
    return mean


def main():
    model = Autoencoder(8, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (4, 16, 8))
    validate(model, xs)
    flush()
    return None

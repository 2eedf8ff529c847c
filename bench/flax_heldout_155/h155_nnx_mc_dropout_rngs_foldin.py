# label: ok
# flax-error: none
# class: 2 the local model of mc_predict() goes into the scan body directly; the body builds its nnx.Rngs from the seed key folded with the step index
"""Monte Carlo dropout with NNX, Rngs rebuilt inside the loop body (working variant).

The per-pass Rngs is still built inside the body, but from jax.random.fold_in(key, step), the
step arriving as the scan's xs, so each pass gets its own dropout mask.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class MCNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)
        self.drop = nnx.Dropout(0.25)

    def __call__(self, x, *, rngs=None):
        h = nnx.relu(self.l1(x))
        h = self.drop(h, rngs=rngs)
        return self.l2(h)


def mc_predict(model, x, seed, samples=8):
    key = jax.random.key(seed)

    def body(_, step):
        rngs = nnx.Rngs(dropout=jax.random.fold_in(key, step))
        return None, model(x, rngs=rngs)

    _, ys = jax.lax.scan(body, None, jnp.arange(samples))
    return ys


def main():
    model = MCNet(nnx.Rngs(0))
    x = jnp.linspace(-2.0, 2.0, 5)[:, None]
    ys = mc_predict(model, x, seed=3)
    print(ys.std(0).ravel())
    return ys

# label: ok
# flax-error: none
# class: 5 make_em_step returns a jax.checkpoint-wrapped step that closes over the NNX drift and builds nnx.Rngs(noise=fold_in(key, step)) from the scanned step index
"""Neural SDE (Euler-Maruyama) with an NNX drift network, integrated by a raw jax.lax.scan.

Twin of h117_nnx_sde_factory: the per-step Rngs is seeded with the step index folded into a
base key, so each Brownian increment is fresh.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Drift(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, y, t):
        h = jnp.concatenate([y, jnp.full((y.shape[0], 1), t)], axis=-1)
        return self.l2(nnx.tanh(self.l1(h)))


def make_em_step(drift, sigma, seed, dt):
    base = jax.random.key(seed)

    @jax.checkpoint
    def step(y, inputs):
        t, k = inputs
        rngs = nnx.Rngs(noise=jax.random.fold_in(base, k))
        dw = jax.random.normal(rngs.noise(), y.shape) * jnp.sqrt(dt)
        y = y + drift(y, t) * dt + sigma * dw
        return y, dw

    return step


def main():
    drift = Drift(2, nnx.Rngs(0))
    step = make_em_step(drift, sigma=0.3, seed=7, dt=0.05)
    y0 = jnp.zeros((16, 2))
    ts = jnp.arange(20) * 0.05
    yT, dws = scan(step, y0, (ts, jnp.arange(20)))
    print("terminal spread", float(yT.std()))
    return dws

# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 5 module-level fit() receives the NNX SIREN and its nnx.Optimizer and calls nnx.value_and_grad / optimizer.update on them inside the lax.fori_loop body
"""Test-time optimisation of an implicit neural representation (SIREN) with NNX.

Fits a small SIREN to one image for a fixed number of steps. The inner loop is a raw
lax.fori_loop so that the whole fit can be jitted in one piece.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Sine(nnx.Module):
    def __init__(self, din, dout, omega0, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(din, dout, rngs=rngs)
        self.omega0 = omega0

    def __call__(self, x):
        return jnp.sin(self.omega0 * self.lin(x))


class Siren(nnx.Module):
    def __init__(self, hidden=32, *, rngs: nnx.Rngs):
        self.l1 = Sine(2, hidden, 30.0, rngs=rngs)
        self.l2 = Sine(hidden, hidden, 1.0, rngs=rngs)
        self.out = nnx.Linear(hidden, 3, rngs=rngs)

    def __call__(self, coords):
        return self.out(self.l2(self.l1(coords)))


def fit(model, optimizer, coords, pixels, steps=5):
    def loss_fn(m):
        return jnp.mean((m(coords) - pixels) ** 2)

    def step(i, losses):
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return losses.at[i].set(loss)

    return jax.lax.fori_loop(0, steps, step, jnp.zeros((steps,)))


def main():
    H = W = 8
    ys, xs = jnp.meshgrid(jnp.linspace(-1, 1, H), jnp.linspace(-1, 1, W), indexing="ij")
    coords = jnp.stack([xs, ys], -1).reshape(-1, 2)
    pixels = jnp.stack([xs, ys, xs * ys], -1).reshape(-1, 3)
    model = Siren(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    losses = fit(model, optimizer, coords, pixels)
    print(losses)
    return None

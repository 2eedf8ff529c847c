# label: ok
# flax-error: none
# class: 5 module-level fit() receives the NNX SIREN and its nnx.Optimizer splits them with nnx.split, carries the state through the lax.fori_loop and merges it inside the body, nnx.update after
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

    graphdef, state = nnx.split((model, optimizer))

    def step(i, carry):
        state, losses = carry
        m, opt = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(m)
        opt.update(m, grads)
        return nnx.state((m, opt)), losses.at[i].set(loss)

    state, losses = jax.lax.fori_loop(0, steps, step, (state, jnp.zeros((steps,))))
    nnx.update((model, optimizer), state)
    return losses


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

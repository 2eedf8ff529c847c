# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 1 the SIREN captured by the raw fori_loop closure is differentiated with nnx.value_and_grad and updated in place inside the loop body
"""Implicit neural representation: fit a SIREN (Sitzmann et al. 2020) to a single image by
iterative gradient descent, the fitting loop compiled as one lax.fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class SineLayer(nnx.Module):
    def __init__(self, din, dout, w0=30.0, *, rngs: nnx.Rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.w0 = w0

    def __call__(self, x):
        return jnp.sin(self.w0 * self.linear(x))


class Siren(nnx.Module):
    def __init__(self, hidden=32, *, rngs: nnx.Rngs):
        self.layers = nnx.List([SineLayer(2, hidden, rngs=rngs), SineLayer(hidden, hidden, rngs=rngs)])
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, coords):
        h = coords
        for layer in self.layers:
            h = layer(h)
        return self.out(h)


def fit(model, coords, pixels, n_iters=20, lr=1e-3):
    tx = optax.adam(lr)
    opt_state = tx.init(nnx.state(model, nnx.Param))

    def loss_fn(m):
        return jnp.mean((m(coords) - pixels) ** 2)

    def body(i, opt_state):
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        updates, opt_state = tx.update(grads, opt_state)
        nnx.update(model, optax.apply_updates(nnx.state(model, nnx.Param), updates))
        return opt_state

    jax.lax.fori_loop(0, n_iters, body, opt_state)
    return loss_fn(model)


def main():
    side = jnp.linspace(-1, 1, 16)
    coords = jnp.stack(jnp.meshgrid(side, side), -1).reshape(-1, 2)
    pixels = (jnp.sin(4 * coords[:, :1]) * jnp.cos(3 * coords[:, 1:])).astype(jnp.float32)
    model = Siren(rngs=nnx.Rngs(0))
    loss = fit(model, coords, pixels)
    loss.block_until_ready()
    return None

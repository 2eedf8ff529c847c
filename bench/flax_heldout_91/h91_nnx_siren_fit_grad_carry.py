# label: ok
# flax-error: none
# class: 5 the SIREN is split before the raw fori_loop; its params and the optimiser state travel in the carry, the gradient is taken of a pure function of the params, and the model is updated after the loop
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
    graphdef, params = nnx.split(model, nnx.Param)
    opt_state = tx.init(params)

    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p)(coords) - pixels) ** 2)

    def body(i, carry):
        params, opt_state = carry
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state

    params, opt_state = jax.lax.fori_loop(0, n_iters, body, (params, opt_state))
    nnx.update(model, params)
    return loss_fn(params)


def main():
    side = jnp.linspace(-1, 1, 16)
    coords = jnp.stack(jnp.meshgrid(side, side), -1).reshape(-1, 2)
    pixels = (jnp.sin(4 * coords[:, :1]) * jnp.cos(3 * coords[:, 1:])).astype(jnp.float32)
    model = Siren(rngs=nnx.Rngs(0))
    loss = fit(model, coords, pixels)
    loss.block_until_ready()
    return None

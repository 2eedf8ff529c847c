# label: ok
# flax-error: none
# class: 4 a module-level fit() splits the SIREN field, carries its params and the optax state through scan, merges in the body and updates the field after
"""Test-time fitting of a SIREN neural field to one signal (per-scene optimisation)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class SineLayer(nnx.Module):
    def __init__(self, din, dout, omega=30.0, *, first=False, rngs: nnx.Rngs):
        bound = 1.0 / din if first else jnp.sqrt(6.0 / din) / omega
        self.linear = nnx.Linear(din, dout, kernel_init=nnx.initializers.uniform(2 * bound), rngs=rngs)
        self.omega = omega

    def __call__(self, x):
        return jnp.sin(self.omega * self.linear(x))


class Siren(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = SineLayer(2, 64, first=True, rngs=rngs)
        self.l2 = SineLayer(64, 64, rngs=rngs)
        self.out = nnx.Linear(64, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(self.l2(self.l1(x)))


def fit(field, tx, coords, targets):
    graphdef, params = nnx.split(field, nnx.Param)

    def mse(params, c, y):
        return jnp.mean((nnx.merge(graphdef, params)(c) - y) ** 2)

    def fit_step(carry, batch):
        params, opt_state = carry
        c, y = batch
        loss, grads = jax.value_and_grad(mse)(params, c, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state), loss

    (params, _), losses = jax.lax.scan(fit_step, (params, tx.init(params)), (coords, targets))
    nnx.update(field, params)
    return losses


def main():
    field = Siren(nnx.Rngs(0))
    coords = jax.random.uniform(jax.random.key(1), (10, 64, 2), minval=-1, maxval=1)
    targets = jnp.sin(3 * coords[..., :1]) * jnp.cos(2 * coords[..., 1:])
    fit(field, optax.adam(1e-4), coords, targets)
    return None

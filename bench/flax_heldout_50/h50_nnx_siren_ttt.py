# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 64 (256 B)
# class: 4 a module-level fit() receives the SIREN field and its nnx.Optimizer and steps them in a raw scan body over coordinate batches
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


def mse(field, coords, target):
    return jnp.mean((field(coords) - target) ** 2)


def fit(field, optimizer, coords, targets):
    def fit_step(_, batch):
        c, y = batch
        loss, grads = nnx.value_and_grad(mse)(field, c, y)
        optimizer.update(field, grads)
        return None, loss

    _, losses = jax.lax.scan(fit_step, None, (coords, targets))
    return losses


def main():
    field = Siren(nnx.Rngs(0))
    optimizer = nnx.Optimizer(field, optax.adam(1e-4), wrt=nnx.Param)
    coords = jax.random.uniform(jax.random.key(1), (10, 64, 2), minval=-1, maxval=1)
    targets = jnp.sin(3 * coords[..., :1]) * jnp.cos(2 * coords[..., 1:])
    fit(field, optimizer, coords, targets)
    return None

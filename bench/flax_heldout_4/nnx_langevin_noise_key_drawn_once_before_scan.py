# label: same-values
# flax-error: none
# class: 1 NNX Langevin sampler: the noise key is drawn from rngs once before the scan and reused by every step
import jax
import jax.numpy as jnp
from flax import nnx


class EnergyModel(nnx.Module):
    def __init__(self, d, *, rngs):
        self.l1 = nnx.Linear(d, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x)))[..., 0]


def langevin(model, x0, rngs, n_steps=8, step_size=0.01):
    grad_energy = jax.grad(lambda x: model(x).sum())
    key = rngs.noise()

    def step(x, _):
        noise = jax.random.normal(key, x.shape)
        x = x - step_size * grad_energy(x) + jnp.sqrt(2 * step_size) * noise
        return x, noise

    _, noises = jax.lax.scan(step, x0, None, length=n_steps)
    return noises


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    model = EnergyModel(2, rngs=rngs)
    return langevin(model, jnp.zeros((4, 2)), rngs)

# label: ok
# flax-error: none
# class: 2 sampler method draws one key from nnx.Rngs before lax.scan and scans over its splits
"""Energy-based model with short-run Langevin sampling, NNX version."""
import jax
import jax.numpy as jnp
from flax import nnx


class EnergyNet(nnx.Module):
    def __init__(self, dim, hidden, *, rngs: nnx.Rngs, n_steps=6, step_size=0.01):
        self.l1 = nnx.Linear(dim, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)
        self.rngs = rngs
        self.n_steps = n_steps
        self.step_size = step_size

    def __call__(self, x):
        h = nnx.swish(self.l1(x))
        h = nnx.swish(self.l2(h))
        return self.out(h).squeeze(-1)

    def sample(self, x0):
        grad_e = jax.grad(lambda z: self(z).sum())
        keys = jax.random.split(self.rngs.langevin(), self.n_steps)

        def langevin_step(x, key):
            noise = jax.random.normal(key, x.shape)
            x = x - 0.5 * self.step_size * grad_e(x) + jnp.sqrt(self.step_size) * noise
            return x, noise

        _, noises = jax.lax.scan(langevin_step, x0, keys)
        return noises


def main():
    model = EnergyNet(2, 32, rngs=nnx.Rngs(params=0, langevin=1))
    x0 = jax.random.uniform(jax.random.key(0), (8, 2), minval=-1.0, maxval=1.0)
    return model.sample(x0)

# label: ok
# flax-error: none
# class: 3 LangevinSampler.run draws one key from self.rngs (an attribute of the sampler object) before the scan, splits it into per-step keys and scans over them as xs
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

DIM = 2


class EnergyNet(nnx.Module):
    def __init__(self, dim, hidden, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(dim, hidden, rngs=rngs)
        self.fc2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.swish(self.fc1(x))
        h = nnx.swish(self.fc2(h))
        return self.out(h).squeeze(-1)


class LangevinSampler:
    def __init__(self, energy: EnergyNet, step_size=0.02, n_steps=6, seed=0):
        self.energy = energy
        self.step_size = step_size
        self.n_steps = n_steps
        self.rngs = nnx.Rngs(langevin=seed)

    def run(self, x0):
        score = jax.grad(lambda z: self.energy(z).sum())
        step_keys = jax.random.split(self.rngs.langevin(), self.n_steps)

        def step(x, key):
            noise = jnp.sqrt(2 * self.step_size) * jax.random.normal(key, x.shape)
            return x - self.step_size * score(x) + noise, noise

        x, injected = lax.scan(step, x0, step_keys)
        return x, injected


def main():
    energy = EnergyNet(DIM, 32, rngs=nnx.Rngs(0))
    sampler = LangevinSampler(energy, seed=42)
    x0 = jnp.zeros((4, DIM))
    samples, injected = sampler.run(x0)
    jax.block_until_ready(samples)
    return injected

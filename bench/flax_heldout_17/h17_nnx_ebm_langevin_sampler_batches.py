# label: same-values
# flax-error: none
# class: 1 nnx.Rngs is built inline in the scan body of EBMSampler.sample_batches from the configured seed, then handed to the _draw_batch method that starts each chain
"""Energy-based model: draw several batches of Langevin samples from an NNX energy network."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class EBMConfig:
    dim: int = 2
    hidden: int = 32
    batch: int = 8
    langevin_steps: int = 5
    step_size: float = 0.01
    seed: int = 0


class EnergyNet(nnx.Module):
    def __init__(self, cfg: EBMConfig, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(cfg.dim, cfg.hidden, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs)
        self.energy = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.energy(nnx.swish(self.fc2(nnx.swish(self.fc1(x))))).squeeze(-1)


class EBMSampler:
    def __init__(self, model: EnergyNet, cfg: EBMConfig):
        self.model = model
        self.cfg = cfg

    def _langevin(self, x, keys):
        def step(x, k):
            grad = jax.grad(lambda z: self.model(z).sum())(x)
            x = x - self.cfg.step_size * grad + jnp.sqrt(2 * self.cfg.step_size) * jax.random.normal(k, x.shape)
            return x, None

        x, _ = jax.lax.scan(step, x, keys)
        return x

    def _draw_batch(self, rngs: nnx.Rngs):
        x0 = jax.random.uniform(rngs.noise(), (self.cfg.batch, self.cfg.dim), minval=-2, maxval=2)
        return self._langevin(x0, jax.random.split(rngs.noise(), self.cfg.langevin_steps))

    def sample_batches(self, num_batches):
        def body(carry, _):
            rngs = nnx.Rngs(noise=self.cfg.seed)
            return carry, self._draw_batch(rngs)

        _, batches = jax.lax.scan(body, None, None, length=num_batches)
        return batches


def main():
    cfg = EBMConfig()
    sampler = EBMSampler(EnergyNet(cfg, rngs=nnx.Rngs(1)), cfg)
    batches = sampler.sample_batches(3)
    print("mean energy per batch", jax.vmap(sampler.model)(batches).mean(-1))
    return batches

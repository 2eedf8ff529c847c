# label: ok
# flax-error: none
# class: 4 CaveService.ripeness_band runs fori_loop; the body calls self.model(x, rngs=fold_in(self.sampler.key, i)), a fresh key per sample from the service's MCSampler
"""Cheese-cave ripening: Monte-Carlo dropout band for when each wheel will be ready to sell.

The cave service asks its sampler for dropout keys and keeps the ripeness model in training mode
while sampling, so each sample should drop a different set of units.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class RipenessModel(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, wheels, rngs=None):
        h = self.drop(nnx.relu(self.hidden(wheels)), rngs=rngs)
        return 30.0 + 10.0 * self.out(h)[..., 0]  # days to ripeness


@dataclass
class MCSampler:
    key: jax.Array
    n_samples: int = 8


class CaveService:
    def __init__(self, model: RipenessModel, sampler: MCSampler):
        self.model = model
        self.sampler = sampler

    def ripeness_band(self, wheels):
        n = self.sampler.n_samples

        def sample(i, days):
            return days.at[i].set(self.model(wheels, rngs=jax.random.fold_in(self.sampler.key, i)))

        return fori_loop(0, n, sample, jnp.zeros((n, wheels.shape[0])))


def main():
    # 5 wheels x (age weeks, humidity, temperature, rind pH)
    wheels = jax.random.uniform(jax.random.key(27), (5, 4))
    service = CaveService(RipenessModel(4, rngs=nnx.Rngs(0)), MCSampler(key=jax.random.key(8)))
    days = service.ripeness_band(wheels)
    print("ripeness band", days.min(axis=0), days.max(axis=0))
    return days


if __name__ == "__main__":
    main()

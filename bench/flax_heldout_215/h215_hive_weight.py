# label: same-values
# flax-error: none
# class: 4 ApiaryTrainer.evaluate -> self.evaluator.sampler.sample(x) (model.apply with the sampler's fixed dropout key) in the fori_loop body
"""Beehive weight forecasting: uncertainty bands for tomorrow's hive weight change.

The trainer owns an evaluator, which owns a dropout sampler holding the model, its variables and
an rng key. The evaluator collects Monte-Carlo samples in a fori_loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class HiveWeightNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.swish(nn.Dense(24)(x))
        h = nn.Dropout(0.25, deterministic=not train)(h)
        return nn.Dense(1)(h)[..., 0]


class DropoutSampler:
    def __init__(self, model, variables, key):
        self.model = model
        self.variables = variables
        self.key = key

    def sample(self, x):
        return self.model.apply(self.variables, x, train=True, rngs={"dropout": self.key})


class HiveEvaluator:
    def __init__(self, sampler, num_samples=12):
        self.sampler = sampler
        self.num_samples = num_samples


class ApiaryTrainer:
    def __init__(self, model, variables, seed=3):
        self.model = model
        self.variables = variables
        self.evaluator = HiveEvaluator(DropoutSampler(model, variables, jax.random.key(seed)))

    def evaluate(self, x):
        n = self.evaluator.num_samples

        def collect(i, samples):
            return samples.at[i].set(self.evaluator.sampler.sample(x))

        return fori_loop(0, n, collect, jnp.zeros((n, x.shape[0])))


def hive_features(hives=4):
    day = jnp.arange(hives, dtype=jnp.float32)
    return jnp.stack([jnp.cos(day), 0.1 * day, jnp.full_like(day, 0.6), jnp.ones_like(day)], axis=-1)


def main():
    x = hive_features()
    model = HiveWeightNet()
    variables = model.init(jax.random.key(0), x)
    samples = ApiaryTrainer(model, variables).evaluate(x)
    return samples

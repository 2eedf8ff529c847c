# label: ok
# flax-error: none
# class: 4 make_bundle packs model.apply, the variables and a dropout key into a ModelBundle NamedTuple that is passed through summarize() to mc_samples(), whose scan body applies it with the key folded with the step index
"""Beehive sensor health: Monte Carlo dropout uncertainty for a swarming-risk classifier."""
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class HiveNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(0.3, deterministic=deterministic)(x)
        return nn.softmax(nn.Dense(2)(x))  # [calm, swarming]


class ModelBundle(NamedTuple):
    apply_fn: Callable[..., Any]
    variables: Any
    rng: jax.Array


def make_bundle(seed: int, n_features: int = 6) -> ModelBundle:
    model = HiveNet()
    variables = model.init(jax.random.key(seed), jnp.zeros((1, n_features)), deterministic=True)
    return ModelBundle(model.apply, variables, jax.random.key(seed + 1))


def mc_samples(bundle: ModelBundle, reading, n_samples: int):
    def body(carry, i):
        probs = bundle.apply_fn(bundle.variables, reading, deterministic=False,
                                rngs={"dropout": jax.random.fold_in(bundle.rng, i)})
        return carry, probs[0]

    _, samples = lax.scan(body, None, jnp.arange(n_samples))
    return samples


def summarize(bundle: ModelBundle, reading, n_samples: int = 8):
    samples = mc_samples(bundle, reading, n_samples)
    return samples, samples.std(axis=0)


def main():
    # temperature, humidity, weight, acoustic band powers of one hive at 06:00
    reading = jnp.array([[34.8, 0.61, 41.2, 0.3, 0.7, 0.2]]) / 40.0
    bundle = make_bundle(seed=0)
    samples, _ = summarize(bundle, reading)
    return samples

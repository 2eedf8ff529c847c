# label: same-values
# flax-error: none
# class: 4 MCDropoutEvaluator stores functools.partial(model.apply, variables, rngs={'dropout': key}); the lax.scan body over samples calls it
"""Monte-Carlo dropout evaluator for predictive uncertainty.

The evaluator wraps `model.apply` once with the variables and its dropout key, then draws
the MC samples in a scan."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 5
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(32)(x))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.softmax(nn.Dense(self.classes)(h))


class MCDropoutEvaluator:
    def __init__(self, model, variables, seed: int = 0, num_samples: int = 6):
        self.num_samples = num_samples
        self.apply_fn = functools.partial(
            model.apply, variables, deterministic=False,
            rngs={"dropout": jax.random.key(seed)})

    def samples(self, x):
        def body(carry, _):
            return carry, self.apply_fn(x)

        _, probs = jax.lax.scan(body, None, None, length=self.num_samples)
        return probs


def main():
    model = Classifier()
    x = jax.random.normal(jax.random.key(0), (4, 10))
    variables = model.init(jax.random.key(1), x)
    evaluator = MCDropoutEvaluator(model, variables)
    return evaluator.samples(x)

# label: ok
# flax-error: none
# class: 3 the estimator's model and variables attributes are applied in the lax.scan body with per-sample dropout keys scanned as xs
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RegressionMLP(nn.Module):
    features: tuple = (16, 16)
    dropout_rate: float = 0.2

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        for width in self.features:
            x = nn.relu(nn.Dense(width)(x))
            x = nn.Dropout(self.dropout_rate)(x, deterministic=deterministic)
        return nn.Dense(1)(x)


@dataclasses.dataclass
class MCDropoutEstimator:
    model: nn.Module
    variables: Any
    num_samples: int = 6

    def predict(self, x, key):
        def one_pass(carry, dropout_key):
            y = self.model.apply(self.variables, x, deterministic=False, rngs={'dropout': dropout_key})
            return carry, y

        dropout_keys = jax.random.split(key, self.num_samples)
        _, samples = lax.scan(one_pass, None, dropout_keys)
        return samples

    def predictive_stats(self, x, key):
        samples = self.predict(x, key)
        return samples.mean(axis=0), samples.std(axis=0), samples


def main():
    model = RegressionMLP()
    x = jnp.linspace(-1.0, 1.0, 5)[:, None]
    variables = model.init(jax.random.key(0), x)
    estimator = MCDropoutEstimator(model, variables)
    mean, std, samples = estimator.predictive_stats(x, jax.random.key(7))
    print('epistemic std', std.ravel())
    return samples

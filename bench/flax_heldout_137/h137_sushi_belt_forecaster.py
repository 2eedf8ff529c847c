# label: same-values
# flax-error: none
# class: 3 the forecaster's self.dropout_key attribute is passed as rngs={"dropout": ...} to model.apply in every lax.scan step of the Monte Carlo loop
"""Sushi conveyor belt: Monte Carlo dropout estimate of plate demand per belt segment."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class PlateDemandNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, features, deterministic: bool):
        h = nn.gelu(nn.Dense(self.hidden)(features))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


@dataclass
class BeltSnapshot:
    segment_features: jnp.ndarray  # [segments, features]


class BeltForecaster:
    def __init__(self, model, variables, seed, n_samples=8):
        self.model = model
        self.variables = variables
        self.dropout_key = jax.random.key(seed)
        self.n_samples = n_samples

    def _sample(self, snapshot):
        return self.model.apply(self.variables, snapshot.segment_features,
                                deterministic=False, rngs={"dropout": self.dropout_key})

    def demand_samples(self, snapshot):
        def body(count, _):
            return count + 1, self._sample(snapshot)

        _, samples = scan(body, 0, None, length=self.n_samples)
        return samples


def main():
    model = PlateDemandNet()
    feats = jax.random.uniform(jax.random.key(0), (12, 5))
    variables = model.init(jax.random.key(1), feats, deterministic=True)
    forecaster = BeltForecaster(model, variables, seed=42)
    return forecaster.demand_samples(BeltSnapshot(feats))

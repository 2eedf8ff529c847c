# label: ok
# flax-error: none
# class: 3 a frozen DeploymentBundle dataclass holds model and variables; the scan carries the 'running' collection into bundle.model.apply(..., mutable)
"""Ferry passenger forecasting: forecast boardings per crossing while tracking an EMA of the load factor."""
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class BoardingModel(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, features):
        ema = self.variable("running", "load_ema", lambda: jnp.zeros(()))
        boardings = nn.softplus(nn.Dense(1)(features))[..., 0] * 100.0
        ema.value = self.decay * ema.value + (1 - self.decay) * boardings.mean() / 400.0
        return boardings


@dataclass(frozen=True)
class DeploymentBundle:
    model: Any
    variables: Any
    capacity: float = 400.0


def forecast_day(bundle: DeploymentBundle, crossings):
    params = bundle.variables["params"]

    def body(carry, feats):
        overbooked, running = carry
        boardings, updates = bundle.model.apply({"params": params, "running": running}, feats,
                                                mutable=["running"])
        return (overbooked + (boardings > bundle.capacity).sum(), updates["running"]), boardings.sum()

    (overbooked, running), totals = lax.scan(body, (jnp.int32(0), bundle.variables["running"]), crossings)
    return overbooked, totals, running


def main():
    crossings = jax.random.normal(jax.random.key(0), (8, 3, 5))  # crossings, routes, features
    model = BoardingModel()
    variables = model.init(jax.random.key(1), crossings[0])
    bundle = DeploymentBundle(model=model, variables=variables)
    overbooked, totals, running = forecast_day(bundle, crossings)
    jax.block_until_ready(totals)
    return None

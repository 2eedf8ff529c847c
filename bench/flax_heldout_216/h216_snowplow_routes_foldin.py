# label: ok
# flax-error: none
# class: 4 the dropout key sits in a frozen PolicyConfig held by the PolicyRunner that the FleetSimulator holds; the fori_loop body folds in the round
"""Snowplow routing: sample route-segment priorities for the plow fleet under dropout
(Monte Carlo uncertainty) for each dispatch round."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class PolicyConfig:
    dropout_rate: float
    dropout_key: jax.Array


class RoutePolicy(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, segments, train: bool):
        h = nn.relu(nn.Dense(16)(segments))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(1)(h)[..., 0]


class PolicyRunner:
    def __init__(self, config: PolicyConfig, params):
        self.config = config
        self.model = RoutePolicy(config.dropout_rate)
        self.params = params


class FleetSimulator:
    def __init__(self, runner: PolicyRunner):
        self.runner = runner

    def priority_samples(self, segments, rounds: int):
        buf = jnp.zeros((rounds, segments.shape[0]))

        def body(i, buf):
            round_key = jax.random.fold_in(self.runner.config.dropout_key, i)
            prio = self.runner.model.apply({"params": self.runner.params}, segments, True,
                                           rngs={"dropout": round_key})
            return buf.at[i].set(prio)

        return lax.fori_loop(0, rounds, body, buf)


def main():
    # snow depth, traffic class, grade, school route, hospital access
    segments = jax.random.uniform(jax.random.PRNGKey(0), (7, 5))
    config = PolicyConfig(dropout_rate=0.3, dropout_key=jax.random.PRNGKey(11))
    params = RoutePolicy(config.dropout_rate).init(jax.random.PRNGKey(1), segments, False)["params"]
    return FleetSimulator(PolicyRunner(config, params)).priority_samples(segments, rounds=6)

# label: ok
# flax-error: none
# class: 2 simulate_storm splits a key drawn from the nnx.Rngs 'routes' stream before the scan and feeds the slices as xs; the local policy goes straight into the body
"""Municipal snowplow dispatch: the dispatch policy scores which street segments to clear
next; the storm simulator perturbs the snowfall forecast to see how robust the plan is."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class StormConfig:
    segments: int = 10
    scenarios: int = 6
    snowfall_sd: float = 0.3


class DispatchPolicy(nnx.Module):
    def __init__(self, segments: int, rngs: nnx.Rngs):
        self.score = nnx.Linear(segments, segments, rngs=rngs)

    def __call__(self, snowfall):
        return nnx.softmax(self.score(snowfall))


def simulate_storm(policy: DispatchPolicy, rngs: nnx.Rngs, forecast, cfg: StormConfig):
    route_keys = jax.random.split(rngs.routes(), cfg.scenarios)

    def scenario(carry, route_key):
        snowfall = forecast + cfg.snowfall_sd * jax.random.normal(route_key, forecast.shape)
        return carry, policy(jnp.clip(snowfall, 0.0))

    _, plans = scan(scenario, None, route_keys)
    return plans


def main():
    cfg = StormConfig()
    rngs = nnx.Rngs(params=0, routes=9)
    policy = DispatchPolicy(cfg.segments, rngs)
    forecast = jnp.linspace(0.5, 2.0, cfg.segments)
    return simulate_storm(policy, rngs, forecast, cfg)

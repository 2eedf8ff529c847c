# label: ok
# flax-error: none
# class: 1 the irrigation planner's own method runs lax.scan and returns the daily soil moisture as the scan's per-step output
"""Vineyard irrigation planning: daily soil-moisture rollout per vine block, with moisture logged for agronomists."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class BlockConfig:
    n_blocks: int = 5
    n_days: int = 14
    hidden: int = 8


class IrrigationPlanner(nn.Module):
    config: BlockConfig

    @nn.compact
    def __call__(self, weather):
        cfg = self.config
        uptake = nn.Dense(cfg.hidden, name="uptake")
        to_moisture = nn.Dense(1, name="to_moisture")
        to_moisture(uptake(weather[0]))  # parameters exist before the loop runs

        def day(moisture, w):
            loss = nn.softplus(to_moisture(nn.tanh(uptake(w))))[..., 0]
            moisture = jnp.clip(moisture - 0.05 * loss + 0.1 * w[..., 0], 0.0, 1.0)
            return moisture, moisture

        final, daily = lax.scan(day, jnp.full((cfg.n_blocks,), 0.6), weather)
        self.sow("intermediates", "soil_moisture", daily)
        return final


class AgronomistReport:
    def __init__(self, planner, variables):
        self.planner = planner
        self.variables = variables

    def dry_days(self, weather, wilting_point=0.35):
        final, state = self.planner.apply(self.variables, weather, mutable=["intermediates"])
        daily = jnp.stack(state["intermediates"]["soil_moisture"])[0]
        return final, (daily < wilting_point).sum(axis=0)


def main():
    config = BlockConfig()
    weather = jax.random.uniform(jax.random.key(0), (config.n_days, config.n_blocks, 3))
    planner = IrrigationPlanner(config)
    variables = planner.init(jax.random.key(1), weather)
    jax.block_until_ready(AgronomistReport(planner, {"params": variables["params"]}).dry_days(weather))
    return None

# label: same-values
# flax-error: none
# class: 2 the local `key` of plan_storm, built from a frozen RouteConfig seed, seeds nnx.Rngs(dropout=key) for the NNX model in every while_loop step
"""Snowplough routing: re-rank road segments every storm hour with a stochastic priority model.

Dispatch keeps dropout active to sample alternative rankings hour by hour (so crews do not
always start on the same segment); the storm loop is a while_loop over the storm's hours.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class RouteConfig:
    segments: int = 7
    storm_hours: int = 6
    seed: int = 2024


class SegmentPriority(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.4)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, segments, rngs: nnx.Rngs):
        h = nnx.relu(self.hidden(segments))
        return self.score(self.drop(h, rngs=rngs))[..., 0]


def plan_storm(model, segments, cfg: RouteConfig):
    key = jax.random.key(cfg.seed)

    def storm_continues(carry):
        hour, _ = carry
        return hour < cfg.storm_hours

    def hour_step(carry):
        hour, rankings = carry
        scores = model(segments, rngs=nnx.Rngs(dropout=key))
        return hour + 1, rankings.at[hour].set(scores)

    rankings = jnp.zeros((cfg.storm_hours, cfg.segments))
    _, rankings = lax.while_loop(storm_continues, hour_step, (jnp.zeros((), jnp.int32), rankings))
    return rankings


def main():
    cfg = RouteConfig()
    # traffic volume, gradient, bus route flag, hospital access flag
    segments = jax.random.uniform(jax.random.key(1), (cfg.segments, 4))
    model = SegmentPriority(rngs=nnx.Rngs(0))
    return plan_storm(model, segments, cfg)

# label: same-values
# flax-error: none
# class: 3 the while_loop state object carries the key from the 'gusts' stream as its attribute; the body samples from state.key
"""Cross-wind loading on the cable-car track rope, sampled tick by tick for the wind-stop policy."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class GustState(NamedTuple):
    tick: jax.Array
    key: jax.Array
    sway_m: jax.Array
    loads: jax.Array


class WindPolicy(NamedTuple):
    ticks: int = 6
    spans: int = 5
    mean_ms: float = 9.0
    gust_ms: float = 4.0


class TrackRopeWind(nn.Module):
    policy: WindPolicy

    @nn.compact
    def __call__(self, exposure):
        drag = self.param("drag", nn.initializers.constant(0.12), (self.policy.spans,))
        p = self.policy

        def blowing(state: GustState):
            return state.tick < p.ticks

        def tick(state: GustState) -> GustState:
            wind = p.mean_ms + p.gust_ms * jax.random.normal(state.key, (p.spans,))
            load = drag * exposure * wind ** 2
            return state._replace(
                tick=state.tick + 1,
                sway_m=0.8 * state.sway_m + 0.01 * load,
                loads=state.loads.at[state.tick].set(load),
            )

        start = GustState(
            tick=jnp.zeros((), jnp.int32),
            key=self.make_rng("gusts"),
            sway_m=jnp.zeros((p.spans,)),
            loads=jnp.zeros((p.ticks, p.spans)),
        )
        return lax.while_loop(blowing, tick, start)


class WindStopDesk:
    def __init__(self, policy: WindPolicy = WindPolicy()):
        self.policy = policy
        self.model = TrackRopeWind(policy)

    def exposure(self):
        return jnp.linspace(0.6, 1.0, self.policy.spans)

    def sample(self, seed: int = 7):
        exposure = self.exposure()
        rngs = {"params": jax.random.key(seed), "gusts": jax.random.key(seed + 1)}
        variables = self.model.init(rngs, exposure)
        end = self.model.apply(variables, exposure, rngs={"gusts": jax.random.key(seed + 2)})
        return end.loads


def main():
    return WindStopDesk().sample()

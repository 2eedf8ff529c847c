# label: ok
# flax-error: none
# class: 3 the simulator's rngs (a cached_property holding nnx.Rngs) gives one key before the while_loop; the body folds in the swing index
"""Clapper timing jitter for a bell foundry's test frame: simulated strike offsets per swing."""
from dataclasses import dataclass
from functools import cached_property

import jax
import jax.lax as jlax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class FrameSpec:
    bells: int = 4
    swings: int = 5
    jitter_ms: float = 3.0
    seed: int = 19


class ClapperTiming(nnx.Module):
    def __init__(self, bells: int, *, rngs: nnx.Rngs):
        self.lag = nnx.Linear(bells, bells, rngs=rngs)

    def __call__(self, swing_angle):
        return nnx.softplus(self.lag(swing_angle))


class JitterSimulator:
    def __init__(self, spec: FrameSpec):
        self.spec = spec
        self.timing = ClapperTiming(spec.bells, rngs=self.rngs)

    @cached_property
    def rngs(self) -> nnx.Rngs:
        return nnx.Rngs(params=self.spec.seed, jitter=self.spec.seed + 1)

    def offsets(self, swing_angle):
        spec = self.spec
        base = self.timing(swing_angle)
        jitter_key = self.rngs.jitter()

        def more_swings(state):
            return state[0] < spec.swings

        def swing(state):
            i, out = state
            noise = jax.random.normal(jax.random.fold_in(jitter_key, i), base.shape) * spec.jitter_ms
            return i + 1, out.at[i].set(base + noise)

        _, out = jlax.while_loop(more_swings, swing, (0, jnp.zeros((spec.swings, spec.bells))))
        return out


def main():
    sim = JitterSimulator(FrameSpec())
    angle = jnp.array([0.9, 1.1, 1.0, 0.95])
    return sim.offsets(angle)

# label: same-values
# flax-error: none
# class: 3 FanScheduler.start_key (drawn once from FanScheduler.rngs in __init__) used in every while_loop iteration
"""Orchard frost protection: stagger the start times of wind machines across a frost night."""
import jax
import jax.numpy as jnp
from flax import nnx


class FanPolicy(nnx.Module):
    def __init__(self, fans: int, rngs: nnx.Rngs):
        self.base = nnx.Linear(2, fans, rngs=rngs)

    def __call__(self, air_temp, inversion):
        return nnx.sigmoid(self.base(jnp.stack([air_temp, inversion])))


class FanScheduler:
    def __init__(self, fans: int, nights: int, seed: int):
        self.fans = fans
        self.nights = nights
        self.policy = FanPolicy(fans, nnx.Rngs(params=seed))
        self.rngs = nnx.Rngs(stagger=seed + 100)
        # Draw outside the loop so the stream is not mutated under tracing.
        self.start_key = self.rngs.stagger()

    def plan(self, air_temp, inversion):
        offsets = jnp.zeros((self.nights, self.fans))

        def cond(state):
            return state[0] < self.nights

        def body(state):
            night, offsets = state
            stagger = jax.random.uniform(self.start_key, (self.fans,), maxval=0.25)
            start = self.policy(air_temp, inversion) + stagger
            return night + 1, offsets.at[night].set(start)

        _, offsets = jax.lax.while_loop(cond, body, (0, offsets))
        return offsets


def main():
    scheduler = FanScheduler(fans=5, nights=4, seed=12)
    return scheduler.plan(jnp.float32(-1.5), jnp.float32(3.0))

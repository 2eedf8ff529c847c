# label: ok
# flax-error: none
# class: 1 PumpScheduler.__call__ runs the while_loop itself; the 'jitter' key is split per cycle before the loop and indexed in the body
"""Hydroponic farm: schedule circulation pump duty cycles with dithered sensor readings."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PumpScheduler(nn.Module):
    cycles: int
    pumps: int = 3

    @nn.compact
    def __call__(self, reservoir):
        policy = nn.Dense(self.pumps, name="policy")
        policy(reservoir)  # create the policy parameters outside the loop
        dither_log = jnp.zeros((self.cycles,) + reservoir.shape)
        duty_log = jnp.zeros((self.cycles, reservoir.shape[0], self.pumps))
        keys = jax.random.split(self.make_rng("jitter"), self.cycles)

        def cond(state):
            return state[0] < self.cycles

        def body(state):
            i, level, dithers, duties = state
            dither = jax.random.uniform(keys[i], level.shape, minval=-0.05, maxval=0.05)
            duty = nn.sigmoid(policy(level + dither))
            level = level + 0.1 * duty.mean(axis=-1, keepdims=True) - 0.02
            return i + 1, level, dithers.at[i].set(dither), duties.at[i].set(duty)

        _, _, dithers, duties = jax.lax.while_loop(cond, body, (0, reservoir, dither_log, duty_log))
        return dithers, duties


def main():
    scheduler = PumpScheduler(cycles=5)
    reservoir = jnp.array([[0.4, 6.1, 1.2, 21.0], [0.6, 5.8, 1.4, 22.5]]) / 10.0
    variables = scheduler.init({"params": jax.random.key(0), "jitter": jax.random.key(1)}, reservoir)
    dithers, _ = scheduler.apply(variables, reservoir, rngs={"jitter": jax.random.key(2)})
    return dithers

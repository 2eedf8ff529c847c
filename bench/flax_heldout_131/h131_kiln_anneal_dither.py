# label: same-values
# flax-error: none
# class: 5 make_dither_step(partial(model.apply, variables), rng) returns the step; every fori_loop iteration applies with the same 'dither' key
"""Glass annealing kiln: dithered burner commands during the hold phase of an anneal schedule."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn

ZONES = 4
HOLD_STEPS = 6


class BurnerPolicy(nn.Module):
    hidden: int = 16
    dither_scale: float = 0.05

    @nn.compact
    def __call__(self, setpoint):
        h = nn.relu(nn.Dense(self.hidden)(setpoint))
        command = nn.sigmoid(nn.Dense(ZONES)(h))
        dither = self.dither_scale * jax.random.normal(self.make_rng("dither"), command.shape)
        return jnp.clip(command + dither, 0.0, 1.0)


def make_dither_step(policy_fn, setpoint, rng):
    def step(i, log):
        command = policy_fn(setpoint, rngs={"dither": rng})
        return log.at[i].set(command)

    return step


class AnnealScheduler:
    def __init__(self, policy: BurnerPolicy, variables):
        self.policy_fn = partial(policy.apply, variables)

    def hold(self, setpoint, rng):
        step = make_dither_step(self.policy_fn, setpoint, rng)
        return jax.lax.fori_loop(0, HOLD_STEPS, step, jnp.zeros((HOLD_STEPS, ZONES)))


def main():
    policy = BurnerPolicy()
    setpoint = jnp.array([0.52, 0.48, 0.50])  # normalised 520 C hold
    variables = policy.init({"params": jax.random.key(0), "dither": jax.random.key(1)}, setpoint)
    scheduler = AnnealScheduler(policy, variables)
    return scheduler.hold(setpoint, jax.random.key(42))

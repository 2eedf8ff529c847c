# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the commissioning controller draws from its own nnx.Rngs 'explore' stream inside a raw lax.fori_loop that fills the noise schedule
"""Smart-thermostat controller: during the commissioning week the NNX heating policy explores
by adding Gaussian noise to its setpoint offsets; the noise schedule is precomputed per day."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class HeatingPolicy(nnx.Module):
    def __init__(self, obs_dim, actions, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.out = nnx.Linear(16, actions, rngs=rngs)
        self.actions = actions

    def __call__(self, obs):
        return nnx.tanh(self.out(nnx.relu(self.hidden(obs))))


class CommissioningController:
    def __init__(self, policy, rngs: nnx.Rngs, steps_per_day=12, scale=0.3):
        self.policy = policy
        self.rngs = rngs
        self.steps_per_day = steps_per_day
        self.scale = scale

    def noise_schedule(self):
        buf = jnp.zeros((self.steps_per_day, self.policy.actions))

        def fill(i, buf):
            noise = self.scale * jax.random.normal(self.rngs.explore(), (self.policy.actions,))
            return buf.at[i].set(noise)

        return lax.fori_loop(0, self.steps_per_day, fill, buf)


def main():
    rngs = nnx.Rngs(params=0, explore=11)
    controller = CommissioningController(HeatingPolicy(4, 2, rngs=rngs), rngs)
    return controller.noise_schedule()

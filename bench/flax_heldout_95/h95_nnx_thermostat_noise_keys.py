# label: ok
# flax-error: none
# class: 5 the controller splits one key per step from its nnx.Rngs 'explore' stream before the raw lax.fori_loop and indexes them in the body
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
        keys = jax.random.split(self.rngs.explore(), self.steps_per_day)

        def fill(i, buf):
            noise = self.scale * jax.random.normal(keys[i], (self.policy.actions,))
            return buf.at[i].set(noise)

        return lax.fori_loop(0, self.steps_per_day, fill, buf)


def main():
    rngs = nnx.Rngs(params=0, explore=11)
    controller = CommissioningController(HeatingPolicy(4, 2, rngs=rngs), rngs)
    return controller.noise_schedule()

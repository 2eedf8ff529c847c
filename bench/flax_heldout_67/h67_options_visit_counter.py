# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "visits" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the fori_loop body is a module method that bumps a 'counters' variable for the chosen option
"""Hierarchical agent: a manager picks an option every k steps and keeps option visit counts for an exploration bonus."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Manager(nn.Module):
    num_options: int = 5
    horizon: int = 8

    def setup(self):
        self.q = nn.Dense(self.num_options)
        self.visits = self.variable("counters", "visits", jnp.zeros, (self.num_options,), jnp.int32)

    def pick(self, obs):
        bonus = 1.0 / jnp.sqrt(1.0 + self.visits.value)
        return jnp.argmax(self.q(obs) + bonus)

    def _manager_step(self, t, obs):
        option = self.pick(obs)
        self.visits.value = self.visits.value.at[option].add(1)
        return jnp.roll(obs, 1) * 0.9

    def __call__(self, obs):
        self.pick(obs)
        if self.is_initializing():
            return obs
        return lax.fori_loop(0, self.horizon, self._manager_step, obs)


def main():
    obs = jnp.linspace(-1.0, 1.0, 7)
    model = Manager()
    variables = model.init(jax.random.key(0), obs)
    final_obs = model.apply(variables, obs)
    final_obs.block_until_ready()

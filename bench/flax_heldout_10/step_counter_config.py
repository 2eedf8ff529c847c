# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "env_steps" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 self.variable('counters') bound to local `counter` before the loop, incremented in the raw scan body; apply without mutable
"""Recurrent policy that tracks how many env steps it has seen (a 'counters' collection)."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn
import jax.lax as lax


@dataclass
class PolicyConfig:
    hidden: int = 12
    count_steps: bool = True
    horizon: int = 5


class RecurrentPolicy(nn.Module):
    cfg: PolicyConfig

    @nn.compact
    def __call__(self, obs_seq):
        cell = nn.LSTMCell(self.cfg.hidden)
        counter = self.variable("counters", "env_steps", lambda: jnp.zeros((), jnp.int32))
        carry = cell.initialize_carry(jax.random.key(0), obs_seq[0].shape)
        carry, h0 = cell(carry, obs_seq[0])
        head = nn.Dense(2)
        head(h0)

        def body(c, obs):
            c, h = cell(c, obs)
            if self.cfg.count_steps and not self.is_initializing():
                counter.value += 1
            return c, head(h)

        _, logits = lax.scan(body, carry, obs_seq)
        return logits


def act(policy, variables, obs_seq):
    return policy.apply(variables, obs_seq)


def main():
    cfg = PolicyConfig()
    policy = RecurrentPolicy(cfg)
    obs = jnp.ones((cfg.horizon, 2, 3))
    variables = policy.init(jax.random.key(0), obs)
    logits = act(policy, variables, obs)
    return None

# label: same-values
# flax-error: none
# class: 1 a closure inside @nn.compact draws the termination uniform with self.make_rng inside the raw scan body
"""Option-critic rollout: each step the current option may terminate (beta head) and a new option is picked."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class OptionCritic(nn.Module):
    num_options: int = 4

    @nn.compact
    def __call__(self, obs_seq):
        beta_head = nn.Dense(self.num_options)
        q_head = nn.Dense(self.num_options)

        def step(option, obs):
            beta = nn.sigmoid(beta_head(obs))[option]
            u = jax.random.uniform(self.make_rng("option"), ())
            terminate = u < beta
            new_option = jnp.where(terminate, jnp.argmax(q_head(obs)), option)
            return new_option, u

        if self.is_initializing():
            step(jnp.int32(0), obs_seq[0])
        _, us = scan(step, jnp.int32(0), obs_seq)
        return us


def main():
    obs_seq = jax.random.normal(jax.random.key(0), (10, 6))
    model = OptionCritic()
    variables = model.init({"params": jax.random.key(1), "option": jax.random.key(2)}, obs_seq)
    us = model.apply(variables, obs_seq, rngs={"option": jax.random.key(3)})
    return us

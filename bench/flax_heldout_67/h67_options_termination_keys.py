# label: ok
# flax-error: none
# class: 1 a closure inside @nn.compact; one make_rng outside the raw scan is split into per-step keys passed as xs
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
        keys = jax.random.split(self.make_rng("option"), obs_seq.shape[0])

        def step(option, inp):
            obs, key = inp
            beta = nn.sigmoid(beta_head(obs))[option]
            u = jax.random.uniform(key, ())
            terminate = u < beta
            new_option = jnp.where(terminate, jnp.argmax(q_head(obs)), option)
            return new_option, u

        if self.is_initializing():
            step(jnp.int32(0), (obs_seq[0], keys[0]))
        _, us = scan(step, jnp.int32(0), (obs_seq, keys))
        return us


def main():
    obs_seq = jax.random.normal(jax.random.key(0), (10, 6))
    model = OptionCritic()
    variables = model.init({"params": jax.random.key(1), "option": jax.random.key(2)}, obs_seq)
    us = model.apply(variables, obs_seq, rngs={"option": jax.random.key(3)})
    return us

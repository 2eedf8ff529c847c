# label: ok
# flax-error: none
# class: 4 module method used as the raw lax.scan body returns the recurrent hidden states as scan outputs instead of sowing them
"""R2D2-style recurrent Q-network: burn-in over the stored prefix, recording hidden states as outputs."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RecurrentQ(nn.Module):
    n_actions: int = 4
    hidden: int = 32

    def setup(self):
        self.torso = nn.Dense(self.hidden)
        self.core = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.n_actions)

    def step(self, carry, obs):
        carry, h = self.core(carry, nn.relu(self.torso(obs)))
        return carry, (self.head(h), h)

    def __call__(self, carry, obs_seq):
        self.torso(obs_seq[0])  # build params outside the loop for init
        self.head(self.core(carry, self.torso(obs_seq[0]))[1])
        carry, (q, hs) = lax.scan(self.step, carry, obs_seq)
        return carry, q, hs


def burn_in(model, params, carry, prefix):
    carry, _, hs = model.apply(params, carry, prefix)
    return carry, hs


def main():
    model = RecurrentQ()
    obs = jnp.ones((6, 2, 10))
    carry = jnp.zeros((2, 32))
    params = model.init(jax.random.key(0), carry, obs)
    carry, hs = burn_in(model, params, carry, obs[:3])
    hs.mean()
    return None

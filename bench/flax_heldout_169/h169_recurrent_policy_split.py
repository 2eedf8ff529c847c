# label: ok
# flax-error: none
# class: 3 a bound Agent (model.bind) is closed over; its act method takes a per-step key that the scan gets from split keys as xs
"""Rolling out a GRU policy with exploration noise in a raw jax.lax.scan.

The twin that works: the bound agent is still closed over for its params, but the
exploration key is split into one key per step outside the loop and scanned over.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Agent(nn.Module):
    hidden: int = 16
    actions: int = 3

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.actions)

    def __call__(self, h, obs):
        return self.act(h, obs, jax.random.key(0))

    def act(self, h, obs, key):
        h, y = self.cell(h, obs)
        mean = jnp.tanh(self.head(y))
        noise = 0.1 * jax.random.normal(key, mean.shape)
        return h, mean + noise, noise


def toy_env(obs, action):
    return 0.9 * obs + 0.1 * jnp.pad(action, (0, obs.shape[0] - action.shape[0]))


def main():
    model = Agent()
    obs0 = jnp.ones((5,))
    h0 = jnp.zeros((16,))
    variables = model.init({'params': jax.random.key(0)}, h0, obs0)
    agent = model.bind(variables)
    keys = jax.random.split(jax.random.key(2), 10)

    def body(carry, key):
        h, obs = carry
        h, action, noise = agent.act(h, obs, key)
        return (h, toy_env(obs, action)), noise

    _, noises = lax.scan(body, (h0, obs0), keys)
    return noises

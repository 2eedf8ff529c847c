# label: same-values
# flax-error: none
# class: 3 a bound Agent (model.bind with rngs) is closed over and its act method calls make_rng('explore') in the scan body
"""Rolling out a GRU policy with exploration noise in a raw jax.lax.scan.

Shape of the reports: a recurrent policy is bound once with `model.bind(variables, rngs=...)`
to make the rollout code look like PyTorch, then stepped in `lax.scan`; the exploration noise
drawn with `make_rng` comes out the same at every step.
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
        return self.act(h, obs)

    def act(self, h, obs):
        h, y = self.cell(h, obs)
        mean = jnp.tanh(self.head(y))
        noise = 0.1 * jax.random.normal(self.make_rng('explore'), mean.shape)
        return h, mean + noise, noise


def toy_env(obs, action):
    return 0.9 * obs + 0.1 * jnp.pad(action, (0, obs.shape[0] - action.shape[0]))


def main():
    model = Agent()
    obs0 = jnp.ones((5,))
    h0 = jnp.zeros((16,))
    variables = model.init({'params': jax.random.key(0), 'explore': jax.random.key(1)}, h0, obs0)
    agent = model.bind(variables, rngs={'explore': jax.random.key(2)})

    def body(carry, _):
        h, obs = carry
        h, action, noise = agent.act(h, obs)
        return (h, toy_env(obs, action)), noise

    _, noises = lax.scan(body, (h0, obs0), None, length=10)
    return noises

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body in WorldModel.imagine calls self.actor and self.rssm.img_step, whose layers are first created inside the body during init

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

DETER, STOCH, ACTIONS = 8, 4, 2


class RSSM(nn.Module):
    deter: int = DETER
    stoch: int = STOCH

    def setup(self):
        self.img_in = nn.Dense(self.deter)
        self.gru = nn.GRUCell(self.deter)
        self.prior = nn.Dense(2 * self.stoch)

    def img_step(self, state, action):
        deter, stoch = state
        x = nn.elu(self.img_in(jnp.concatenate([stoch, action], -1)))
        deter, _ = self.gru(deter, x)
        mean, _ = jnp.split(self.prior(deter), 2, -1)
        return deter, mean


class WorldModel(nn.Module):
    def setup(self):
        self.rssm = RSSM()
        self.actor = nn.Dense(ACTIONS)
        self.reward = nn.Dense(1)

    @staticmethod
    def features(state):
        return jnp.concatenate(state, -1)

    def imagine(self, start, horizon):
        def step(state, _):
            action = nn.tanh(self.actor(self.features(state)))
            state = self.rssm.img_step(state, action)
            return state, self.reward(self.features(state))[..., 0]

        _, rewards = scan(step, start, None, length=horizon)
        return rewards

    def __call__(self, start, horizon=5):
        return self.imagine(start, horizon)


def lambda_return(rewards, discount=0.99):
    weights = discount ** jnp.arange(rewards.shape[0])
    return jnp.sum(rewards * weights[:, None], axis=0)


def main():
    batch = 2
    start = (jnp.zeros((batch, DETER)), jnp.ones((batch, STOCH)))
    model = WorldModel()
    variables = model.init(jax.random.key(0), start)
    rewards = model.apply(variables, start, horizon=5)
    jax.block_until_ready(lambda_return(rewards))

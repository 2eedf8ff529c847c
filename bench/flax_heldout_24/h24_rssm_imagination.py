# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the world model is initialised through init(method=WorldModel.imagine), so the RSSM, actor and reward submodules are first called when the bound method step runs as the raw lax.scan body
# modelled on: flax linen Dreamer port (code search "noncleandreamer" RSSM with flax.linen) and alec-tschantz/rssm-jax rollout_model_prior
"""Dreamer-style latent imagination: roll the prior forward under the actor."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RSSM(nn.Module):
    deter: int = 16
    stoch: int = 4

    def setup(self):
        self.img_in = nn.Dense(self.deter)
        self.cell = nn.GRUCell(self.deter)
        self.prior = nn.Dense(2 * self.stoch)

    def img_step(self, state, action):
        h, z = state
        x = nn.elu(self.img_in(jnp.concatenate([z, action], -1)))
        h, _ = self.cell(h, x)
        mean, _ = jnp.split(self.prior(h), 2, -1)
        return h, jnp.tanh(mean)


class WorldModel(nn.Module):
    act_dim: int = 2

    def setup(self):
        self.rssm = RSSM()
        self.actor = nn.Dense(self.act_dim)
        self.reward = nn.Dense(1)

    def __call__(self, state):
        return self.step(state, None)

    def step(self, state, _):
        action = jnp.tanh(self.actor(jnp.concatenate(state, -1)))
        state = self.rssm.img_step(state, action)
        return state, self.reward(jnp.concatenate(state, -1))[..., 0]

    def imagine(self, start, horizon: int):
        _, rewards = jax.lax.scan(self.step, start, None, length=horizon)
        return rewards


def main():
    start = (jnp.zeros((3, 16)), jnp.zeros((3, 4)))
    model = WorldModel()
    variables = model.init(jax.random.key(0), start, 5, method=WorldModel.imagine)
    rewards = model.apply(variables, start, 5, method=WorldModel.imagine)
    print(rewards.shape, rewards.sum(0))
    return None

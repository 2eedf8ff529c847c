# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 closure inside @nn.compact writes the recurrent state into a 'cache' variable on every imagination step
"""Recurrent latent world model: imagine a trajectory under an action sequence and keep the last state."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RecurrentWorldModel(nn.Module):
    latent: int = 32

    @nn.compact
    def __call__(self, h0, actions):
        cell = nn.GRUCell(features=self.latent)
        reward_head = nn.Dense(1)
        cache = self.variable('cache', 'h', lambda: jnp.zeros_like(h0))
        h0, _ = cell(h0, jnp.zeros(h0.shape[:-1] + actions.shape[-1:]))
        _ = reward_head(h0)

        def imagine(h, a):
            h, _ = cell(h, a)
            cache.value = h
            return h, reward_head(h)[..., 0]

        _, rewards = jax.lax.scan(imagine, h0, jnp.swapaxes(actions, 0, 1))
        return rewards.sum(0)


def main():
    batch, horizon, act_dim = 2, 6, 3
    h0 = jnp.zeros((batch, 32))
    actions = jax.random.normal(jax.random.PRNGKey(3), (batch, horizon, act_dim))
    model = RecurrentWorldModel()
    variables = model.init(jax.random.PRNGKey(0), h0, actions)
    returns, state = model.apply(variables, h0, actions, mutable=['cache'])
    # continue imagining from where the last rollout stopped
    h_next = state['cache']['h']
    more, _ = model.apply(variables, h_next, actions, mutable=['cache'])
    print(returns.shape, float(more.mean()))
    return None

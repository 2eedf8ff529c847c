# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RL actor rollout inside a Linen module: jax.checkpoint(step) at the call, the step builds the MLP
from flax import linen as nn
import jax
import jax.numpy as jnp


class Actor(nn.Module):
    actions: int = 2
    horizon: int = 5

    @nn.compact
    def __call__(self, obs0):
        def step(obs, _):
            h = nn.relu(nn.Dense(32)(obs))
            action = nn.tanh(nn.Dense(self.actions)(h))
            obs = obs.at[:, : self.actions].add(0.1 * action)
            return obs, action

        _, actions = jax.lax.scan(jax.checkpoint(step), obs0, None, length=self.horizon)
        return actions


def main():
    obs0 = jnp.zeros((4, 3))
    actor = Actor()
    params = actor.init(jax.random.PRNGKey(0), obs0)
    actor.apply(params, obs0)

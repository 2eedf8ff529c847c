# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 learned dynamics submodules first called (so created at init) inside the rollout closure that lax.fori_loop runs in an MPC cost module
"""Model-predictive control with a learned dynamics model: the cost of an action sequence is
computed by rolling the dynamics forward with fori_loop inside the module."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RolloutCost(nn.Module):
    state_dim: int = 4

    @nn.compact
    def __call__(self, s0, actions):
        dyn_hidden = nn.Dense(16, name="dyn_hidden")
        dyn_out = nn.Dense(self.state_dim, name="dyn_out")
        reward = nn.Dense(1, name="reward")

        def body(t, carry):
            s, total = carry
            a = actions[t]
            ds = dyn_out(nn.swish(dyn_hidden(jnp.concatenate([s, a]))))
            s = s + ds
            return s, total + reward(s)[0]

        _, total = lax.fori_loop(0, actions.shape[0], body, (s0, jnp.zeros(())))
        return -total


def main():
    cost = RolloutCost()
    s0 = jnp.zeros((4,))
    actions = jnp.ones((6, 2))
    variables = cost.init(jax.random.key(0), s0, actions)
    c = cost.apply(variables, s0, actions)
    c.block_until_ready()
    return None

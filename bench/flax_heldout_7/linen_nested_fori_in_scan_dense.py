# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 nested loops: a fori_loop inside a lax.scan body calls an nn.Dense created inline in the inner body
import jax
import jax.numpy as jnp
from jax.lax import scan, fori_loop
import flax.linen as nn


class MultiRateController(nn.Module):
    substeps: int = 3
    act_dim: int = 2

    @nn.compact
    def __call__(self, observations):  # (T, obs_dim)
        def outer(state, obs):
            def inner(k, s):
                return s + 0.1 * nn.Dense(s.shape[-1], name="plant")(jnp.tanh(s + obs))
            state = fori_loop(0, self.substeps, inner, state)
            return state, state[: self.act_dim]

        s0 = jnp.zeros(observations.shape[-1])
        _, actions = scan(outer, s0, observations)
        return actions


def main():
    obs = jax.random.uniform(jax.random.PRNGKey(0), (10, 4))
    ctrl = MultiRateController()
    variables = ctrl.init(jax.random.PRNGKey(1), obs)
    acts = ctrl.apply(variables, obs)
    jnp.sum(acts).block_until_ready()
    return None

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.param is called inside the raw lax.scan body (hk.get_parameter inside hk.scan ported literally)
"""Port of a Haiku core that called hk.get_parameter inside the function given to hk.scan.
hk.scan initialises the parameters on the first step; Flax's self.param inside jax.lax.scan does not."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class LeakyIntegrator(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, inputs):
        def core(state, x):
            w = self.param("w", nn.initializers.lecun_normal(), (x.shape[-1], self.features))
            decay = self.param("decay", nn.initializers.constant(0.9), (self.features,))
            state = decay * state + x @ w
            return state, state

        init_state = jnp.zeros((inputs.shape[1], self.features))
        _, states = lax.scan(core, init_state, inputs)
        return states


def main():
    model = LeakyIntegrator()
    inputs = jnp.ones((6, 3, 5))
    params = model.init(jax.random.PRNGKey(1), inputs)
    states = model.apply(params, inputs)
    jnp.sum(states).block_until_ready()
    return None

# label: ok
# flax-error: none
# class: 1 self.param is hoisted out of the raw lax.scan body; the body closes over the parameter arrays
"""The Haiku port after the fix: declare the parameters before the loop and close over the arrays."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class LeakyIntegrator(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, inputs):
        w = self.param("w", nn.initializers.lecun_normal(), (inputs.shape[-1], self.features))
        decay = self.param("decay", nn.initializers.constant(0.9), (self.features,))

        def core(state, x):
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

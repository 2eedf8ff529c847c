# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.param for the diagonal recurrence declared inside the raw lax.scan body
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class LinearRecurrentUnit(nn.Module):
    d_state: int = 8

    @nn.compact
    def __call__(self, u):  # u: (T, d_state)
        def step(x, u_t):
            nu_log = self.param("nu_log", nn.initializers.uniform(0.5), (self.d_state,))
            lam = jnp.exp(-jnp.exp(nu_log))
            x = lam * x + u_t
            return x, x

        _, xs = lax.scan(step, jnp.zeros((self.d_state,)), u)
        return nn.Dense(4)(xs)


def main():
    u = jnp.ones((12, 8))
    lru = LinearRecurrentUnit()
    params = lru.init(jax.random.PRNGKey(1), u)
    y = lru.apply(params, u)
    return None if y.shape == (12, 4) else y

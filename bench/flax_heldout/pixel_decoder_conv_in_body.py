# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 autoregressive 1-D decoder builds an nn.Conv inside each scan step
from flax import linen as nn
import jax
import jax.numpy as jnp


class CausalDecoder(nn.Module):
    channels: int = 4
    length: int = 6

    @nn.compact
    def __call__(self, seed):
        def step(window, _):
            y = nn.Conv(self.channels, kernel_size=(3,), padding="VALID")(window)
            nxt = jnp.tanh(y[:, -1:])
            window = jnp.concatenate([window[:, 1:], nxt], axis=1)
            return window, nxt[:, 0]

        _, samples = jax.lax.scan(step, seed, None, length=self.length)
        return samples


def main():
    seed = jnp.ones((2, 3, 4))
    model = CausalDecoder()
    variables = model.init(jax.random.PRNGKey(0), seed)
    model.apply(variables, seed)

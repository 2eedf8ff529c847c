# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 data-dependent self.param init (ActNorm) first reached inside a raw scan body during init
"""Recurrent flow cell with an ActNorm layer whose scale and bias are initialised from the first
batch it sees (Glow-style data-dependent init); the sequence is walked with a raw scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ActNorm(nn.Module):
    @nn.compact
    def __call__(self, x):
        bias = self.param("bias", lambda k, s: -jnp.mean(x, axis=0), (x.shape[-1],))
        log_scale = self.param("log_scale", lambda k, s: -jnp.log(jnp.std(x, axis=0) + 1e-6),
                               (x.shape[-1],))
        return (x + bias) * jnp.exp(log_scale)


class FlowRNN(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, xs):
        norm = ActNorm()
        mix = nn.Dense(self.dim)

        def body(h, x):
            h = jnp.tanh(mix(norm(x)) + h)
            return h, h

        _, hs = jax.lax.scan(body, jnp.zeros((xs.shape[1], self.dim)), xs)
        return hs


def main():
    xs = jax.random.normal(jax.random.key(3), (5, 16, 4))
    model = FlowRNN()
    variables = model.init(jax.random.key(0), xs)
    model.apply(variables, xs)
    return None

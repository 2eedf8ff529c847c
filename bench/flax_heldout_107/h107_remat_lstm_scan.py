# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the compact method wraps its LSTM step with nn.remat and calls the wrapped instance inside a raw lax.scan
"""Sequence encoder that saves memory by wrapping its recurrent step in nn.remat, then
iterates it with a plain lax.scan instead of nn.scan (the 'remat + scan in Linen' questions).
The cell is warmed up once before the loop, as users do to create its parameters."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class LSTMStep(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, carry, x):
        return nn.OptimizedLSTMCell(self.features)(carry, x)


class Encoder(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, xs):
        step = nn.remat(LSTMStep)(self.features)
        carry = (jnp.zeros((self.features,)), jnp.zeros((self.features,)))
        step(carry, xs[0])
        carry, hs = lax.scan(lambda c, x: step(c, x), carry, xs)
        return hs[-1]


def main():
    enc = Encoder()
    xs = jax.random.normal(jax.random.PRNGKey(0), (9, 5))
    variables = enc.init(jax.random.PRNGKey(1), xs)
    out = enc.apply(variables, xs)
    print(out.shape, float(out.sum()))
    return None

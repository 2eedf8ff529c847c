# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 module-level step given the module through functools.partial(step, self) calls module.param
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


def rnn_step(module, h, x):
    w = module.param("w", nn.initializers.normal(0.1), (h.shape[-1], h.shape[-1]))
    b = module.param("b", nn.initializers.zeros, (h.shape[-1],))
    h = jnp.tanh(h @ w + b + x)
    return h, h


class PartialRNN(nn.Module):
    hidden: int = 6

    @nn.compact
    def __call__(self, xs):
        h0 = jnp.zeros(xs.shape[1:])
        return jax.lax.scan(functools.partial(rnn_step, self), h0, xs)


def main():
    xs = jnp.ones((4, 2, 6))
    model = PartialRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)

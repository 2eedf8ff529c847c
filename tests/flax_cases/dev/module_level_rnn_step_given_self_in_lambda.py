# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body is a lambda calling a module-level step function with the module (`rnn_step(self, h, x)`), which creates its weight with `module.param`
import flax.linen as nn
import jax
import jax.numpy as jnp


def rnn_step(module, h, x):
    w = module.param("w", nn.initializers.normal(0.1), (h.shape[-1], h.shape[-1]))
    h = jnp.tanh(h @ w + x)
    return h, h


class ElmanRNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        return jax.lax.scan(lambda h, x: rnn_step(self, h, x), jnp.zeros(xs.shape[1:]), xs)[1]


def main():
    xs = jnp.ones((5, 2, 3))
    model = ElmanRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)

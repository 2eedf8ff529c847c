# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a zoo factory builds a recurrent model whose compact __call__ runs jax.lax.scan over a submodule; the submodule's params are first created inside the scan body at init
"""Model zoo: recurrent models built by name; an RNN that unrolls with a raw jax.lax.scan."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

MODEL_ZOO = {}


def register(name):
    def deco(cls):
        MODEL_ZOO[name] = cls
        return cls
    return deco


def create_model(name, **kwargs):
    return MODEL_ZOO[name](**kwargs)


@register("simple_rnn")
class SimpleRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.Dense(self.hidden, name="cell")

        def step(h, x):
            h = jnp.tanh(cell(jnp.concatenate([h, x], axis=-1)))
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, hs = jax.lax.scan(step, h0, xs)
        return nn.Dense(1, name="head")(hs)


def main():
    model = create_model("simple_rnn", hidden=8)
    xs = jnp.ones((5, 2, 3))
    variables = model.init(jax.random.key(0), xs)
    out = model.apply(variables, xs)
    jax.block_until_ready(out)
    return None

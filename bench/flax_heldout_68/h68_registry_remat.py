# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a registry-built encoder runs jax.checkpoint(step) in a raw lax.scan whose body calls a Dense submodule that is first created there at init
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

MODEL_REGISTRY = {}


def register(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls

    return deco


@register("rnn_encoder")
class RecurrentEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.Dense(self.hidden, name="cell")

        def step(h, x):
            h = jnp.tanh(cell(jnp.concatenate([h, x], axis=-1)))
            return h, h

        step = jax.checkpoint(step)
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, _ = lax.scan(step, h0, xs)
        return h


def build(name, **kwargs):
    return MODEL_REGISTRY[name](**kwargs)


def main():
    model = build("rnn_encoder", hidden=8)
    xs = jax.random.normal(jax.random.PRNGKey(0), (12, 2, 4))
    variables = model.init(jax.random.PRNGKey(1), xs)
    model.apply(variables, xs)
    return None

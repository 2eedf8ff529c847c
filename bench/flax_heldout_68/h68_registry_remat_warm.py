# label: ok
# flax-error: none
# class: 4 a registry-built encoder creates its Dense cell once before the raw lax.scan, so the checkpointed body only reads the parameters
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
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        # create the parameters outside the raw scan
        cell(jnp.concatenate([h0, xs[0]], axis=-1))

        def step(h, x):
            h = jnp.tanh(cell(jnp.concatenate([h, x], axis=-1)))
            return h, h

        step = jax.checkpoint(step)
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

# label: ok
# flax-error: none
# class: 2 a zoo factory builds a recurrent model whose compact __call__ runs jax.lax.scan over a submodule; the submodule is called once before the scan so its params exist outside the loop
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
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        if self.is_initializing():
            cell(jnp.concatenate([h0, xs[0]], axis=-1))  # create params outside the loop

        def step(h, x):
            h = jnp.tanh(cell(jnp.concatenate([h, x], axis=-1)))
            return h, h

        _, hs = jax.lax.scan(step, h0, xs)
        return nn.Dense(1, name="head")(hs)


def main():
    model = create_model("simple_rnn", hidden=8)
    xs = jnp.ones((5, 2, 3))
    variables = model.init(jax.random.key(0), xs)
    out = model.apply(variables, xs)
    jax.block_until_ready(out)
    return None

# label: ok
# flax-error: none
# class: 2 the attention submodule runs inside the raw lax.scan and returns its weights as a scan output; the stacked maps are sown once, after the loop
# modelled on: google/flax examples/gemma/sow_lib.py (sowing attention weights for interpretability) and dm-haiku issue #214 "Encountered an unexpected tracer when scanning inside transformed function"
"""Recurrent attention reader that records its attention weights for inspection."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Glimpse(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, query, memory):
        q = nn.Dense(self.features, name="q")(query)
        k = nn.Dense(self.features, name="k")(memory)
        weights = jax.nn.softmax(k @ q / jnp.sqrt(self.features))
        return weights @ memory, weights


class Reader(nn.Module):
    steps: int = 4

    def setup(self):
        self.glimpse = Glimpse()
        self.update = nn.GRUCell(features=6)

    def __call__(self, memory):
        h = jnp.zeros((6,))
        if self.is_initializing():
            self.update(h, self.glimpse(h, memory)[0])

        def step(h, _):
            read, weights = self.glimpse(h, memory)
            h, out = self.update(h, read)
            return h, (out, weights)

        h, (outs, maps) = jax.lax.scan(step, h, None, length=self.steps)
        self.sow("intermediates", "attention", maps)
        return outs


def main():
    memory = jax.random.normal(jax.random.key(0), (10, 6))
    model = Reader()
    variables = model.init(jax.random.key(1), memory)
    outs, state = model.apply(variables, memory, mutable=["intermediates"])
    maps = jnp.stack(state["intermediates"]["attention"])
    print(outs.shape, maps.shape, maps.sum(-1))
    return None

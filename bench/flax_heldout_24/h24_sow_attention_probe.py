# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the attention submodule calls self.sow('intermediates', ...) while it runs inside the raw lax.scan over decoding steps; apply(mutable=['intermediates']) returns the sown maps
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
        self.sow("intermediates", "attention", weights)
        return weights @ memory


class Reader(nn.Module):
    steps: int = 4

    def setup(self):
        self.glimpse = Glimpse()
        self.update = nn.GRUCell(features=6)

    def __call__(self, memory):
        h = jnp.zeros((6,))
        if self.is_initializing():
            self.update(h, self.glimpse(h, memory))

        def step(h, _):
            read = self.glimpse(h, memory)
            h, out = self.update(h, read)
            return h, out

        h, outs = jax.lax.scan(step, h, None, length=self.steps)
        return outs


def main():
    memory = jax.random.normal(jax.random.key(0), (10, 6))
    model = Reader()
    variables = model.init(jax.random.key(1), memory)
    outs, state = model.apply(variables, memory, mutable=["intermediates"])
    maps = jnp.stack(state["intermediates"]["glimpse"]["attention"])
    print(outs.shape, maps.shape, maps.sum(-1))
    return None

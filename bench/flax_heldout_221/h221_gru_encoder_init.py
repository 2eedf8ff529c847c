# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Encoder.__call__ (compact) runs a raw scan whose body is the first call of a GRUCell, so init creates its params inside the body
"""GRU sequence encoder written with a raw jax.lax.scan inside @nn.compact.

The most common shape of the "lax.scan inside a Linen module" reports: the
cell is declared in the compact method and first called inside the scan
body, so model.init creates the cell's parameters while tracing the body.
init returns without complaint; the failure shows up at the first apply.
"""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 16
    vocab: int = 20

    @nn.compact
    def __call__(self, tokens):
        embed = nn.Embed(self.vocab, self.hidden)
        cell = nn.GRUCell(self.hidden)

        def step(h, tok):
            h, y = cell(h, embed(tok))
            return h, y

        h0 = jnp.zeros((tokens.shape[0], self.hidden))
        h_last, ys = scan(step, h0, tokens.T)
        return h_last, ys


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        h, _ = Encoder()(tokens)
        return nn.Dense(3)(h)


def main():
    model = Classifier()
    tokens = jax.random.randint(jax.random.PRNGKey(0), (4, 9), 0, 20)
    params = model.init(jax.random.PRNGKey(1), tokens)
    logits = model.apply(params, tokens)
    print(logits.shape)
    return None

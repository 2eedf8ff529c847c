# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 AttnDecoder.__call__ runs jax.lax.scan and calls self.sow('intermediates', ...) inside the body
"""Additive-attention RNN decoder that records its attention maps with sow.

Shape of a GitHub issue: "sow inside lax.scan returns tracers". The decoder
scans over output positions, sows the attention weights at every step, and
the user reads them back from the mutable 'intermediates' collection to plot.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class AttnDecoder(nn.Module):
    hidden: int = 16
    vocab: int = 12

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.query = nn.Dense(self.hidden)
        self.cell = nn.GRUCell(self.hidden)
        self.out = nn.Dense(self.vocab)

    def __call__(self, enc, targets):
        h0 = jnp.zeros((self.hidden,))

        def step(h, tok):
            q = self.query(h)
            scores = enc @ q
            attn = jax.nn.softmax(scores)
            self.sow('intermediates', 'attn', attn)
            ctx = attn @ enc
            h, _ = self.cell(h, self.embed(tok) + ctx)
            return h, self.out(h)

        # the BOS step runs outside the loop, the rest is scanned
        h, first = step(h0, targets[0])
        _, rest = jax.lax.scan(step, h, targets[1:])
        return jnp.concatenate([first[None], rest])


def main():
    model = AttnDecoder()
    enc = jax.random.normal(jax.random.PRNGKey(0), (7, 16))
    targets = jnp.array([1, 4, 2, 9, 3])
    variables = model.init(jax.random.PRNGKey(1), enc, targets)
    logits, state = model.apply({'params': variables['params']}, enc, targets,
                                mutable=['intermediates'])
    attn_maps = jnp.concatenate([jnp.atleast_2d(a) for a in state['intermediates']['attn']])
    print(attn_maps.shape, logits.shape)
    return None

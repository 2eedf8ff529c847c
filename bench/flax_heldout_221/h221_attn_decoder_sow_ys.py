# label: ok
# flax-error: none
# class: 1 AttnDecoder.__call__ runs jax.lax.scan and returns the attention weights as the scan's ys instead of sowing them
"""Additive-attention RNN decoder that records its attention maps with sow.

Twin of h221_attn_decoder_sow: the attention weights leave the loop as part of
the scan's stacked outputs and are sown once, after the loop, as a whole.
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
            ctx = attn @ enc
            h, _ = self.cell(h, self.embed(tok) + ctx)
            return h, (self.out(h), attn)

        # the BOS step runs outside the loop, the rest is scanned
        h, (first, attn0) = step(h0, targets[0])
        _, (rest, attn_rest) = jax.lax.scan(step, h, targets[1:])
        self.sow('intermediates', 'attn', jnp.concatenate([attn0[None], attn_rest]))
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

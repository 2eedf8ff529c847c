# label: ok
# flax-error: none
# class: 1 GRUCell and head are called once before the raw jax.lax.scan (warm-up), so init creates their params outside the loop trace
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, HID = 12, 16


class CharRNN(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        emb = nn.Embed(VOCAB, HID)(tokens)  # [time, batch, hid]
        cell = nn.GRUCell(features=HID)
        head = nn.Dense(VOCAB)
        h0 = jnp.zeros((tokens.shape[1], HID))
        if self.is_initializing():
            _, out = cell(h0, emb[0])  # create the params outside the loop
            head(out)

        def step(h, x):
            h, out = cell(h, x)
            return h, head(out)

        _, logits = jax.lax.scan(step, h0, emb)
        return logits


def main():
    model = CharRNN()
    tokens = jnp.zeros((7, 2), jnp.int32)
    params = model.init(jax.random.key(0), tokens)
    logits = model.apply(params, tokens)
    logits.block_until_ready()
    return None

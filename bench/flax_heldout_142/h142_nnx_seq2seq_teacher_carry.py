# label: ok
# flax-error: none
# class: 1 Seq2Seq.__call__ scans the target tokens with the decoder state in the carry and assigns its nnx.Cache once after the loop
"""NNX GRU seq2seq with teacher forcing; the decoder state is cached on the module."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

VOCAB, EMB, HID = 12, 8, 16


class Seq2Seq(nnx.Module):
    def __init__(self, batch, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, EMB, rngs=rngs)
        self.encoder = nnx.GRUCell(EMB, HID, rngs=rngs)
        self.decoder = nnx.GRUCell(EMB, HID, rngs=rngs)
        self.readout = nnx.Linear(HID, VOCAB, rngs=rngs)
        self.h = nnx.Cache(jnp.zeros((batch, HID)))

    def encode(self, src):
        h = jnp.zeros((src.shape[0], HID))
        for t in range(src.shape[1]):
            h, _ = self.encoder(h, self.embed(src[:, t]))
        return h

    def __call__(self, src, tgt_in):
        self.h[...] = self.encode(src)

        def step(h, y_prev):
            h, out = self.decoder(h, self.embed(y_prev))
            return h, self.readout(out)

        h_last, logits = jax.lax.scan(step, self.h[...], tgt_in.T)
        self.h[...] = h_last
        return logits.swapaxes(0, 1)


def main():
    src = jax.random.randint(jax.random.key(0), (4, 5), 0, VOCAB)
    tgt = jax.random.randint(jax.random.key(1), (4, 7), 0, VOCAB)
    tgt_in = jnp.concatenate([jnp.zeros((4, 1), jnp.int32), tgt[:, :-1]], axis=1)
    model = Seq2Seq(4, nnx.Rngs(0))
    logits = model(src, tgt_in)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, tgt).mean()
    loss.block_until_ready()
    return None

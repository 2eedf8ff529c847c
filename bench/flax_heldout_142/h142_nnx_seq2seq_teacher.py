# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 Seq2Seq.__call__ scans the target tokens and assigns the decoder state into its own nnx.Cache inside the body
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

        def step(_, y_prev):
            new_h, out = self.decoder(self.h[...], self.embed(y_prev))
            self.h[...] = new_h
            return None, self.readout(out)

        _, logits = jax.lax.scan(step, None, tgt_in.T)
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

# label: ok
# flax-error: none
# class: 1 Seq2Seq.decode scans the target tokens with the decoder hidden state in the carry and writes the 'cache' variable once after the loop
"""GRU seq2seq trained with teacher forcing; the decoder keeps its hidden state in a 'cache'
collection so that it can be resumed for greedy decoding later."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

VOCAB, EMB, HID = 12, 8, 16


class Seq2Seq(nn.Module):
    batch: int = 4

    def setup(self):
        self.embed = nn.Embed(VOCAB, EMB)
        self.encoder = nn.GRUCell(features=HID)
        self.decoder = nn.GRUCell(features=HID)
        self.readout = nn.Dense(VOCAB)
        self.cache = self.variable("cache", "h", jnp.zeros, (self.batch, HID))

    def encode(self, src):
        h = jnp.zeros((src.shape[0], HID))
        for t in range(src.shape[1]):  # short source sentence: a Python loop is fine
            h, _ = self.encoder(h, self.embed(src[:, t]))
        return h

    def decode(self, h0, tgt_in):
        self.cache.value = h0
        # one call before the loop so that the decoder's parameters exist
        self.readout(self.decoder(h0, self.embed(tgt_in[:, 0]))[1])

        def step(h, y_prev):
            h, out = self.decoder(h, self.embed(y_prev))
            return h, self.readout(out)

        h_last, logits = jax.lax.scan(step, self.cache.value, tgt_in.T)
        self.cache.value = h_last
        return logits.swapaxes(0, 1)

    def __call__(self, src, tgt_in):
        return self.decode(self.encode(src), tgt_in)


def main():
    key = jax.random.key(0)
    src = jax.random.randint(key, (4, 5), 0, VOCAB)
    tgt = jax.random.randint(jax.random.key(1), (4, 7), 0, VOCAB)
    bos = jnp.zeros((4, 1), jnp.int32)
    tgt_in = jnp.concatenate([bos, tgt[:, :-1]], axis=1)  # teacher forcing: shifted targets

    model = Seq2Seq()
    variables = model.init(key, src, tgt_in)
    logits, state = model.apply(variables, src, tgt_in, mutable=["cache"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, tgt).mean()
    h_final = state["cache"]["h"]  # resumed later for greedy decoding
    (loss + 1e-3 * jnp.square(h_final).mean()).block_until_ready()
    return None

# label: ok
# flax-error: none
# class: 3 the seq2seq sampling idiom: init through __call__ (teacher forcing), then a sample method under apply(method=...) scans over keys split outside the loop, reusing built submodules
import jax
import jax.numpy as jnp
import flax.linen as nn


class Seq2SeqDecoder(nn.Module):
    vocab: int = 9
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.out = nn.Dense(self.vocab)

    def __call__(self, tokens):  # teacher forcing, plain Python loop at init
        h = jnp.zeros((tokens.shape[0], self.hidden))
        logits = []
        for t in range(tokens.shape[1]):
            h, y = self.cell(h, self.embed(tokens[:, t]))
            logits.append(self.out(y))
        return jnp.stack(logits, axis=1)

    def sample(self, bos, key, length, temperature=1.0):
        keys = jax.random.split(key, length)

        def step(carry, k):
            h, tok = carry
            h, y = self.cell(h, self.embed(tok))
            nxt = jax.random.categorical(k, self.out(y) / temperature)
            return (h, nxt), nxt

        h0 = jnp.zeros((bos.shape[0], self.hidden))
        _, toks = jax.lax.scan(step, (h0, bos), keys)
        return toks


def main():
    model = Seq2SeqDecoder()
    tokens = jnp.zeros((2, 4), jnp.int32)
    params = model.init(jax.random.key(0), tokens)
    toks = model.apply(params, jnp.ones((2,), jnp.int32), jax.random.key(1), 5, method=model.sample)
    toks.block_until_ready()
    return None

# label: ok
# flax-error: none
# class: 4 the while_loop body calls self.lm.step, which calls lm.decoder; the Generator puts the model in eval mode first, so Dropout draws nothing
"""Free-running generation from an NNX LSTM language model (teacher forcing off).

Twin of h221_nnx_lstm_lm_generate: the Generator calls lm.eval() when it is
built, so Dropout is deterministic and the loop body reads the model only.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

EOS = 1


class Decoder(nnx.Module):
    def __init__(self, vocab, hidden, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.LSTMCell(hidden, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, carry, tok):
        carry, h = self.cell(carry, self.embed(tok))
        return carry, self.dropout(h)


class LanguageModel(nnx.Module):
    def __init__(self, vocab=13, hidden=24, rngs: nnx.Rngs = None):
        self.decoder = Decoder(vocab, hidden, rngs)
        self.head = nnx.Linear(hidden, vocab, rngs=rngs)
        self.hidden = hidden

    def step(self, carry, tok):
        carry, h = self.decoder(carry, tok)
        return carry, self.head(h)


class Generator:
    def __init__(self, lm):
        self.lm = lm
        self.lm.eval()

    def greedy(self, bos, max_len=16):
        batch = bos.shape[0]
        zeros = jnp.zeros((batch, self.lm.hidden))
        out = jnp.zeros((batch, max_len), jnp.int32)

        def cond(state):
            _, tok, i, _ = state
            return (i < max_len) & jnp.any(tok != EOS)

        def body(state):
            carry, tok, i, out = state
            carry, logits = self.lm.step(carry, tok)
            tok = jnp.argmax(logits, -1).astype(jnp.int32)
            return carry, tok, i + 1, out.at[:, i].set(tok)

        _, _, n, out = jax.lax.while_loop(cond, body, ((zeros, zeros), bos, 0, out))
        return out[:, :n]


def main():
    lm = LanguageModel(rngs=nnx.Rngs(params=0, dropout=1))
    gen = Generator(lm)
    tokens = gen.greedy(jnp.array([2, 3, 4], jnp.int32))
    print(tokens.shape)
    return None

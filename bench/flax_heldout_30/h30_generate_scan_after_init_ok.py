# label: ok
# flax-error: none
# class: 3 init runs __call__ (no loop); apply(method='generate') runs a raw lax.scan whose body calls the setup submodules, which only read params
import jax
import jax.numpy as jnp
import flax.linen as nn


class TinyLM(nn.Module):
    vocab: int = 10
    hidden: int = 8

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.out = nn.Dense(self.vocab)

    def __call__(self, tokens):
        # teacher forcing over a short sequence, tokens: [batch, time]
        h = jnp.zeros((tokens.shape[0], self.hidden))
        logits = []
        for t in range(tokens.shape[1]):
            h, y = self.cell(h, self.embed(tokens[:, t]))
            logits.append(self.out(y))
        return jnp.stack(logits, 1)

    def generate(self, tok0, n_steps: int):
        def body(carry, _):
            h, tok = carry
            h, y = self.cell(h, self.embed(tok))
            nxt = jnp.argmax(self.out(y), -1)
            return (h, nxt), nxt

        h0 = jnp.zeros((tok0.shape[0], self.hidden))
        _, toks = jax.lax.scan(body, (h0, tok0), None, length=n_steps)
        return toks.T


def main():
    model = TinyLM()
    tokens = jnp.array([[1, 2, 3], [4, 5, 6]])
    params = model.init(jax.random.key(0), tokens)
    out = model.apply(params, tokens[:, 0], 5, method=TinyLM.generate)
    print(out)
    return None

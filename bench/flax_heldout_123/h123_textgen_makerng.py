# label: same-values
# flax-error: none
# class: 1 TinyLM.generate scans over positions itself and calls self.make_rng('sample') in the body
"""Character-level sampler. TinyLM.generate runs lax.scan over the positions and draws every
token with a key from self.make_rng('sample') taken inside the scan body ("my sampler keeps
emitting the same character")."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB = 16
HIDDEN = 32
STEPS = 8


class TinyLM(nn.Module):
    vocab: int = VOCAB
    hidden: int = HIDDEN
    temperature: float = 1.0

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.vocab, kernel_init=nn.initializers.normal(1e-3))

    def __call__(self, h, tok):
        h, y = self.cell(h, self.embed(tok))
        return h, self.head(y)

    def generate(self, first_token, steps):
        h0 = jnp.zeros((first_token.shape[0], self.hidden))

        def body(carry, _):
            h, tok = carry
            h, logits = self(h, tok)
            key = self.make_rng("sample")
            nxt = jax.random.categorical(key, logits / self.temperature)
            return (h, nxt), nxt

        _, tokens = lax.scan(body, (h0, first_token), None, length=steps)
        return tokens  # (steps, batch)


def main():
    model = TinyLM()
    tok0 = jnp.zeros((4,), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((4, HIDDEN)), tok0)
    tokens = model.apply(variables, tok0, STEPS, method=TinyLM.generate,
                         rngs={"sample": jax.random.PRNGKey(42)})
    return tokens


if __name__ == "__main__":
    print(main())

# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 CharRNN.generate scans itself and draws each token with self.rngs.sample() (its own Rngs) in the body
"""NNX character-level sampler. CharRNN keeps its nnx.Rngs as an attribute; CharRNN.generate
runs jax.lax.scan over positions and draws every token with self.rngs.sample() inside the scan
body."""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, HIDDEN, STEPS = 20, 32, 10


class CharRNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, HIDDEN, rngs=rngs)
        self.cell = nnx.GRUCell(HIDDEN, HIDDEN, rngs=rngs)
        self.head = nnx.Linear(HIDDEN, VOCAB, rngs=rngs)
        self.rngs = rngs

    def __call__(self, h, tok):
        h, y = self.cell(h, self.embed(tok))
        return h, self.head(y)

    def generate(self, first_token, steps, temperature=1.0):
        h0 = jnp.zeros((first_token.shape[0], HIDDEN))

        def body(carry, _):
            h, tok = carry
            h, logits = self(h, tok)
            nxt = jax.random.categorical(self.rngs.sample(), logits / temperature)
            return (h, nxt), nxt

        _, tokens = jax.lax.scan(body, (h0, first_token), None, length=steps)
        return tokens


def main():
    model = CharRNN(nnx.Rngs(params=0, sample=1))
    tokens = model.generate(jnp.zeros((4,), jnp.int32), STEPS)
    return tokens  # (steps, batch)


if __name__ == "__main__":
    print(main())

# label: ok
# flax-error: none
# class: 1 CharRNN.generate scans itself; its state (Rngs included) is split off and goes through the carry, merged in the body
"""NNX character-level sampler, fixed: CharRNN.generate splits itself into graphdef and state,
carries the state through jax.lax.scan, merges it in the body (so self.rngs.sample() advances a
counter that belongs to the body's trace) and writes the final state back with nnx.update."""
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
        graphdef, state = nnx.split(self)

        def body(carry, _):
            state, h, tok = carry
            model = nnx.merge(graphdef, state)
            h, logits = model(h, tok)
            nxt = jax.random.categorical(model.rngs.sample(), logits / temperature)
            return (nnx.state(model), h, nxt), nxt

        (state, _, _), tokens = jax.lax.scan(body, (state, h0, first_token), None, length=steps)
        nnx.update(self, state)
        return tokens


def main():
    model = CharRNN(nnx.Rngs(params=0, sample=1))
    tokens = model.generate(jnp.zeros((4,), jnp.int32), STEPS)
    return tokens  # (steps, batch)


if __name__ == "__main__":
    print(main())

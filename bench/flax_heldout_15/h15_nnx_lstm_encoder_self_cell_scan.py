# label: ok
# flax-error: none
# class: 2 self.cell (nnx.LSTMCell) and self.head read in the lax.scan body of the module's __call__
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SentimentLSTM(nnx.Module):
    def __init__(self, vocab, features, hidden, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, features, rngs=rngs)
        self.cell = nnx.LSTMCell(features, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, 2, rngs=rngs)
        self.hidden = hidden

    def __call__(self, tokens):
        xs = self.embed(tokens)  # (batch, time, features)
        batch = tokens.shape[0]
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))

        def step(carry, x):
            carry, h = self.cell(carry, x)
            return carry, h

        carry, hs = lax.scan(step, carry, jnp.swapaxes(xs, 0, 1))
        return self.head(hs[-1])


def main():
    model = SentimentLSTM(50, 8, 16, rngs=nnx.Rngs(0))
    tokens = jax.random.randint(jax.random.key(1), (3, 7), 0, 50)
    logits = model(tokens)
    grads = nnx.grad(lambda m: m(tokens).sum())(model)
    return None

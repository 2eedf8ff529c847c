# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the raw jax.lax.scan body inside the NNX module's __call__ calls self.dropout, whose RngStream lives outside the scan
"""Character-level RNN with recurrent dropout, a port of a PyTorch nn.Module with an explicit time loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class CharRNN(nnx.Module):
    def __init__(self, vocab: int, hidden: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.w_ih = nnx.Linear(hidden, hidden, rngs=rngs)
        self.w_hh = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, vocab, rngs=rngs)
        self.hidden = hidden

    def __call__(self, tokens):
        # tokens: [batch, time]
        xs = jnp.swapaxes(self.embed(tokens), 0, 1)
        h0 = jnp.zeros((tokens.shape[0], self.hidden))

        def step(h, x):
            h = jnp.tanh(self.w_ih(x) + self.w_hh(h))
            h = self.dropout(h)
            return h, self.head(h)

        _, logits = jax.lax.scan(step, h0, xs)
        return jnp.swapaxes(logits, 0, 1)


def main():
    model = CharRNN(vocab=27, hidden=32, rngs=nnx.Rngs(0, dropout=1))
    model.train()
    tokens = jax.random.randint(jax.random.PRNGKey(0), (4, 10), 0, 27)
    logits = model(tokens)
    logits.block_until_ready()
    return None

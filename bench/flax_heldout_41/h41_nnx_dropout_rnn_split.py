# label: ok
# flax-error: none
# class: 3 the module is split before the raw jax.lax.scan, its state is carried and merged in the body, and nnx.update writes it back
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
        graphdef, state = nnx.split(self)

        def step(carry, x):
            h, state = carry
            module = nnx.merge(graphdef, state)
            h = jnp.tanh(module.w_ih(x) + module.w_hh(h))
            h = module.dropout(h)
            logits = module.head(h)
            _, state = nnx.split(module)
            return (h, state), logits

        (_, state), logits = jax.lax.scan(step, (h0, state), xs)
        nnx.update(self, state)
        return jnp.swapaxes(logits, 0, 1)


def main():
    model = CharRNN(vocab=27, hidden=32, rngs=nnx.Rngs(0, dropout=1))
    model.train()
    tokens = jax.random.randint(jax.random.PRNGKey(0), (4, 10), 0, 27)
    logits = model(tokens)
    logits.block_until_ready()
    return None

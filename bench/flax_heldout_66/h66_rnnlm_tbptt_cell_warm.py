# label: ok
# flax-error: none
# class: 2 the cell's params are created by a separate init and closed over by a pure cell.apply inside the raw scan
"""Character RNN language model, truncated BPTT: the fix from the discussion is to initialise
the cell on one time step outside the loop and scan a pure `cell.apply` over time."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class Step(nn.Module):
    vocab: int = 11
    hidden: int = 16

    @nn.compact
    def __call__(self, h, x_t):
        h, _ = nn.GRUCell(self.hidden, name="cell")(h, x_t)
        logits = nn.Dense(self.vocab, name="head")(h)
        return h, logits


def main():
    vocab, hidden = 11, 16
    embed = nn.Embed(vocab, hidden)
    cell = Step(vocab, hidden)
    tokens = jnp.zeros((6, 2), jnp.int32)
    h0 = jnp.zeros((2, hidden))
    emb_params = embed.init(jax.random.key(0), tokens)
    cell_params = cell.init(jax.random.key(1), h0, jnp.zeros((2, hidden)))

    def step(h, x_t):
        return cell.apply(cell_params, h, x_t)

    h = h0
    for chunk in range(2):  # truncated BPTT over two chunks
        emb = embed.apply(emb_params, tokens)
        h, logits = lax.scan(step, h, emb)
        h = jax.lax.stop_gradient(h)
    logits.block_until_ready()
    return None

# label: ok
# flax-error: none
# class: 2 the raw lax.scan body returns each hidden state as a scan output and the helper method self._record sows the stacked states after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class CharLSTM(nn.Module):
    vocab: int = 11
    hidden: int = 8

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.OptimizedLSTMCell(self.hidden)
        self.head = nn.Dense(self.vocab)

    def _record(self, h):
        self.sow("intermediates", "hidden", h)

    def __call__(self, tokens):
        emb = self.embed(tokens)
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), emb[:, 0].shape)
        if self.is_initializing():
            self.cell(carry, emb[:, 0])

        def body(carry, x_t):
            carry, h = self.cell(carry, x_t)
            return carry, h

        carry, hs = scan(body, carry, jnp.swapaxes(emb, 0, 1))
        self._record(hs)
        return self.head(jnp.swapaxes(hs, 0, 1))


def main():
    model = CharLSTM()
    tokens = jnp.array([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]])
    variables = model.init(jax.random.PRNGKey(0), tokens)
    logits, state = model.apply(variables, tokens, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    hidden.block_until_ready()
    return None

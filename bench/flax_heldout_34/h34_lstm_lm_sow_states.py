# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the raw lax.scan body calls a helper method self._record that sows each hidden state into 'intermediates' during apply(mutable=['intermediates'])
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
            self._record(h)
            return carry, h

        carry, hs = scan(body, carry, jnp.swapaxes(emb, 0, 1))
        return self.head(jnp.swapaxes(hs, 0, 1))


def main():
    model = CharLSTM()
    tokens = jnp.array([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]])
    variables = model.init(jax.random.PRNGKey(0), tokens)
    logits, state = model.apply(variables, tokens, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    hidden.block_until_ready()
    return None

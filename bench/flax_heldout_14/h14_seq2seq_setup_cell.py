# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 decoder LSTMCell held as a setup attribute (self.dec_cell), first called inside the raw scan body during init
import jax
import jax.numpy as jnp
from flax import linen as nn


class Seq2Seq(nn.Module):
    hidden: int = 24
    out_vocab: int = 9
    out_len: int = 4

    def setup(self):
        self.enc_cell = nn.LSTMCell(self.hidden)
        self.dec_cell = nn.LSTMCell(self.hidden)
        self.readout = nn.Dense(self.out_vocab)

    def encode(self, src):
        carry = self.enc_cell.initialize_carry(jax.random.PRNGKey(0), src[:, 0].shape)
        for t in range(src.shape[1]):
            carry, _ = self.enc_cell(carry, src[:, t])
        return carry

    def __call__(self, src):
        carry = self.encode(src)
        y0 = jnp.zeros((src.shape[0], self.out_vocab))

        def decode_step(state, _):
            carry, y_prev = state
            carry, h = self.dec_cell(carry, y_prev)
            y = nn.softmax(self.readout(h))
            return (carry, y), y

        _, ys = jax.lax.scan(decode_step, (carry, y0), None, length=self.out_len)
        return ys


def main():
    src = jnp.ones((2, 3, 5))
    model = Seq2Seq()
    variables = model.init(jax.random.PRNGKey(0), src)
    variables = jax.tree.map(lambda a: a + 0, variables)
    ys = model.apply(variables, src)
    return None

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 nn.Dense built inside a raw scan body defined in a helper method the compact __call__ calls
import jax
import jax.numpy as jnp
import flax.linen as nn


class GreedyDecoder(nn.Module):
    vocab: int = 11
    hidden: int = 16
    steps: int = 5

    def _unroll(self, h0):
        def body(h, _):
            h = jnp.tanh(nn.Dense(self.hidden, name="recur")(h))
            logits = nn.Dense(self.vocab, name="readout")(h)
            return h, jnp.argmax(logits, -1)

        return jax.lax.scan(body, h0, None, length=self.steps)

    @nn.compact
    def __call__(self, src):
        h0 = nn.Dense(self.hidden, name="bridge")(src.mean(axis=1))
        _, tokens = self._unroll(h0)
        return tokens


def main():
    model = GreedyDecoder()
    src = jnp.ones((2, 7, 8))
    variables = model.init(jax.random.key(0), src)
    tokens = model.apply(variables, src)
    tokens.block_until_ready()
    return None

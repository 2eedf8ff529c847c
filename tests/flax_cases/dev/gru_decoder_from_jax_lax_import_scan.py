# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GRUCell built in the body of `from jax.lax import scan` in a seq2seq decoder
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import scan


class Decoder(nn.Module):
    hidden: int = 12
    vocab: int = 7

    @nn.compact
    def __call__(self, context, targets):
        def decode_step(h, y):
            h, out = nn.GRUCell(self.hidden, name="cell")(h, y)
            return h, nn.Dense(self.vocab)(out)

        _, logits = scan(decode_step, context, targets)
        return logits


def main():
    context = jnp.zeros((2, 12))
    targets = jnp.ones((4, 2, 7))
    dec = Decoder()
    variables = dec.init(jax.random.PRNGKey(1), context, targets)
    logits = dec.apply(variables, context, targets)
    print(logits.shape)

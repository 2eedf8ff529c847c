# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 compact char-RNN builds its named LSTM cell inside the lambda given to lax.scan
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB = 20


class CharRNN(nn.Module):
    hidden: int = 24

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(VOCAB, 16)(tokens)
        carry = (jnp.zeros((tokens.shape[0], self.hidden)), jnp.zeros((tokens.shape[0], self.hidden)))
        _, hs = jax.lax.scan(
            lambda c, x_t: nn.OptimizedLSTMCell(self.hidden, name="lstm")(c, x_t),
            carry,
            jnp.swapaxes(x, 0, 1),
        )
        return nn.Dense(VOCAB)(jnp.swapaxes(hs, 0, 1))


def main():
    tokens = jnp.zeros((2, 9), jnp.int32)
    model = CharRNN()
    variables = model.init(jax.random.PRNGKey(0), tokens)
    logits = model.apply(variables, tokens)
    print(logits.shape)
    return None

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 greedy token decoder that builds nn.Embed and nn.Dense inside the sampling step
import flax.linen as nn
import jax
import jax.numpy as jnp


class GreedyDecoder(nn.Module):
    vocab: int = 10
    dim: int = 8
    max_len: int = 5

    @nn.compact
    def __call__(self, bos):
        def step(token, _):
            e = nn.Embed(self.vocab, self.dim)(token)
            logits = nn.Dense(self.vocab)(nn.relu(e))
            nxt = jnp.argmax(logits, axis=-1)
            return nxt, nxt

        _, tokens = jax.lax.scan(step, bos, None, length=self.max_len)
        return tokens.T


def main():
    bos = jnp.zeros((3,), jnp.int32)
    model = GreedyDecoder()
    variables = model.init(jax.random.PRNGKey(0), bos)
    model.apply(variables, bos)

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.OptimizedLSTMCell defined in the compact __call__ and first called inside the raw lax.scan body, so init creates its params inside the loop
# modelled on: crackedaicode.com "jax.lax.scan inside a Flax Module" (https://crackedaicode.com/problems/flax-lax-scan-in-module); google/flax issue #3665 "Jax transforms and Flax models cannot be mixed"
"""Character-level sentence encoder: embed, run an LSTM over time, pool."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TextEncoder(nn.Module):
    vocab_size: int = 32
    embed_dim: int = 16
    hidden: int = 24

    @nn.compact
    def __call__(self, tokens):
        # tokens: [time, batch]
        x = nn.Embed(self.vocab_size, self.embed_dim)(tokens)
        cell = nn.OptimizedLSTMCell(self.hidden)
        carry = cell.initialize_carry(jax.random.key(0), x[0].shape)

        def step(carry, x_t):
            carry, h = cell(carry, x_t)
            return carry, h

        _, hs = jax.lax.scan(step, carry, x)
        pooled = hs.mean(axis=0)
        return nn.Dense(4)(pooled)


def main():
    tokens = jax.random.randint(jax.random.key(1), (12, 3), 0, 32)
    model = TextEncoder()
    variables = model.init(jax.random.key(2), tokens)
    logits = model.apply(variables, tokens)
    n_params = sum(p.size for p in jax.tree.leaves(variables["params"]))
    print(logits.shape, n_params)
    return None

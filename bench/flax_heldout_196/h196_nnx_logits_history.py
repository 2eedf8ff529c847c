# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,13] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the while_loop body calls generator.next_token(), which runs generator.model and appends the logits to generator.history
"""Greedy generation from a tiny NNX language model with a jax.lax.while_loop.

Modelled on generation loops that log the per-step logits into a Python list on a helper object
to compute entropies after decoding.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class TinyLM(nnx.Module):
    def __init__(self, vocab, dim, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.mix = nnx.Linear(dim, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tok):
        return self.out(nnx.gelu(self.mix(self.embed(tok))))


class Generator:
    def __init__(self, model, max_len):
        self.model = model
        self.max_len = max_len
        self.history = []

    def next_token(self, tok):
        logits = self.model(tok)
        self.history.append(logits)
        return jnp.argmax(logits, axis=-1)

    def generate(self, prompt):
        out = jnp.zeros((prompt.shape[0], self.max_len), jnp.int32).at[:, 0].set(prompt)

        def cond(carry):
            i, _, _ = carry
            return i < self.max_len - 1

        def body(carry):
            i, tok, out = carry
            tok = self.next_token(tok)
            return i + 1, tok, out.at[:, i + 1].set(tok)

        _, _, out = jax.lax.while_loop(cond, body, (0, prompt, out))
        return out


def main():
    model = TinyLM(13, 16, rngs=nnx.Rngs(0))
    generator = Generator(model, max_len=6)
    out = generator.generate(jnp.array([1, 5], dtype=jnp.int32))
    logits = jnp.stack(generator.history)
    entropy = -jnp.sum(jax.nn.softmax(logits) * jax.nn.log_softmax(logits), -1)
    print(out, entropy.mean())
    return None


if __name__ == "__main__":
    main()

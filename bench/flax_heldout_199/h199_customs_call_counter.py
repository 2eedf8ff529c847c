# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a CallCounter wrapper submodule of the digest module ticks its call_counts variables from inside the scan body
"""Customs-declaration line encoder wrapped in a per-method call counter (capacity reporting)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class DeclarationEncoder(nn.Module):
    vocab: int = 64
    dim: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.proj = nn.Dense(self.dim)

    def encode(self, tokens):
        return jnp.mean(self.embed(tokens), axis=0)

    def score(self, h, state):
        return jnp.tanh(self.proj(h) + state)


class CallCounter(nn.Module):
    """Counts how often each wrapped method runs, in the `call_counts` collection."""

    inner: nn.Module

    def setup(self):
        zero = lambda: jnp.zeros((), jnp.int32)
        self.n_encode = self.variable("call_counts", "encode", zero)
        self.n_score = self.variable("call_counts", "score", zero)

    def tick(self, name, n=1):
        counter = getattr(self, f"n_{name}")
        if not self.is_initializing():
            counter.value = counter.value + n

    def encode(self, tokens):
        self.tick("encode")
        return self.inner.encode(tokens)

    def score(self, h, state):
        self.tick("score")
        return self.inner.score(h, state)


def with_call_counts(inner):
    return CallCounter(inner=inner)


class ShipmentDigest(nn.Module):
    counted: CallCounter
    dim: int = 16

    @nn.compact
    def __call__(self, lines):  # lines: [n_lines, n_tokens]
        state = jnp.zeros((self.dim,))
        if self.is_initializing():
            self.counted.score(self.counted.encode(lines[0]), state)

        def per_line(state, tokens):
            h = self.counted.encode(tokens)
            state = self.counted.score(h, state)
            return state, state

        final, _ = scan(per_line, state, lines)
        return final


def main():
    lines = jax.random.randint(jax.random.key(0), (10, 7), 0, 64)
    digest = ShipmentDigest(counted=with_call_counts(DeclarationEncoder()))
    variables = digest.init(jax.random.key(1), lines)
    summary, counts = digest.apply(variables, lines, mutable=["call_counts"])
    per_line = jax.tree.map(lambda n: n / lines.shape[0], counts["call_counts"]["counted"])
    assert set(per_line) == {"encode", "score"}
    return None

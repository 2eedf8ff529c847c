# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the autoregressive sampling method (raw lax.scan over setup submodules) given to init(method=...), so the submodules are first called in the body
import jax
import jax.numpy as jnp
import flax.linen as nn


class ARSampler(nn.Module):
    vocab: int = 16
    hidden: int = 32

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(self.hidden)
        self.logits = nn.Dense(self.vocab)

    def __call__(self, tokens):
        h = jnp.zeros((tokens.shape[0], self.hidden))
        h, out = self.cell(h, self.embed(tokens[:, 0]))
        return self.logits(out)

    def sample(self, batch, length, key):
        def body(carry, k):
            h, tok = carry
            h, out = self.cell(h, self.embed(tok))
            tok = jax.random.categorical(k, self.logits(out))
            return (h, tok), tok

        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch,), jnp.int32))
        _, toks = jax.lax.scan(body, carry, jax.random.split(key, length))
        return toks


def main():
    model = ARSampler()
    variables = model.init(jax.random.PRNGKey(0), 2, 8, jax.random.PRNGKey(1), method=ARSampler.sample)
    variables = jax.tree.map(lambda a: a + 0, variables)
    toks = model.apply(variables, 2, 8, jax.random.PRNGKey(5), method=ARSampler.sample)
    jax.block_until_ready(toks)
    return None

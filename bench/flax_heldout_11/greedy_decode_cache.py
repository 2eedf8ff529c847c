# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a 'cache' variable from setup written inside the fori_loop body of generate(), run via apply(method=...)
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB = 11
MAXLEN = 6


class Decoder(nn.Module):
    def setup(self):
        self.emb = nn.Embed(VOCAB, 8)
        self.out = nn.Dense(VOCAB)
        self.cache = self.variable("cache", "keys", jnp.zeros, (MAXLEN, 8))

    def __call__(self, tok):
        return self.out(self.emb(tok) + self.cache.value.sum(0))

    def generate(self, tok):
        def _step(i, carry):
            tok, toks = carry
            self.cache.value = self.cache.value.at[i].set(self.emb(tok))
            nxt = jnp.argmax(self(tok), -1)
            return nxt, toks.at[i].set(nxt)

        _, toks = jax.lax.fori_loop(0, MAXLEN, _step, (tok, jnp.zeros(MAXLEN, jnp.int32)))
        return toks


def main():
    dec = Decoder()
    tok = jnp.array(3)
    variables = dec.init(jax.random.PRNGKey(0), tok)
    toks, state = dec.apply(variables, tok, method=Decoder.generate, mutable=["cache"])
    print(toks, state["cache"]["keys"].sum())
    return None

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 NNX RNN-T decoder keeps its prediction-network state in a plain dict attribute written inside a raw lax.while_loop body and read after
"""RNN-T greedy decoding (NNX): prediction network state cached on the module between calls."""
import jax
import jax.numpy as jnp
from flax import nnx


class PredictionNet(nnx.Module):
    def __init__(self, vocab, hidden, *, rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.hidden = hidden
        self.cache = {}

    def __call__(self, token, h):
        return self.cell(h, self.embed(token))


class GreedyRNNT(nnx.Module):
    def __init__(self, enc_dim=20, vocab=12, hidden=16, *, rngs):
        self.pred = PredictionNet(vocab, hidden, rngs=rngs)
        self.joint = nnx.Linear(enc_dim + hidden, vocab, rngs=rngs)

    def decode(self, enc):
        T = enc.shape[0]

        def body(state):
            t, tok, h, out = state
            h, g = self.pred(tok, h)
            self.pred.cache["h"] = h
            tok = jnp.argmax(self.joint(jnp.concatenate([enc[t], g])))
            return t + 1, tok, h, out.at[t].set(tok)

        h0 = self.pred.cache.get("h", jnp.zeros((self.pred.hidden,)))
        init = (0, jnp.array(0), h0, jnp.zeros((T,), jnp.int32))
        _, _, _, tokens = jax.lax.while_loop(lambda s: s[0] < T, body, init)
        return tokens


def main():
    model = GreedyRNNT(rngs=nnx.Rngs(0))
    enc = jax.random.normal(jax.random.key(1), (6, 20))
    model.decode(enc)
    model.decode(enc)
    return None

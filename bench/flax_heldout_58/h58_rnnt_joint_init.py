# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 RNN-T joint network submodule first built inside a raw lax.while_loop greedy-decode body, so init stores traced params
"""RNN-T greedy decoding over encoder frames with a while_loop (one symbol per frame, toy)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Joint(nn.Module):
    vocab: int

    @nn.compact
    def __call__(self, enc, pred):
        return nn.Dense(self.vocab)(jnp.tanh(nn.Dense(32)(enc) + nn.Dense(32)(pred)))


class Transducer(nn.Module):
    vocab: int = 12
    emb: int = 16

    @nn.compact
    def __call__(self, enc):
        embed = nn.Embed(self.vocab, self.emb)
        joint = Joint(self.vocab)
        T = enc.shape[0]

        def cond(state):
            t, _, _ = state
            return t < T

        def body(state):
            t, last, out = state
            logits = joint(enc[t], embed(last))
            tok = jnp.argmax(logits, -1)
            return t + 1, tok, out.at[t].set(tok)

        _, _, tokens = jax.lax.while_loop(cond, body, (0, jnp.array(0), jnp.zeros((T,), jnp.int32)))
        return tokens


def main():
    enc = jax.random.normal(jax.random.key(0), (7, 20))
    model = Transducer()
    params = model.init(jax.random.key(1), enc)
    model.apply(params, enc)
    return None

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 LSTMCell/Embed/Dense submodules created inside a raw lax.scan body of a compact __call__ during init
"""Image captioning: beam search over caption tokens written with jax.lax.scan inside the module."""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, HID, BEAM, STEPS = 20, 16, 3, 5


class BeamCaptioner(nn.Module):
    @nn.compact
    def __call__(self, image_feats):
        h0 = nn.Dense(HID, name="img_proj")(image_feats)
        carry0 = (jnp.zeros((BEAM, HID)), jnp.broadcast_to(h0, (BEAM, HID)))
        toks0 = jnp.zeros((BEAM,), jnp.int32)
        scores0 = jnp.array([0.0] + [-1e9] * (BEAM - 1))

        def beam_step(state, _):
            carry, toks, scores = state
            emb = nn.Embed(VOCAB, HID, name="embed")(toks)
            carry, out = nn.LSTMCell(HID, name="lstm")(carry, emb)
            logp = jax.nn.log_softmax(nn.Dense(VOCAB, name="head")(out))
            cand = (scores[:, None] + logp).reshape(-1)
            scores, idx = jax.lax.top_k(cand, BEAM)
            beam, toks = idx // VOCAB, idx % VOCAB
            carry = jax.tree.map(lambda c: c[beam], carry)
            return (carry, toks, scores), toks

        (_, _, scores), toks = jax.lax.scan(beam_step, (carry0, toks0, scores0), None, length=STEPS)
        return toks.T, scores


def main():
    model = BeamCaptioner()
    feats = jnp.ones((32,))
    variables = model.init(jax.random.key(0), feats)
    toks, scores = model.apply(variables, feats)
    return None

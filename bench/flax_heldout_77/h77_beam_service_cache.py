# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 decoder bound with model.bind(mutable=["cache"]) and stored on the service; its cache variables are written inside a raw lax.while_loop body
"""Beam-search decoder packaged as a service: greedy-extends the top beams until EOS."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

VOCAB, BEAMS, MAX_LEN, EOS = 11, 3, 6, 0


class CachedDecoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, token):
        state = self.variable("cache", "state", jnp.zeros, (BEAMS, self.hidden))
        emb = nn.Embed(VOCAB, self.hidden)(token)
        h = nn.tanh(nn.Dense(self.hidden)(emb) + state.value)
        state.value = h
        return nn.log_softmax(nn.Dense(VOCAB)(h))


class DecoderRuntime:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def session(self):
        cache = self.model.init(jax.random.key(0), jnp.zeros((BEAMS,), jnp.int32))["cache"]
        return self.model.bind({"params": self.params, "cache": cache}, mutable=["cache"])


class BeamSearchService:
    def __init__(self, runtime):
        self.runtime = runtime

    def decode(self, bos):
        decoder = self.runtime.session()

        def cond(carry):
            t, tokens, scores, done = carry
            return (t < MAX_LEN) & ~jnp.all(done)

        def body(carry):
            t, tokens, scores, done = carry
            logp = decoder(tokens[:, t])
            nxt = jnp.argmax(logp, -1)
            scores = scores + jnp.where(done, 0.0, logp.max(-1))
            done = done | (nxt == EOS)
            return t + 1, tokens.at[:, t + 1].set(nxt), scores, done

        tokens = jnp.zeros((BEAMS, MAX_LEN + 1), jnp.int32).at[:, 0].set(bos)
        init = (0, tokens, jnp.zeros((BEAMS,)), jnp.zeros((BEAMS,), bool))
        _, tokens, scores, _ = while_loop(cond, body, init)
        final_state = decoder.variables["cache"]["state"]
        return tokens, scores, jnp.linalg.norm(final_state)


def main():
    model = CachedDecoder()
    params = model.init(jax.random.key(0), jnp.zeros((BEAMS,), jnp.int32))["params"]
    service = BeamSearchService(DecoderRuntime(model, params))
    service.decode(jnp.array([1, 2, 3]))
    return None

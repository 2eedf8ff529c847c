# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 service -> beam scorer holding model.bind(variables, mutable=['cache']) -> bound LM called in the scan body
"""Document OCR post-correction: beam scorer steps a bound LM whose cache lives in the bound scope."""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB = 12


class CharLM(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, token):
        ready = self.has_variable("cache", "h")
        h = self.variable("cache", "h", jnp.zeros, (self.features,))
        new_h = jnp.tanh(nn.Dense(self.features)(nn.Embed(VOCAB, self.features)(token)) + h.value)
        if ready:
            h.value = new_h
        return nn.Dense(VOCAB)(new_h)


class BeamScorer:
    def __init__(self, bound_lm):
        self.lm = bound_lm

    def score(self, tokens):
        def step(total, tok):
            logp = jax.nn.log_softmax(self.lm(tok))
            return total + logp[tok], None

        total, _ = jax.lax.scan(step, jnp.zeros(()), tokens)
        return total

    def cache_norm(self):
        return jnp.linalg.norm(self.lm.variables["cache"]["h"])


class OCRService:
    def __init__(self):
        lm = CharLM()
        variables = lm.init(jax.random.PRNGKey(0), jnp.array(0))
        self.scorer = BeamScorer(lm.bind(variables, mutable=["cache"]))

    def rescore(self, hypothesis):
        return self.scorer.score(hypothesis), self.scorer.cache_norm()


def main():
    svc = OCRService()
    score, norm = svc.rescore(jnp.array([1, 4, 4, 2, 9]))
    (score + norm).block_until_ready()
    return None

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the ServingAdapter object is closed over by the scan body, which stores each step's logits on it for postprocess()
"""Model-serving adapter: converts incoming request dicts to token arrays, runs greedy decoding
of a small Linen language model with lax.scan, and converts the result back to a response with
per-token confidences from the last logits it saw."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB = 12


class TinyLM(nn.Module):
    @nn.compact
    def __call__(self, tokens, h):
        e = nn.Embed(VOCAB, 16)(tokens)
        h, out = nn.GRUCell(16)(h, e)
        return nn.Dense(VOCAB)(out), h


class ServingAdapter:
    def __init__(self, model, variables, max_new_tokens=5):
        self.model, self.variables = model, variables
        self.max_new_tokens = max_new_tokens
        self._last_logits = None

    def to_arrays(self, requests):
        return jnp.array([r["prompt"][-1] for r in requests], dtype=jnp.int32)

    def generate(self, tokens):
        h0 = jnp.zeros((tokens.shape[0], 16))

        def step(carry, _):
            tok, h = carry
            logits, h = self.model.apply(self.variables, tok, h)
            self._last_logits = logits
            nxt = jnp.argmax(logits, -1).astype(jnp.int32)
            return (nxt, h), nxt

        _, generated = lax.scan(step, (tokens, h0), None, length=self.max_new_tokens)
        return generated.T

    def postprocess(self, generated):
        conf = jax.nn.softmax(self._last_logits).max(-1)
        return [{"tokens": g.tolist(), "confidence": float(c)} for g, c in zip(generated, conf)]

    def __call__(self, requests):
        return self.postprocess(self.generate(self.to_arrays(requests)))


def main():
    model = TinyLM()
    variables = model.init(jax.random.key(0), jnp.zeros((1,), jnp.int32), jnp.zeros((1, 16)))
    adapter = ServingAdapter(model, variables)
    adapter([{"prompt": [1, 4, 2]}, {"prompt": [3, 7]}])
    return None

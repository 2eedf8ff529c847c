# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TokenConfidence.__call__ runs the scan itself and sows the smoothed confidence into its own intermediates collection from the body
"""OCR post-correction: per-token confidence, smoothed along the line, flagged for manual review."""
import jax
import jax.numpy as jnp
import flax.linen as linen
from jax.lax import scan


class TokenConfidence(linen.Module):
    vocab: int = 12
    width: int = 6
    decay: float = 0.7

    def setup(self):
        self.embed = linen.Embed(self.vocab, self.width)
        self.score = linen.Dense(1)

    def __call__(self, token_ids):
        logits = self.score(self.embed(token_ids)).squeeze(-1)

        def smooth(previous, logit):
            conf = self.decay * previous + (1.0 - self.decay) * linen.sigmoid(logit)
            self.sow("intermediates", "token_confidence", conf)
            return conf, conf

        _, confidences = scan(smooth, jnp.asarray(0.5), logits)
        return confidences


class ReviewQueue:
    def __init__(self, model, variables, threshold=0.45):
        self.model = model
        self.variables = variables
        self.threshold = threshold

    def inspect(self, token_ids):
        confidences, state = self.model.apply(self.variables, token_ids, mutable=["intermediates"])
        trace = state["intermediates"]["token_confidence"]
        lowest = jnp.concatenate([jnp.atleast_1d(t) for t in trace]).min()
        return confidences, lowest < self.threshold


def main():
    token_ids = jnp.array([3, 7, 1, 1, 9, 4, 2], dtype=jnp.int32)
    model = TokenConfidence()
    variables = model.init(jax.random.key(0), token_ids)
    queue = ReviewQueue(model, {"params": variables["params"]})
    confidences, needs_review = queue.inspect(token_ids)
    jax.block_until_ready((confidences, needs_review))

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 HighlightScorer.__call__ runs the scan over frames and sows each frame score into 'intermediates' from the body
"""Esports highlight detection: a recurrent scorer reads per-frame match telemetry (kills,
objective swings, camera cuts) and the service marks the frames with the highest scores."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class HighlightScorer(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, frames):
        encode = nn.Dense(self.hidden, name="encode")
        mix = nn.Dense(self.hidden, name="mix")
        head = nn.Dense(1, name="head")
        state = jnp.tanh(mix(encode(frames[0])))
        head(state)

        def step(state, frame):
            state = jnp.tanh(mix(state) + encode(frame))
            score = head(state)[..., 0]
            self.sow("intermediates", "frame_score", score)
            return state, None

        state, _ = jax.lax.scan(step, state, frames)
        return head(state)[..., 0]


class HighlightService:
    def __init__(self, model, params, top_k: int = 3):
        self.model = model
        self.params = params
        self.top_k = top_k

    def detect(self, frames):
        _, state = self.model.apply({"params": self.params}, frames, mutable=["intermediates"])
        (scores,) = state["intermediates"]["frame_score"]
        return jnp.argsort(scores.mean(-1))[-self.top_k:]


def main():
    frames = jax.random.normal(jax.random.key(0), (10, 2, 7))
    model = HighlightScorer()
    variables = model.init(jax.random.key(1), frames)
    service = HighlightService(model, variables["params"])
    service.detect(frames)
    return None

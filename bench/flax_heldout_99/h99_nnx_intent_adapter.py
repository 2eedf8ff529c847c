# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 IntentRouter -> StreamingAdapter, a plain object that kept model.stream_step as a bound method at init; the scan body calls it and the method writes the model's nnx.Cache
"""Support-chat intent routing: a streaming encoder reads a conversation turn token by token."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class StreamingIntentModel(nnx.Module):
    def __init__(self, vocab, width, intents, *, rngs):
        self.embed = nnx.Embed(vocab, width, rngs=rngs)
        self.mix = nnx.Linear(2 * width, width, rngs=rngs)
        self.head = nnx.Linear(width, intents, rngs=rngs)
        self.context = nnx.Cache(jnp.zeros((width,)))

    def stream_step(self, token):
        h = jnp.tanh(self.mix(jnp.concatenate([self.embed(token), self.context[...]])))
        self.context[...] = h
        return self.head(h)

    def reset(self):
        self.context[...] = jnp.zeros_like(self.context[...])


class StreamingAdapter:
    """Wraps any model exposing stream_step/reset behind one interface for the router."""

    def __init__(self, model):
        self._step = model.stream_step
        self._reset = model.reset

    def __call__(self, token):
        return self._step(token)

    def reset(self):
        self._reset()


class IntentRouter:
    def __init__(self, adapter, queues):
        self.adapter = adapter
        self.queues = queues

    def route(self, tokens):
        self.adapter.reset()

        def body(best, token):
            logits = self.adapter(token)
            return jnp.maximum(best, logits), jnp.argmax(logits)

        best, per_token = lax.scan(body, jnp.full((len(self.queues),), -jnp.inf), tokens)
        return jnp.argmax(best), per_token


def main():
    model = StreamingIntentModel(vocab=50, width=8, intents=3, rngs=nnx.Rngs(0))
    router = IntentRouter(StreamingAdapter(model), queues=["billing", "shipping", "returns"])
    intent, _ = router.route(jnp.array([3, 17, 42, 8, 8, 1]))
    router.queues[int(intent)]
    return None

# label: trace-context
# flax-error: TraceContextError: Cannot mutate KVCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the streaming session keeps the NNX decoder on self and the scan body calls it, writing its KV-cache Variable subclass from inside the trace
"""Chat-assistant backend (NNX): a streaming generation loop over a decoder with a running KV cache."""
import jax
import jax.numpy as jnp
from flax import nnx


class KVCache(nnx.Variable):
    pass


class StreamingDecoder(nnx.Module):
    def __init__(self, vocab, hidden, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.proj = nnx.Linear(hidden, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, vocab, rngs=rngs)
        self.kv = KVCache(jnp.zeros((hidden,)))

    def __call__(self, token):
        emb = self.embed(token)
        self.kv.value = 0.9 * self.kv.value + emb.mean(axis=0)
        return self.head(jnp.tanh(self.proj(emb) + self.kv.value))


class StreamingSession:
    def __init__(self, model, max_new_tokens=6):
        self.model = model
        self.max_new_tokens = max_new_tokens

    def stream(self, prompt):
        def step(token, _):
            logits = self.model(token)
            nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
            return nxt, nxt[0]
        _, tokens = jax.lax.scan(step, prompt, None, length=self.max_new_tokens)
        return tokens


class ChatService:
    def __init__(self):
        self.model = StreamingDecoder(32, 16, rngs=nnx.Rngs(0))

    def handle(self, prompt_ids):
        session = StreamingSession(self.model)
        return [int(t) for t in session.stream(jnp.asarray(prompt_ids, jnp.int32))]


def main():
    ChatService().handle([4])
    return None

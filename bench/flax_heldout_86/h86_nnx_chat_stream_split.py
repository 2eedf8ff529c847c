# label: ok
# flax-error: none
# class: 5 the session splits the decoder, carries its state through the scan, merges inside the body and returns nnx.state, then nnx.update after the loop
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
        graphdef, state = nnx.split(self.model)

        def step(carry, _):
            token, state = carry
            model = nnx.merge(graphdef, state)
            logits = model(token)
            nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
            return (nxt, nnx.state(model)), nxt[0]

        (_, state), tokens = jax.lax.scan(step, (prompt, state), None, length=self.max_new_tokens)
        nnx.update(self.model, state)
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

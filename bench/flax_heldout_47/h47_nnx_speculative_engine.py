# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the SpeculativeEngine's while_loop body merges the draft model from the loop state and saves nnx.state(draft) on a SessionStore; the store is nnx.update-d into the draft after the loop
"""Speculative decoding engine in NNX: a stateful draft model runs ahead in a while_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class DraftState(nnx.Variable):
    pass


class DraftLM(nnx.Module):
    def __init__(self, vocab, dim, batch, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.head = nnx.Linear(dim, vocab, rngs=rngs)
        self.hidden = DraftState(jnp.zeros((batch, dim)))

    def __call__(self, tokens):
        h = jnp.tanh(self.hidden[...] + self.embed(tokens))
        self.hidden.value = h
        return self.head(h)


class SessionStore:
    def __init__(self):
        self.sessions = {}


class SpeculativeEngine:
    def __init__(self, draft, target, store, lookahead=4):
        self.draft, self.target, self.store = draft, target, store
        self.lookahead = lookahead

    def propose(self, session_id, tokens):
        graphdef, state = nnx.split(self.draft)

        def cond(carry):
            i, _, _, _ = carry
            return i < self.lookahead

        def body(carry):
            i, state, toks, buf = carry
            draft = nnx.merge(graphdef, state)
            nxt = jnp.argmax(draft(toks), axis=-1)
            new_state = nnx.state(draft)
            self.store.sessions[session_id] = new_state
            return i + 1, new_state, nxt, buf.at[i].set(nxt)

        buf = jnp.zeros((self.lookahead,) + tokens.shape, jnp.int32)
        _, _, _, proposals = jax.lax.while_loop(cond, body, (0, state, tokens, buf))
        nnx.update(self.draft, self.store.sessions[session_id])
        return proposals

    def verify(self, tokens, proposals):
        logits = self.target(tokens)
        return jnp.argmax(logits, axis=-1) == proposals[0]


def main():
    draft = DraftLM(12, 8, batch=2, rngs=nnx.Rngs(0))
    target = DraftLM(12, 8, batch=2, rngs=nnx.Rngs(1))
    engine = SpeculativeEngine(draft, target, SessionStore())
    tokens = jnp.array([3, 4], jnp.int32)
    proposals = engine.propose("s0", tokens)
    engine.draft(tokens).block_until_ready()
    return None

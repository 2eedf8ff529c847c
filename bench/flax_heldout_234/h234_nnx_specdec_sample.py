# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the decoder's while_loop body calls self.draft.propose(), which draws from the draft model's own self.rngs stream
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DraftModel(nnx.Module):
    def __init__(self, dim, vocab, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(dim, dim, rngs=rngs)
        self.lm_head = nnx.Linear(dim, vocab, rngs=rngs)
        self.rngs = rngs

    def __call__(self, h):
        return self.lm_head(nnx.silu(self.hidden(h)))

    def propose(self, h, temperature=1.0):
        logits = self(h) / temperature
        token = jax.random.categorical(self.rngs.sample(), logits, axis=-1)
        accept_u = jax.random.uniform(self.rngs.sample(), token.shape)
        return token, accept_u


class SpeculativeDecoder:
    def __init__(self, draft, num_candidates=5):
        self.draft = draft
        self.num_candidates = num_candidates

    def candidates(self, h):
        n = self.num_candidates
        tokens = jnp.zeros((n,) + h.shape[:-1], jnp.int32)
        us = jnp.zeros((n,) + h.shape[:-1])

        def cond(state):
            return state[0] < n

        def body(state):
            i, tokens, us = state
            tok, u = self.draft.propose(h)
            return i + 1, tokens.at[i].set(tok), us.at[i].set(u)

        _, tokens, us = lax.while_loop(cond, body, (0, tokens, us))
        return tokens, us


def main():
    draft = DraftModel(16, 32, nnx.Rngs(params=0, sample=1))
    decoder = SpeculativeDecoder(draft)
    h = jnp.full((1, 16), 0.1)
    tokens, us = decoder.candidates(h)
    return {"tokens": tokens, "accept_u": us}

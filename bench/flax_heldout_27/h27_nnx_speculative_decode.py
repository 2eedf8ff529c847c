# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the decoder's while_loop body calls a module-level nnx.jit-compiled draft step, passing it the draft model held by the decoder
"""Greedy speculative decoding with a small draft LM and a larger target LM.

At every position the draft proposes the next token; the target verifies it and either
accepts the proposal or substitutes its own token. The acceptance rate is reported.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class LMConfig:
    vocab: int = 16
    dim: int = 8
    depth: int = 1


class TinyLM(nnx.Module):
    def __init__(self, cfg: LMConfig, rngs: nnx.Rngs):
        self.embed = nnx.Embed(cfg.vocab, cfg.dim, rngs=rngs)
        self.blocks = nnx.List([nnx.Linear(cfg.dim, cfg.dim, rngs=rngs) for _ in range(cfg.depth)])
        self.norm = nnx.LayerNorm(cfg.dim, rngs=rngs)

    def __call__(self, token, context):
        x = self.embed(token) + context
        for block in self.blocks:
            x = x + nnx.gelu(block(x))
        h = self.norm(x)
        return self.embed.attend(h), h


@nnx.jit
def draft_step(draft, token, context):
    logits, h = draft(token, context)
    return jnp.argmax(logits).astype(jnp.int32), h


class SpeculativeDecoder:
    def __init__(self, draft, target, max_len):
        self.draft, self.target, self.max_len = draft, target, max_len

    def _cond(self, state):
        return state[0] < self.max_len

    def _body(self, state):
        pos, token, ctx, tokens, accepted = state
        proposal, ctx_draft = draft_step(self.draft, token, ctx)
        logits, ctx_target = self.target(token, ctx)
        verified = jnp.argmax(logits).astype(jnp.int32)
        ok = proposal == verified
        nxt = jnp.where(ok, proposal, verified)
        return pos + 1, nxt, 0.5 * (ctx_draft + ctx_target), tokens.at[pos].set(nxt), accepted + ok

    def generate(self, prompt_token, dim):
        state = (0, prompt_token, jnp.zeros(dim), jnp.zeros(self.max_len, jnp.int32), 0)
        _, _, _, tokens, accepted = jax.lax.while_loop(self._cond, self._body, state)
        return tokens, accepted / self.max_len


def main():
    draft = TinyLM(LMConfig(depth=1), nnx.Rngs(0))
    target = TinyLM(LMConfig(depth=3), nnx.Rngs(1))
    decoder = SpeculativeDecoder(draft, target, max_len=6)
    tokens, rate = decoder.generate(jnp.int32(2), 8)
    print("tokens", tokens, "acceptance", float(rate))
    return None

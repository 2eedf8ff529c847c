# label: same-values
# flax-error: none
# class: 2 the speculative decoder draws its acceptance uniforms from self.key, one key stored on the engine and reused by every scan step
"""Speculative decoding: a draft model proposes, the target model verifies with rejection sampling."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LM(nn.Module):
    vocab: int = 10
    dim: int = 8

    @nn.compact
    def __call__(self, tokens):
        return nn.Dense(self.vocab)(nn.Embed(self.vocab, self.dim)(tokens))


class SpeculativeDecoder:
    def __init__(self, draft, draft_params, target, target_params, key):
        self.draft = jax.tree_util.Partial(draft.apply, {"params": draft_params})
        self.target = jax.tree_util.Partial(target.apply, {"params": target_params})
        self.key = key

    def _verify(self, tokens):
        p_draft = jax.nn.softmax(self.draft(tokens))
        p_target = jax.nn.softmax(self.target(tokens))
        proposal = jnp.argmax(p_draft, axis=-1)
        ratio = jnp.take_along_axis(p_target / p_draft, proposal[:, None], -1)[:, 0]
        u = jax.random.uniform(self.key, ratio.shape)
        return proposal, u < jnp.minimum(1.0, ratio), u

    def run(self, prompt, steps):
        def body(tokens, _):
            proposal, accepted, u = self._verify(tokens)
            tokens = jnp.where(accepted, proposal, tokens)
            return tokens, u

        return jax.lax.scan(body, prompt, None, length=steps)[1]


def main():
    draft, target = LM(dim=4), LM(dim=8)
    prompt = jnp.array([1, 2, 3], jnp.int32)
    dp = draft.init(jax.random.key(0), prompt)["params"]
    tp = target.init(jax.random.key(1), prompt)["params"]
    dec = SpeculativeDecoder(draft, dp, target, tp, jax.random.key(42))
    return dec.run(prompt, steps=5)

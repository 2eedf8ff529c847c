# label: ok
# flax-error: none
# class: 1 __call__ takes one key from self.rngs.sample() before the fori_loop; the body closure folds the step index into it to choose which tokens to unmask
"""Masked diffusion language model (MDLM / LLaDA-style) sampler: iteratively unmask a random subset of positions."""
import jax
import jax.numpy as jnp
from flax import nnx


class MaskedDenoiser(nnx.Module):
    def __init__(self, vocab: int, dim: int, rngs: nnx.Rngs):
        self.mask_id = vocab
        self.embed = nnx.Embed(vocab + 1, dim, rngs=rngs)
        self.mix = nnx.Linear(dim, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)
        self.rngs = rngs

    def logits(self, tokens):
        h = self.embed(tokens)
        h = h + nnx.gelu(self.mix(h.mean(0, keepdims=True)))
        return self.out(h)

    def __call__(self, length: int, steps: int):
        tokens = jnp.full((length,), self.mask_id)
        key = self.rngs.sample()
        draws = jnp.zeros((steps, length))

        def body(i, carry):
            tokens, draws = carry
            p_unmask = 1.0 / (steps - i)
            u = jax.random.uniform(jax.random.fold_in(key, i), (length,))
            r = u < p_unmask
            pred = jnp.argmax(self.logits(tokens), -1)
            tokens = jnp.where(r & (tokens == self.mask_id), pred, tokens)
            return tokens, draws.at[i].set(u)

        _, draws = jax.lax.fori_loop(0, steps, body, (tokens, draws))
        return draws


def main():
    model = MaskedDenoiser(20, 16, nnx.Rngs(params=0, sample=1))
    return model(12, 5)

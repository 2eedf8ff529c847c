# label: same-values
# flax-error: none
# class: 3 beam helper draws one key from its nnx.Rngs 'sample' stream before the scan; every step reuses it for Gumbel noise
"""Document OCR post-correction (NNX): stochastic beam helper perturbs candidate scores with Gumbel noise."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class CandidateScorer(nnx.Module):
    def __init__(self, vocab, rngs):
        self.emb = nnx.Embed(vocab, 8, rngs=rngs)
        self.out = nnx.Linear(8, vocab, rngs=rngs)

    def __call__(self, tok):
        return self.out(self.emb(tok))


class StochasticBeam:
    def __init__(self, scorer, rngs: nnx.Rngs, width=3):
        self.scorer = scorer
        self.rngs = rngs
        self.width = width

    def gumbel_noise(self, first_tok, steps):
        key = self.rngs.sample()

        def step(tok, _):
            logits = self.scorer(tok)
            g = jax.random.gumbel(key, logits.shape)
            return jnp.argmax(logits + g).astype(jnp.int32), g

        _, noise = scan(step, first_tok, None, length=steps)
        return noise


def main():
    beam = StochasticBeam(CandidateScorer(10, nnx.Rngs(0)), nnx.Rngs(sample=5))
    return beam.gumbel_noise(jnp.array(2, jnp.int32), 6)

# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'BeamSearcher' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a jax.remat-wrapped bound method BeamSearcher._advance is the scan body and assigns the best hypothesis score to an attribute of the searcher module
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

VOCAB, DIM, BEAM = 7, 6, 3


class ScoreModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.out = nnx.Linear(DIM, VOCAB, rngs=rngs)

    def __call__(self, tokens):
        return jax.nn.log_softmax(self.out(jnp.tanh(self.embed(tokens))), axis=-1)


class BeamSearcher(nnx.Module):
    def __init__(self, model: ScoreModel):
        self.model = model
        self.best_score = jnp.array(-jnp.inf)

    def _advance(self, carry, _):
        tokens, scores = carry
        logp = self.model(tokens)  # (BEAM, VOCAB)
        cand = (scores[:, None] + logp).reshape(-1)
        top_scores, idx = jax.lax.top_k(cand, BEAM)
        new_tokens = (idx % VOCAB).astype(jnp.int32)
        self.best_score = top_scores[0]
        return (new_tokens, top_scores), new_tokens

    def search(self, bos, length):
        tokens = jnp.full((BEAM,), bos, jnp.int32)
        scores = jnp.array([0.0] + [-1e9] * (BEAM - 1))
        (_, scores), history = scan(jax.remat(self._advance), (tokens, scores), None, length=length)
        return history.T, scores


def main():
    searcher = BeamSearcher(ScoreModel(rngs=nnx.Rngs(0)))
    beams, scores = searcher.search(bos=1, length=4)
    print("beams", beams, "scores", scores, "best", searcher.best_score)
    return None

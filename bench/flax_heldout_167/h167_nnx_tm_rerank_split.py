# label: ok
# flax-error: none
# class: 4 the TMService's session pool holds a RerankSession whose nnx.Rngs dropout stream gives one key that is split before the scan; the body passes its own key from xs to session.reranker's nnx.Dropout
"""Translation memory service: Monte Carlo dropout over the fuzzy-match
reranker, to tell translators how certain a suggested match is."""
import jax
import jax.numpy as jnp
from flax import nnx


class Reranker(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(0.4)
        self.score = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, pairs, key):
        h = self.drop(nnx.relu(self.proj(pairs)), rngs=key)
        return self.score(h)[..., 0]


class RerankSession:
    def __init__(self, client, reranker, seed):
        self.client = client
        self.reranker = reranker
        self.rngs = nnx.Rngs(dropout=seed)


class TMService:
    def __init__(self, reranker, clients):
        self.sessions = {c: RerankSession(c, reranker, seed=i) for i, c in enumerate(clients)}

    def match_uncertainty(self, client, pairs, n_samples=6):
        session = self.sessions[client]
        keys = jax.random.split(session.rngs.dropout(), n_samples)

        def body(carry, key):
            scores = session.reranker(pairs, key)
            return carry, scores

        _, samples = jax.lax.scan(body, None, keys)
        return samples


def main():
    pairs = jnp.ones((3, 10))  # query/candidate feature pairs for 3 fuzzy matches
    reranker = Reranker(10, nnx.Rngs(params=0))
    service = TMService(reranker, ["patents-ja", "subtitles-es"])
    return service.match_uncertainty("patents-ja", pairs)

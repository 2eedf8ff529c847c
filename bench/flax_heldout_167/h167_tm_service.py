# label: same-values
# flax-error: none
# class: 4 a SegmentEncoder bound with rngs, held by a Session in the TranslationMemoryService pool; the while_loop body calls session.encoder.perturb, which calls self.make_rng
"""Translation memory service: fuzzy-match lookups that probe the memory with
perturbed query embeddings, one session per client in a pool."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class SegmentEncoder(nn.Module):
    dim: int = 8
    sigma: float = 0.2

    @nn.compact
    def __call__(self, segment):
        return nn.LayerNorm()(nn.Dense(self.dim)(segment))

    def perturb(self, segment, key=None):
        key = self.make_rng("noise") if key is None else key
        return self(segment + self.sigma * jax.random.normal(key, segment.shape))


class Session:
    def __init__(self, client, encoder, variables, seed):
        self.client = client
        self.encoder = encoder.bind(variables, rngs={"noise": jax.random.key(seed)})


class TranslationMemoryService:
    def __init__(self, encoder, variables, memory, clients):
        self.memory = memory
        self.pool = {c: Session(c, encoder, variables, seed=i) for i, c in enumerate(clients)}

    def fuzzy_probe(self, client, query, n_probes=4):
        session = self.pool[client]
        memory_emb = session.encoder(self.memory)

        def cond(state):
            i, _ = state
            return i < n_probes

        def body(state):
            i, sims = state
            probe = session.encoder.perturb(query)
            return i + 1, sims.at[i].set(memory_emb @ probe)

        sims0 = jnp.zeros((n_probes, self.memory.shape[0]))
        _, sims = while_loop(cond, body, (0, sims0))
        return sims


def main():
    memory = jax.random.normal(jax.random.key(0), (6, 5))
    query = memory[2] + 0.1
    encoder = SegmentEncoder()
    variables = encoder.init(jax.random.key(1), query)
    service = TranslationMemoryService(encoder, variables, memory, ["legal-de", "medical-fr"])
    return service.fuzzy_probe("medical-fr", query)

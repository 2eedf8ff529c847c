# label: ok
# flax-error: none
# class: 4 service.pool.acquire(site).model (a session in the service's pool) runs its nnx.Dropout inside the scan body, with per-sample keys split from the session's Rngs stream before the loop
"""Wildlife camera-trap classification service: MC-dropout species uncertainty from a pool of model sessions."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SpeciesNet(nnx.Module):
    def __init__(self, din, n_species, rngs: nnx.Rngs):
        self.enc = nnx.Linear(din, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.head = nnx.Linear(24, n_species, rngs=rngs)

    def __call__(self, crops, rngs=None):
        return self.head(self.drop(nnx.relu(self.enc(crops)), rngs=rngs))


class Session:
    def __init__(self, seed):
        self.rngs = nnx.Rngs(params=seed, dropout=seed + 100)
        self.model = SpeciesNet(12, 5, self.rngs)


class SessionPool:
    def __init__(self, size=2):
        self.sessions = [Session(seed) for seed in range(size)]

    def acquire(self, site_id):
        return self.sessions[site_id % len(self.sessions)]


class TrapService:
    def __init__(self, pool, samples=6):
        self.pool = pool
        self.samples = samples

    def uncertainty(self, site_id, crops):
        session = self.pool.acquire(site_id)

        keys = jax.random.split(session.rngs.dropout(), self.samples)

        def body(carry, key):
            return carry, jax.nn.softmax(session.model(crops, rngs=key))

        _, probs = scan(body, 0, keys)
        return probs


def main():
    crops = jax.random.uniform(jax.random.key(3), (4, 12))
    service = TrapService(SessionPool())
    return service.uncertainty(site_id=7, crops=crops)

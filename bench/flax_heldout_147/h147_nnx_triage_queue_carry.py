# label: ok
# flax-error: none
# class: 4 TriageService builds a pool of Sessions in a functools.cached_property; score_queue picks one, splits session.model and the jax.lax.scan body merges the carried state, runs it and returns nnx.state; nnx.update writes it back after the loop
"""Emergency department triage: acuity scores for arrival batches, served from a session pool."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class AcuityNet(nnx.Module):
    def __init__(self, n_vitals: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_vitals, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, vitals):
        return nnx.sigmoid(self.head(nnx.relu(self.norm(self.embed(vitals)))))[..., 0]


class Session:
    def __init__(self, seed: int, n_vitals: int):
        self.model = AcuityNet(n_vitals, nnx.Rngs(seed))


class TriageService:
    def __init__(self, pool_size: int = 2, n_vitals: int = 5):
        self.pool_size = pool_size
        self.n_vitals = n_vitals

    @functools.cached_property
    def sessions(self):
        return [Session(seed, self.n_vitals) for seed in range(self.pool_size)]

    def session_for(self, ward: str) -> Session:
        return self.sessions[len(ward) % self.pool_size]

    def score_queue(self, ward, arrivals):  # [batches, patients, vitals]
        session = self.session_for(ward)
        graphdef, state = nnx.split(session.model)

        def body(carry, batch):
            backlog, state = carry
            model = nnx.merge(graphdef, state)
            acuity = model(batch)
            return (0.9 * backlog + acuity.mean(), nnx.state(model)), acuity

        (backlog, state), acuity = jax.lax.scan(body, (jnp.zeros(()), state), arrivals)
        nnx.update(session.model, state)
        return backlog, acuity


def main():
    arrivals = jnp.cos(jnp.arange(4 * 3 * 5, dtype=jnp.float32)).reshape(4, 3, 5)
    backlog, acuity = TriageService().score_queue("resus", arrivals)
    _ = float(backlog) + float(acuity.max())
    return None

# label: same-values
# flax-error: none
# class: 4 the EnsembleService's pool of MemberSessions each hold an nnx.split (graphdef, state) of a member with an nnx.Rngs "noise" stream; the scan body merges a copy of each session's fixed state per lead time
"""Typhoon track ensembles: a service keeps a pool of perturbed steering members and advances them together."""
import jax
import jax.numpy as jnp
from flax import nnx


class SteeringMember(nnx.Module):
    def __init__(self, seed, spread_km=40.0):
        rngs = nnx.Rngs(params=seed, noise=seed + 100)
        self.flow = nnx.Linear(2, 2, rngs=rngs)
        self.rngs = rngs
        self.spread_km = spread_km

    def __call__(self, position):
        perturbation = self.spread_km * jax.random.normal(self.rngs.noise(), (2,))
        return position + 0.01 * self.flow(position) + perturbation, perturbation


class MemberSession:
    def __init__(self, member):
        self.graphdef, self.state = nnx.split(member)

    def advance(self, position):
        member = nnx.merge(self.graphdef, self.state, copy=True)
        return member(position)


class EnsembleService:
    def __init__(self, seeds):
        self.pool = [MemberSession(SteeringMember(seed)) for seed in seeds]

    def _lead_time(self, positions, _):
        moved, perturbations = zip(*(session.advance(positions[i]) for i, session in enumerate(self.pool)))
        return jnp.stack(moved), jnp.stack(perturbations)

    def forecast(self, genesis, lead_times):
        start = jnp.broadcast_to(genesis, (len(self.pool), 2))
        _, perturbations = jax.lax.scan(self._lead_time, start, None, length=lead_times)
        return perturbations


def main():
    service = EnsembleService(seeds=[3, 5, 8, 13])
    return service.forecast(jnp.array([131.0, 17.5]), lead_times=8)

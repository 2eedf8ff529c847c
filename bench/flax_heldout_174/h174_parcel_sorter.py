# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "routed" in "/" because collection "routing_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 run_worker binds the chute router once into a local (model.bind(variables)) and the while_loop body calls it; the router bumps its "routing_state" collection
"""Parcel sorting hub: workers drain a job queue of scanned parcels.

Each worker pops parcels until its queue segment is empty and asks the chute router
which chute a parcel goes to; the router counts how many parcels it has routed.
"""
import collections

import jax
import jax.numpy as jnp
from flax import linen as nn

N_CHUTES = 5

Job = collections.namedtuple("Job", ["worker_id", "parcels"])


class ChuteRouter(nn.Module):
    @nn.compact
    def __call__(self, parcel):
        routed = self.variable("routing_state", "routed", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            routed.value = routed.value + 1
        return nn.Dense(N_CHUTES)(parcel)


def make_queue(key, n_workers, per_worker):
    keys = jax.random.split(key, n_workers)
    return collections.deque(
        Job(w, jax.random.normal(k, (per_worker, 7))) for w, k in enumerate(keys))


def run_worker(job, model, variables):
    router = model.bind(variables)

    def has_parcels(state):
        i, _ = state
        return i < job.parcels.shape[0]

    def sort_one(state):
        i, load = state
        chute = jnp.argmax(router(job.parcels[i]))
        return i + 1, load.at[chute].add(1)

    _, load = jax.lax.while_loop(has_parcels, sort_one, (0, jnp.zeros(N_CHUTES, jnp.int32)))
    return load


def main():
    model = ChuteRouter()
    queue = make_queue(jax.random.key(0), n_workers=2, per_worker=6)
    variables = model.init(jax.random.key(1), queue[0].parcels[0])
    loads = []
    while queue:
        loads.append(run_worker(queue.popleft(), model, variables))
    return None

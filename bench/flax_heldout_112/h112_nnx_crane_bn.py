# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the crane dispatcher's fori_loop body calls self.policy.score, which runs the policy's encoder (an nnx.Sequential with BatchNorm) held inside the policy adapter
"""Container port crane scheduling: which quay crane serves which vessel bay, move by move.

A PolicyAdapter wraps the trained network so that the dispatcher does not depend on its
layout; the dispatcher plans a shift as a fori_loop over container moves."""
import jax
import jax.numpy as jnp
from flax import nnx


class PolicyAdapter:
    def __init__(self, n_bays, n_cranes, *, rngs):
        self.encoder = nnx.Sequential(
            nnx.Linear(n_bays + n_cranes, 32, rngs=rngs),
            nnx.BatchNorm(32, rngs=rngs),
            nnx.relu,
        )
        self.head = nnx.Linear(32, n_cranes, rngs=rngs)

    def score(self, backlog, crane_load):
        feats = jnp.concatenate([backlog, crane_load])[None, :]
        return self.head(self.encoder(feats))[0]


class CraneDispatcher:
    def __init__(self, policy, n_bays, n_cranes):
        self.policy = policy
        self.n_bays = n_bays
        self.n_cranes = n_cranes

    def plan_shift(self, backlog0, n_moves):
        def move(i, carry):
            backlog, crane_load = carry
            crane = jnp.argmax(self.policy.score(backlog, crane_load))
            bay = jnp.argmax(backlog)
            backlog = backlog.at[bay].add(-1.0)
            crane_load = crane_load.at[crane].add(1.0)
            return backlog, crane_load

        return jax.lax.fori_loop(0, n_moves, move, (backlog0, jnp.zeros(self.n_cranes)))


def main():
    n_bays, n_cranes = 10, 3
    backlog0 = jnp.round(jax.random.uniform(jax.random.key(0), (n_bays,), maxval=20.0))
    policy = PolicyAdapter(n_bays, n_cranes, rngs=nnx.Rngs(0))
    dispatcher = CraneDispatcher(policy, n_bays, n_cranes)
    backlog, load = dispatcher.plan_shift(backlog0, n_moves=25)
    float(load.sum())
    return None

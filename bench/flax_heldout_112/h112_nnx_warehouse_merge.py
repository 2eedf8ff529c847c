# label: trace-context
# flax-error: TraceContextError: Cannot mutate CellVisits from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the route rollout calls nnx.merge(store.graphdef, store.state) on the graphdef and state stored in its policy store, inside the while_loop step, and the merged policy bumps its visit counters
"""Warehouse robot path planner: greedy rollout of a learned move policy on the floor grid.

The policy is kept split in a PolicyStore (graphdef + state) so that the fleet manager can
hot-swap weights; the policy also counts visits per cell (a Variable subclass) to discourage
robots from circling the same aisle."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

MOVES = jnp.array([[0, 1], [1, 0], [0, -1], [-1, 0]])


class CellVisits(nnx.Variable):
    """How often the policy has sent a robot through each cell."""


class MovePolicy(nnx.Module):
    def __init__(self, grid, *, rngs):
        self.grid = grid
        self.net = nnx.Linear(4, 4, rngs=rngs)
        self.visits = CellVisits(jnp.zeros((grid, grid)))

    def __call__(self, pos, goal):
        feats = jnp.concatenate([pos, goal]).astype(jnp.float32) / self.grid
        logits = self.net(feats)
        nxt = jnp.clip(pos[None, :] + MOVES, 0, self.grid - 1)
        dist = jnp.abs(nxt - goal[None, :]).sum(-1)
        penalty = self.visits[nxt[:, 0], nxt[:, 1]]
        move = jnp.argmin(dist - 0.1 * logits + 0.5 * penalty)
        self.visits[...] = self.visits[...].at[pos[0], pos[1]].add(1.0)
        return nxt[move]


class PolicyStore:
    def __init__(self, policy):
        self.graphdef, self.state = nnx.split(policy)


class RouteRollout:
    def __init__(self, store, max_steps=40):
        self.store = store
        self.max_steps = max_steps

    def run(self, start, goal):
        def running(carry):
            pos, steps = carry
            return jnp.logical_and(jnp.any(pos != goal), steps < self.max_steps)

        def step(carry):
            pos, steps = carry
            policy = nnx.merge(self.store.graphdef, self.store.state)
            return policy(pos, goal), steps + 1

        return lax.while_loop(running, step, (start, jnp.int32(0)))


def main():
    store = PolicyStore(MovePolicy(10, rngs=nnx.Rngs(0)))
    rollout = RouteRollout(store)
    pos, steps = rollout.run(jnp.array([0, 0]), jnp.array([7, 4]))
    int(steps)
    return None

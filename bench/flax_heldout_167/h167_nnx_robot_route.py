# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the RouteService holds a CompositeScorer whose PolicyNode child holds the PickPolicy (nnx.BatchNorm in training mode); the while_loop body calls service.scorer.score
"""Warehouse robotics planner: greedy route to a pick face, scored by a
composite of hand-written rules and a learned pick policy."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

MOVES = jnp.array([[1, 0], [-1, 0], [0, 1], [0, -1]], dtype=jnp.float32)


class PickPolicy(nnx.Module):
    def __init__(self, rngs):
        self.encode = nnx.Linear(4, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, obs):
        return self.head(nnx.relu(self.norm(self.encode(obs))))


class ScoreNode:
    def score(self, pos, goal):
        raise NotImplementedError


class DistanceRule(ScoreNode):
    def score(self, pos, goal):
        return -jnp.abs(pos[None, :] + MOVES - goal[None, :]).sum(-1)


class PolicyNode(ScoreNode):
    def __init__(self, policy):
        self.policy = policy

    def score(self, pos, goal):
        return self.policy(jnp.concatenate([pos, goal])[None, :])[0]


class CompositeScorer(ScoreNode):
    def __init__(self, children, weights):
        self.children, self.weights = children, weights

    def score(self, pos, goal):
        return sum(w * c.score(pos, goal) for c, w in zip(self.children, self.weights))


class RouteService:
    def __init__(self, scorer, max_steps=12):
        self.scorer, self.max_steps = scorer, max_steps

    def route(self, start, goal):
        def cond(state):
            step, pos = state
            return (step < self.max_steps) & jnp.any(pos != goal)

        def body(state):
            step, pos = state
            move = MOVES[jnp.argmax(self.scorer.score(pos, goal))]
            return step + 1, pos + move

        return lax.while_loop(cond, body, (0, start))


def main():
    policy = PickPolicy(nnx.Rngs(0))
    scorer = CompositeScorer([DistanceRule(), PolicyNode(policy)], [1.0, 0.1])
    service = RouteService(scorer)
    steps, pos = service.route(jnp.array([0.0, 0.0]), jnp.array([3.0, 2.0]))
    print(int(steps), pos)
    return None

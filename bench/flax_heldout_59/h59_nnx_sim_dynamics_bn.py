# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 planner -> environment -> dynamics model in train() mode; the scan body calls it, so BatchNorm writes its batch statistics
"""Model-predictive control in a learned simulator with an NNX dynamics model."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Dynamics(nnx.Module):
    def __init__(self, state_dim, action_dim, hidden, *, rngs):
        self.inp = nnx.Linear(state_dim + action_dim, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, state_dim, rngs=rngs)

    def __call__(self, s, a):
        h = nnx.swish(self.norm(self.inp(jnp.concatenate([s, a], -1))))
        return s + 0.1 * self.out(h)


class SimEnv:
    def __init__(self, dynamics):
        self.dynamics = dynamics

    def step(self, s, a):
        s2 = self.dynamics(s, a)
        return s2, -jnp.sum(s2 ** 2, -1)


class Planner:
    def __init__(self, env, horizon):
        self.env = env
        self.horizon = horizon

    def score(self, s0, action_seq):
        def body(s, a):
            return self.env.step(s, a)

        _, rewards = lax.scan(body, s0, action_seq)
        return rewards.sum(0)


def main():
    model = Dynamics(4, 2, 16, rngs=nnx.Rngs(0))
    model.train()  # the dynamics model is still being fitted between planning calls
    planner = Planner(SimEnv(model), horizon=8)
    s0 = jnp.ones((3, 4))
    actions = jax.random.normal(jax.random.key(1), (8, 3, 2))
    print(planner.score(s0, actions))
    return None

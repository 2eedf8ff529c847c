# label: ok
# flax-error: none
# class: 3 MPC service reaches an NNX dynamics ensemble (switched to eval mode before planning, Dropout off) through a planner object inside fori_loop
"""Model-predictive control service: a planner evaluates candidate action sequences by rolling
out a learned NNX dynamics model with a raw lax.fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class DynamicsModel(nnx.Module):
    def __init__(self, sdim, adim, rngs: nnx.Rngs):
        self.fc = nnx.Linear(sdim + adim, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(32, sdim, rngs=rngs)

    def __call__(self, s, a):
        h = self.drop(nnx.relu(self.fc(jnp.concatenate([s, a], -1))))
        return s + self.out(h)


class Planner:
    def __init__(self, dynamics, horizon):
        self.dynamics = dynamics
        self.horizon = horizon

    def cost(self, s0, actions):
        def body(t, carry):
            s, c = carry
            s = self.dynamics(s, actions[t])
            return s, c + jnp.sum(s ** 2, -1)

        _, c = jax.lax.fori_loop(0, self.horizon, body, (s0, jnp.zeros(s0.shape[0])))
        return c


class MPCService:
    def __init__(self, planner, n_candidates=8):
        self.planner = planner
        self.n = n_candidates

    def act(self, state, key):
        self.planner.dynamics.eval()
        cands = jax.random.normal(key, (self.planner.horizon, self.n, 2))
        s0 = jnp.broadcast_to(state, (self.n, state.shape[-1]))
        best = jnp.argmin(self.planner.cost(s0, cands))
        return cands[0, best]


def main():
    dyn = DynamicsModel(4, 2, nnx.Rngs(params=0, dropout=1))
    service = MPCService(Planner(dyn, horizon=5))
    service.act(jnp.ones(4), jax.random.key(2))
    return None

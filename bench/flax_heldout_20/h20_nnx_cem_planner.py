# label: trace-context
# flax-error: TraceContextError: Cannot mutate Belief from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the CEM fori_loop body calls _evaluate(), which merges the graphdef and state split in __init__ and writes the belief variable through observe()/imagine_step()
"""Cross-entropy-method planning with a learned recurrent dynamics model: candidate
action sequences are sampled around a Gaussian, scored by imagined return, and the
Gaussian is refit to the elites."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CEMConfig:
    obs_dim: int = 4
    act_dim: int = 2
    hidden: int = 16
    horizon: int = 5
    n_candidates: int = 24
    n_elites: int = 6
    iters: int = 3


class Belief(nnx.Variable):
    pass


class RecurrentDynamics(nnx.Module):
    def __init__(self, cfg: CEMConfig, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs)
        self.cell = nnx.GRUCell(cfg.act_dim, cfg.hidden, rngs=rngs)
        self.reward = nnx.Linear(cfg.hidden, 1, rngs=rngs)
        self.belief = Belief(jnp.zeros((cfg.n_candidates, cfg.hidden)))

    def observe(self, obs):
        self.belief[...] = jnp.broadcast_to(jnp.tanh(self.encoder(obs)), self.belief.shape)

    def imagine_step(self, action):
        h, _ = self.cell(self.belief[...], action)
        self.belief[...] = h
        return self.reward(h).squeeze(-1)


class CEMPlanner:
    def __init__(self, model: RecurrentDynamics, cfg: CEMConfig):
        self.cfg = cfg
        self.graphdef, self.state = nnx.split(model)

    def _evaluate(self, obs, plans):
        model = nnx.merge(self.graphdef, self.state)
        model.observe(obs)
        return sum(model.imagine_step(plans[t]) for t in range(self.cfg.horizon))

    def plan(self, obs, key):
        shape = (self.cfg.horizon, self.cfg.n_candidates, self.cfg.act_dim)

        def body(i, carry):
            mu, sigma, key = carry
            key, sub = jax.random.split(key)
            plans = jnp.clip(mu[:, None] + sigma[:, None] * jax.random.normal(sub, shape), -1, 1)
            elites = plans[:, jnp.argsort(-self._evaluate(obs, plans))[: self.cfg.n_elites]]
            return elites.mean(axis=1), elites.std(axis=1) + 1e-3, key

        mu0 = jnp.zeros((self.cfg.horizon, self.cfg.act_dim))
        mu, _, _ = jax.lax.fori_loop(0, self.cfg.iters, body, (mu0, jnp.ones_like(mu0), key))
        return mu[0]


def main():
    cfg = CEMConfig()
    planner = CEMPlanner(RecurrentDynamics(cfg, nnx.Rngs(0)), cfg)
    obs = jnp.array([0.1, -0.3, 0.5, 0.0])
    action = planner.plan(obs, jax.random.key(1))
    return None
